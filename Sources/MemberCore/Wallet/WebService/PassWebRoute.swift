import Foundation

/// One request to Apple's pass web service (Wallet Passes Web Service Reference), read from its
/// method, path and query alone: the one parser of what a device may ask, so the server and the
/// fuzz target (`PassWebRequest`) judge a request alike. Paths start with the service URL's path
/// (`[wallet.service] url`'s, "/" for none), which a proxy may keep.
public enum PassWebRoute: Sendable, Equatable {
    /// `POST /v1/devices/{device}/registrations/{passTypeIdentifier}/{serialNumber}`
    case register(PassWebRegistrationKey)
    /// `DELETE` the same path.
    case unregister(PassWebRegistrationKey)
    /// `GET /v1/devices/{device}/registrations/{passTypeIdentifier}[?passesUpdatedSince=tag]`
    case serials(device: String, passTypeId: String, since: Int?)
    /// `GET /v1/passes/{passTypeIdentifier}/{serialNumber}`
    case latestPass(passTypeId: String, serialNumber: String)
    /// `POST /v1/log`
    case log

    /// Why a request names no route: each an HTTP status of its own.
    public enum Problem: Error, Sendable, Equatable {
        /// No such resource (404).
        case notFound
        /// A known path with another method (405).
        case methodNotAllowed(allowed: String)
        /// A path or query that cannot be read: bad escapes, control characters, too long (400).
        case malformed(String)
    }

    /// Longest identifier taken (device ids are 32 hex digits, pass type ids reverse DNS, serials member ids).
    public static let identifierLimit = 256
    /// Longest path taken, in bytes, before any of it is read.
    public static let pathLimit = 2048

    /// `path` raw as it came (percent-escapes undone here), without its query; `query` raw too.
    public static func parse(method: String, path: String, query: String?, prefix: String = "/") -> Result<PassWebRoute, Problem> {
        guard path.utf8.count <= pathLimit, (query?.utf8.count ?? 0) <= pathLimit else { return .failure(.malformed("the path is too long")) }
        let base = prefix.hasSuffix("/") ? prefix : prefix + "/"
        guard path.hasPrefix(base) else { return .failure(.notFound) }
        let raw = path.dropFirst(base.count).split(separator: "/", omittingEmptySubsequences: false)
        var segments: [String] = []
        for part in raw {
            guard let segment = identifier(part) else { return .failure(.malformed("a path segment is not a readable identifier")) }
            segments.append(segment)
        }
        guard segments.first == "v1" else { return .failure(.notFound) }
        let rest = Array(segments.dropFirst())
        switch rest.count {
        case 1 where rest[0] == "log":
            return method == "POST" ? .success(.log) : .failure(.methodNotAllowed(allowed: "POST"))
        case 3 where rest[0] == "passes":
            return method == "GET" ? .success(.latestPass(passTypeId: rest[1], serialNumber: rest[2])) : .failure(.methodNotAllowed(allowed: "GET"))
        case 4 where rest[0] == "devices" && rest[2] == "registrations":
            guard method == "GET" else { return .failure(.methodNotAllowed(allowed: "GET")) }
            switch since(query) {
            case .success(let tag): return .success(.serials(device: rest[1], passTypeId: rest[3], since: tag))
            case .failure(let problem): return .failure(problem)
            }
        case 5 where rest[0] == "devices" && rest[2] == "registrations":
            let key = PassWebRegistrationKey(device: rest[1], passTypeId: rest[3], serialNumber: rest[4])
            switch method {
            case "POST": return .success(.register(key))
            case "DELETE": return .success(.unregister(key))
            default: return .failure(.methodNotAllowed(allowed: "POST, DELETE"))
            }
        default:
            return .failure(.notFound)
        }
    }

    /// A path segment with its escapes undone: non-empty, at most `identifierLimit` bytes, no control character.
    static func identifier(_ part: Substring) -> String? {
        guard !part.isEmpty, part.utf8.count <= identifierLimit * 3,
              let decoded = String(part).removingPercentEncoding, !decoded.isEmpty, decoded.utf8.count <= identifierLimit,
              !decoded.unicodeScalars.contains(where: { $0.properties.generalCategory == .control || $0 == "/" })
        else { return nil }
        return decoded
    }

    /// `passesUpdatedSince` from the query: a tag this service gave out (a decimal number), or none.
    static func since(_ query: String?) -> Result<Int?, Problem> {
        guard let query, !query.isEmpty else { return .success(nil) }
        var tag: Int?
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts[0] == "passesUpdatedSince" else { continue }
            let value = parts.count > 1 ? String(parts[1]) : ""
            if value.isEmpty { continue }
            guard value.utf8.count <= 18, value.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let number = Int(value) else {
                return .failure(.malformed("passesUpdatedSince is not a tag this service gave"))
            }
            tag = number
        }
        return .success(tag)
    }
}

/// A device's registration for one pass, as the path names it.
public struct PassWebRegistrationKey: Sendable, Hashable {
    public var device: String
    public var passTypeId: String
    public var serialNumber: String

    public init(device: String, passTypeId: String, serialNumber: String) {
        self.device = device
        self.passTypeId = passTypeId
        self.serialNumber = serialNumber
    }
}
