import Synchronization

/// A new random id in UUID form (`8-4-4-4-12` uppercase hex, version 4, RFC 4122 variant), the same
/// text as Foundation's `UUID().uuidString`, for the ids a tap makes (its entry event, its audit
/// line, its MQTT event).
///
/// Why not `UUID()`: on Linux it asks the kernel for fresh random bytes on every call, about 10 µs,
/// and a tap made two or three (a sixth of what the audit line adds to a tap's commit). These ids
/// must be unique, never secret: 122 bits from xoshiro256** seeded once per process from the
/// system's generator collide no more often than `UUID()`'s.
public enum RandomId {
    private static let generator = Mutex(Xoshiro256StarStar(seededBy: SystemRandomNumberGenerator()))

    public static func make() -> String {
        var (high, low) = generator.withLock { ($0.next(), $0.next()) }
        high = high & ~0xF000 | 0x4000  // version 4 (random): the 13th hex digit
        low = low & 0x3FFF_FFFF_FFFF_FFFF | 0x8000_0000_0000_0000  // the RFC 4122 variant: the 17th's top bits
        return String(unsafeUninitializedCapacity: 36) { text in
            var at = 0
            for nibble in 0..<32 {
                if nibble == 8 || nibble == 12 || nibble == 16 || nibble == 20 {
                    text[at] = UInt8(ascii: "-")
                    at += 1
                }
                let word = nibble < 16 ? high : low
                text[at] = hexDigits[Int(word >> UInt64(60 - 4 * (nibble % 16)) & 0xF)]
                at += 1
            }
            return at
        }
    }

    private static let hexDigits: [UInt8] = Array("0123456789ABCDEF".utf8)
}

/// xoshiro256** (Blackman and Vigna): fast, 256 bits of state, not for secrets.
struct Xoshiro256StarStar: RandomNumberGenerator {
    private var state: (UInt64, UInt64, UInt64, UInt64)

    init<Seed: RandomNumberGenerator>(seededBy seed: Seed) {
        var seed = seed
        state = (seed.next(), seed.next(), seed.next(), seed.next())
        // An all-zero state would only ever give zeros.
        if state == (0, 0, 0, 0) { state.0 = 0x9E37_79B9_7F4A_7C15 }
    }

    mutating func next() -> UInt64 {
        let result = rotate(state.1 &* 5, 7) &* 9
        let shifted = state.1 << 17
        state.2 ^= state.0
        state.3 ^= state.1
        state.1 ^= state.2
        state.0 ^= state.3
        state.2 ^= shifted
        state.3 = rotate(state.3, 45)
        return result
    }

    private func rotate(_ value: UInt64, _ count: UInt64) -> UInt64 { value << count | value >> (64 - count) }
}

extension IdSource {
    /// The source every decision the store and `Club` run is handed: `RandomId`'s ids.
    package static let random = IdSource { RandomId.make() }
}
