import Foundation

/// Where the broker is, from `mqtt.url`: `mqtt://host[:1883]` or `mqtts://host[:8883]`.
public struct BrokerAddress: Sendable, Equatable, CustomStringConvertible {
    public var host: String
    public var port: Int
    public var tls: Bool

    public init(host: String, port: Int, tls: Bool) {
        self.host = host
        self.port = port
        self.tls = tls
    }

    /// Parses `mqtt.url`; a user or password in the URL is refused (the password belongs in `password_file`).
    public static func parse(_ url: String) throws(MQTTConfigError) -> BrokerAddress {
        let text = url.trimmingCharacters(in: .whitespaces)
        guard let schemeEnd = text.range(of: "://") else {
            throw MQTTConfigError("mqtt.url '\(url)' must start with mqtt:// or mqtts://")
        }
        let scheme = text[..<schemeEnd.lowerBound].lowercased()
        let tls: Bool
        switch scheme {
        case "mqtt", "tcp": tls = false
        case "mqtts", "ssl": tls = true
        default: throw MQTTConfigError("mqtt.url '\(url)': unknown scheme '\(scheme)' (use mqtt:// or mqtts://)")
        }
        var rest = text[schemeEnd.upperBound...]
        if rest.hasSuffix("/") { rest = rest.dropLast() }
        guard !rest.contains("@") else {
            throw MQTTConfigError("mqtt.url must not hold a user or password: use mqtt.username and mqtt.password_file")
        }
        guard !rest.contains("/"), !rest.contains("?"), !rest.contains("#") else {
            throw MQTTConfigError("mqtt.url '\(url)' must be only scheme://host[:port]")
        }
        var host = Substring(rest)
        var portText: Substring?
        if host.hasPrefix("[") {  // [IPv6]:port
            guard let close = host.firstIndex(of: "]") else { throw MQTTConfigError("mqtt.url '\(url)': unclosed [") }
            let after = host[host.index(after: close)...]
            if after.hasPrefix(":") { portText = after.dropFirst() } else if !after.isEmpty {
                throw MQTTConfigError("mqtt.url '\(url)': unexpected text after ]")
            }
            host = host[host.index(after: host.startIndex)..<close]
        } else if let colon = host.lastIndex(of: ":") {
            portText = host[host.index(after: colon)...]
            host = host[..<colon]
        }
        guard !host.isEmpty, host.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-._:".contains($0)) }) else {
            throw MQTTConfigError("mqtt.url '\(url)': no valid host name")
        }
        var port = tls ? 8883 : 1883
        if let portText {
            guard let number = Int(portText), (1...65535).contains(number) else {
                throw MQTTConfigError("mqtt.url '\(url)': the port must be a number from 1 to 65535")
            }
            port = number
        }
        return BrokerAddress(host: String(host), port: port, tls: tls)
    }

    public var description: String {
        let shownHost = host.contains(":") ? "[\(host)]" : host
        return "\(tls ? "mqtts" : "mqtt")://\(shownHost):\(port)"
    }
}

/// A setting that keeps MQTT from starting: one line naming the key.
public struct MQTTConfigError: Error, Sendable, Equatable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
