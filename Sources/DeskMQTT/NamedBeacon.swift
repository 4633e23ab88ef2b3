import MemberKit

/// A beacon the region list names: only these get `<prefix>/beacon/<id>` topics and a Home
/// Assistant presence sensor, never every phone that passes.
public struct NamedBeacon: Sendable, Equatable {
    /// The region's identifier as one topic level.
    public var id: String
    public var name: String
    /// Proximity UUID (uppercase); nil major or minor matches any.
    public var uuid: String
    public var major: UInt16?
    public var minor: UInt16?

    public init(id: String, name: String, uuid: String, major: UInt16? = nil, minor: UInt16? = nil) {
        self.id = id
        self.name = name
        self.uuid = uuid.uppercased()
        self.major = major
        self.minor = minor
    }

    public func matches(_ identity: BeaconIdentity) -> Bool {
        guard let beaconUUID = identity.uuid, beaconUUID.uppercased() == uuid else { return false }
        if let major, identity.major != major { return false }
        if let minor, identity.minor != minor { return false }
        return true
    }

    /// A region identifier as one topic level: no `/`, `+`, `#`, kept readable.
    public static func topicLevel(_ identifier: String) -> String {
        let kept = identifier.unicodeScalars.map { scalar -> String in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "-_.".unicodeScalars.contains(scalar))
                ? String(scalar) : "_"
        }.joined()
        return kept.isEmpty ? "_" : kept
    }
}
