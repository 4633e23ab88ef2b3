import MemberKit

extension BeaconIdentity.Kind {
    /// The name people use for the format.
    public var displayName: String {
        switch self {
        case .iBeacon: return "iBeacon"
        case .altBeacon: return "AltBeacon"
        case .eddystoneUID: return "Eddystone-UID"
        case .eddystoneURL: return "Eddystone-URL"
        }
    }
}

extension BeaconIdentity {
    /// The identity without the format's name: "UUID major/minor", "namespace/instance" or the URL.
    public var idText: String {
        switch kind {
        case .iBeacon, .altBeacon: return "\(uuid ?? "?") \(major ?? 0)/\(minor ?? 0)"
        case .eddystoneUID: return "\(uuid ?? "?")/\(instance ?? "?")"
        case .eddystoneURL: return url ?? "?"
        }
    }

    /// One line: the format, then the identity.
    public var displayText: String { "\(kind.displayName) \(idText)" }
}
