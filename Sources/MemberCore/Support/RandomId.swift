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
        let (high, low) = generator.withLock { ($0.next(), $0.next()) }
        var bytes = [UInt8](repeating: 0, count: 16)
        for index in 0..<8 {
            bytes[index] = UInt8(truncatingIfNeeded: high >> (56 - 8 * index))
            bytes[8 + index] = UInt8(truncatingIfNeeded: low >> (56 - 8 * index))
        }
        bytes[6] = bytes[6] & 0x0F | 0x40  // version 4: random
        bytes[8] = bytes[8] & 0x3F | 0x80  // the RFC 4122 variant
        let digits = Array("0123456789ABCDEF".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(36)
        for (index, byte) in bytes.enumerated() {
            if index == 4 || index == 6 || index == 8 || index == 10 { text.append(UInt8(ascii: "-")) }
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
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
