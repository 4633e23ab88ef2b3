import MemberKit

/// A beacon's identity in fixed-size form: hashing and comparing it allocates nothing.
/// The readable `BeaconIdentity` (with Strings) is built from it only when an event needs it.
public struct BeaconKey: Hashable, Sendable {
    public enum Kind: UInt8, Sendable {
        case iBeacon, altBeacon, eddystoneUID, eddystoneURL
    }

    public var kind: Kind
    /// iBeacon/AltBeacon: the 16-byte UUID; Eddystone-UID: namespace (10) + instance (6);
    /// Eddystone-URL: scheme byte + the first 15 encoded bytes. Big-endian (first byte highest).
    public var high: UInt64
    public var low: UInt64
    /// iBeacon/AltBeacon: major << 16 | minor; Eddystone-URL: encoded bytes 16-17 << 8 | encoded length.
    public var extra: UInt32

    public init(kind: Kind, high: UInt64, low: UInt64, extra: UInt32) {
        self.kind = kind
        self.high = high
        self.low = low
        self.extra = extra
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(high)
        hasher.combine(low)
        hasher.combine(extra &* 4 &+ UInt32(kind.rawValue))
    }

    public static func == (a: Self, b: Self) -> Bool {
        a.high == b.high && a.low == b.low && a.extra == b.extra && a.kind == b.kind
    }

    /// The 16 id bytes, first byte first.
    var idBytes: [UInt8] {
        (0..<8).map { UInt8(truncatingIfNeeded: high >> (56 - UInt64($0) * 8)) }
            + (0..<8).map { UInt8(truncatingIfNeeded: low >> (56 - UInt64($0) * 8)) }
    }

    /// The readable identity, as events and the CLI show it.
    public var identity: BeaconIdentity {
        let bytes = idBytes
        switch kind {
        case .iBeacon, .altBeacon:
            return BeaconIdentity(kind: kind == .iBeacon ? .iBeacon : .altBeacon,
                                  uuid: Self.uuidString(bytes),
                                  major: UInt16(truncatingIfNeeded: extra >> 16),
                                  minor: UInt16(truncatingIfNeeded: extra))
        case .eddystoneUID:
            return BeaconIdentity(kind: .eddystoneUID, uuid: Hex.string(bytes[0..<10]),
                                  instance: Hex.string(bytes[10..<16]))
        case .eddystoneURL:
            let length = Int(extra & 0xFF)
            var encoded = Array(bytes[1...])
            encoded += [UInt8(truncatingIfNeeded: extra >> 16), UInt8(truncatingIfNeeded: extra >> 8)]
            let url = EddystoneURL.decode(scheme: bytes[0], encoded: encoded.prefix(length)) ?? ""
            return BeaconIdentity(kind: .eddystoneURL, url: url)
        }
    }

    /// Uppercase and hyphenated, as Apple prints a proximity UUID.
    static func uuidString(_ bytes: [UInt8]) -> String {
        let hex = Hex.string(bytes, uppercase: true)
        var text = ""
        text.reserveCapacity(36)
        for (index, character) in hex.enumerated() {
            if index == 8 || index == 12 || index == 16 || index == 20 { text.append("-") }
            text.append(character)
        }
        return text
    }
}

/// Eddystone-URL's compressed form: a scheme byte, then text where 0x00-0x0D stand for common endings.
enum EddystoneURL {
    static let schemes = ["http://www.", "https://www.", "http://", "https://"]
    static let expansions = [".com/", ".org/", ".edu/", ".net/", ".info/", ".biz/", ".gov/",
                             ".com", ".org", ".edu", ".net", ".info", ".biz", ".gov"]

    /// True when every byte is an expansion code or printable ASCII (the spec reserves the rest).
    static func isValid(scheme: UInt8, encoded: UnsafeRawBufferPointer) -> Bool {
        guard scheme < 4 else { return false }
        for byte in encoded where !(byte <= 0x0D || (byte > 0x20 && byte < 0x7F)) { return false }
        return true
    }

    static func decode<C: Collection<UInt8>>(scheme: UInt8, encoded: C) -> String? {
        guard scheme < 4 else { return nil }
        var text = schemes[Int(scheme)]
        for byte in encoded {
            if byte <= 0x0D {
                text += expansions[Int(byte)]
            } else if byte > 0x20 && byte < 0x7F {
                text.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                return nil
            }
        }
        return text
    }
}
