import Foundation

/// SQLite's BINARY order of UTF-8 bytes, by memcmp (the generic sequence comparisons were a
/// tenth of an export's time).
enum ByteOrder {
    static func compare(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int32 {
        let common = min(a.count, b.count)
        if common > 0, let x = a.baseAddress, let y = b.baseAddress {
            let order = memcmp(x, y, common)
            if order != 0 { return order }
        }
        return a.count == b.count ? 0 : (a.count < b.count ? -1 : 1)
    }

    static func compare(_ a: [UInt8], _ b: UnsafeBufferPointer<UInt8>) -> Int32 {
        a.withUnsafeBufferPointer { compare($0, b) }
    }
}
