import DeskSettings
import Foundation
import MemberKit

/// `[mqtt]` resolved for one desk: the broker, the topics, and the defaults that depend on the
/// terminal (client id, topic prefix). The password is read when connecting, not here, so a
/// password file fixed while the desk runs is picked up at the next attempt.
public struct MQTTSettings: Sendable, Equatable {
    public var broker: BrokerAddress
    public var username: String
    public var passwordFile: String
    public var caFile: String
    public var clientId: String
    public var prefix: String
    public var retainState: Bool
    public var discovery: Bool
    public var discoveryPrefix: String
    public var includeNames: Bool
    public var outboxMax: Int
    /// nil when `mqtt.door` is off.
    public var doorTopic: String?
    public var doorPayload: String
    public var scriptTopics: [String]
    public var terminal: TerminalIdentity
    /// Seconds between the broker's keep-alive pings.
    public var keepAlive: Int = 30
    /// A broker that accepts the connection but sends no CONNACK within this is given up (seconds).
    public var connectTimeout: TimeInterval = 10
    /// A published event not acknowledged within this ends the connection (seconds).
    public var ackTimeout: TimeInterval = 30
    /// Retry delays after a failure: doubling from the first to the second (seconds).
    public var retryDelay: ClosedRange<TimeInterval> = 1...60

    public var statusTopic: String { prefix + "/status" }
    public var homeAssistantStatusTopic: String { discoveryPrefix + "/status" }
    public func topic(_ name: String) -> String { prefix + "/" + name }

    public static func resolve(_ config: DeskConfig.MQTT, terminal: TerminalIdentity) throws(MQTTConfigError) -> MQTTSettings {
        let broker = try BrokerAddress.parse(config.url)
        let prefix = config.topicPrefix.isEmpty ? "memberdesk/" + TopicText.slug(terminal.name) : config.topicPrefix
        guard TopicText.isPublishable(prefix), !prefix.hasSuffix("/"), !prefix.hasPrefix("$") else {
            throw MQTTConfigError("mqtt.topic_prefix '\(prefix)' is not a topic (no + or #, no trailing /, not $...)")
        }
        guard TopicText.isPublishable(config.discoveryPrefix) else {
            throw MQTTConfigError("mqtt.discovery_prefix '\(config.discoveryPrefix)' is not a topic")
        }
        let doorTopic = config.doorTopic.isEmpty ? prefix + "/door" : config.doorTopic
        guard TopicText.isPublishable(doorTopic) else { throw MQTTConfigError("mqtt.door_topic '\(doorTopic)' is not a topic") }
        for filter in config.scriptTopics where filter.isEmpty || filter.contains("\0") {
            throw MQTTConfigError("mqtt.script_topics: '\(filter)' is not a topic filter")
        }
        if !config.passwordFile.isEmpty, config.username.isEmpty {
            throw MQTTConfigError("mqtt.password_file needs mqtt.username")
        }
        let clientId = config.clientId.isEmpty ? "memberdesk-" + terminal.id : config.clientId
        guard clientId.utf8.count <= 65535 else { throw MQTTConfigError("mqtt.client_id is too long") }
        return MQTTSettings(
            broker: broker, username: config.username, passwordFile: config.passwordFile, caFile: config.caFile,
            clientId: clientId, prefix: prefix, retainState: config.retainState, discovery: config.discovery,
            discoveryPrefix: config.discoveryPrefix, includeNames: config.includeNames, outboxMax: Int(config.outboxMax),
            doorTopic: config.door ? doorTopic : nil, doorPayload: config.doorPayload, scriptTopics: config.scriptTopics,
            terminal: terminal)
    }

    /// The secrets and files a connection needs, read now: each failure is one line naming the file.
    func credentials() throws(MQTTFailure) -> MQTTCredentials {
        var password: String?
        if !passwordFile.isEmpty {
            guard let data = FileManager.default.contents(atPath: passwordFile) else {
                throw MQTTFailure("cannot read mqtt.password_file \(passwordFile): \(Self.reason(passwordFile))")
            }
            let text = String(decoding: data, as: UTF8.self)
            password = String(text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
                .trimmingCharacters(in: CharacterSet(charactersIn: "\r"))
        }
        if broker.tls, !caFile.isEmpty {
            guard let data = FileManager.default.contents(atPath: caFile) else {
                throw MQTTFailure("cannot read mqtt.ca_file \(caFile): \(Self.reason(caFile))")
            }
            guard String(decoding: data, as: UTF8.self).contains("-----BEGIN CERTIFICATE-----") else {
                throw MQTTFailure("mqtt.ca_file \(caFile) is not a PEM certificate")
            }
        }
        return MQTTCredentials(username: username.isEmpty ? nil : username, password: password,
                               caFile: caFile.isEmpty ? nil : caFile)
    }

    private static func reason(_ path: String) -> String {
        if access(path, F_OK) != 0 { return "no such file" }
        if access(path, R_OK) != 0 { return "permission denied" }
        return "not a readable file"
    }
}

public struct MQTTCredentials: Sendable, Equatable {
    public var username: String?
    public var password: String?
    public var caFile: String?

    public init(username: String? = nil, password: String? = nil, caFile: String? = nil) {
        self.username = username
        self.password = password
        self.caFile = caFile
    }
}

/// Why the broker could not be reached or used: one line for the event log and `mqtt status`.
public struct MQTTFailure: Error, Sendable, Equatable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
