import Foundation

/// DEFLATE (RFC 1951) decoding, after zlib's `puff.c`: enough to read a browser's PNG
/// screenshot without linking zlib into the tests.
public enum Inflate {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// Decodes a zlib stream (RFC 1950): a 2-byte header, deflate data, an Adler-32 not checked.
    public static func zlib(_ data: [UInt8]) throws -> [UInt8] {
        guard data.count >= 2, (UInt16(data[0]) << 8 | UInt16(data[1])) % 31 == 0, data[0] & 0x0F == 8 else {
            throw Failure(description: "not a zlib stream")
        }
        return try raw(Array(data[2...]))
    }

    private struct Huffman {
        var count = [Int](repeating: 0, count: 16)
        var symbol: [Int]

        init(lengths: ArraySlice<Int>) {
            symbol = [Int](repeating: 0, count: lengths.count)
            for length in lengths { count[length] += 1 }
            var offsets = [Int](repeating: 0, count: 16)
            for length in 1..<15 { offsets[length + 1] = offsets[length] + count[length] }
            count[0] = 0
            for (symbolValue, length) in lengths.enumerated() where length != 0 {
                symbol[offsets[length]] = symbolValue
                offsets[length] += 1
            }
        }
    }

    private struct Bits {
        let data: [UInt8]
        var position = 0
        var buffer = 0
        var available = 0

        mutating func take(_ need: Int) throws -> Int {
            while available < need {
                guard position < data.count else { throw Failure(description: "deflate data ends early") }
                buffer |= Int(data[position]) << available
                position += 1
                available += 8
            }
            let value = buffer & ((1 << need) - 1)
            buffer >>= need
            available -= need
            return value
        }

        mutating func decode(_ table: Huffman) throws -> Int {
            var code = 0, first = 0, index = 0
            for length in 1...15 {
                code |= try take(1)
                let count = table.count[length]
                if code - count < first { return table.symbol[index + (code - first)] }
                index += count
                first += count
                first <<= 1
                code <<= 1
            }
            throw Failure(description: "bad Huffman code")
        }
    }

    static let lengthBase = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
    static let lengthExtra = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    static let distanceBase = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073,
                               4097, 6145, 8193, 12289, 16385, 24577]
    static let distanceExtra = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]
    static let codeLengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    /// Decodes raw deflate data.
    public static func raw(_ data: [UInt8]) throws -> [UInt8] {
        var bits = Bits(data: data)
        var out: [UInt8] = []
        out.reserveCapacity(data.count * 4)
        let fixedLengths = (0..<288).map { $0 < 144 ? 8 : $0 < 256 ? 9 : $0 < 280 ? 7 : 8 }
        let fixed = (Huffman(lengths: fixedLengths[...]), Huffman(lengths: [Int](repeating: 5, count: 30)[...]))
        var last = 0
        repeat {
            last = try bits.take(1)
            switch try bits.take(2) {
            case 0:
                bits.buffer = 0
                bits.available = 0
                guard bits.position + 4 <= data.count else { throw Failure(description: "stored block ends early") }
                let length = Int(data[bits.position]) | Int(data[bits.position + 1]) << 8
                bits.position += 4
                guard bits.position + length <= data.count else { throw Failure(description: "stored block ends early") }
                out += data[bits.position..<(bits.position + length)]
                bits.position += length
            case 1:
                try codes(&bits, &out, fixed.0, fixed.1)
            case 2:
                let literals = try bits.take(5) + 257, distances = try bits.take(5) + 1, codeLengths = try bits.take(4) + 4
                var lengths = [Int](repeating: 0, count: 19)
                for index in 0..<codeLengths { lengths[codeLengthOrder[index]] = try bits.take(3) }
                let lengthCode = Huffman(lengths: lengths[...])
                var all: [Int] = []
                while all.count < literals + distances {
                    let symbol = try bits.decode(lengthCode)
                    switch symbol {
                    case 0..<16: all.append(symbol)
                    case 16:
                        guard let previous = all.last else { throw Failure(description: "repeat with no length") }
                        all += [Int](repeating: previous, count: 3 + (try bits.take(2)))
                    case 17: all += [Int](repeating: 0, count: 3 + (try bits.take(3)))
                    default: all += [Int](repeating: 0, count: 11 + (try bits.take(7)))
                    }
                }
                guard all.count == literals + distances else { throw Failure(description: "too many lengths") }
                try codes(&bits, &out, Huffman(lengths: all[0..<literals]), Huffman(lengths: all[literals...]))
            default:
                throw Failure(description: "bad block type")
            }
        } while last == 0
        return out
    }

    private static func codes(_ bits: inout Bits, _ out: inout [UInt8], _ literal: Huffman, _ distance: Huffman) throws {
        while true {
            let symbol = try bits.decode(literal)
            if symbol < 256 {
                out.append(UInt8(symbol))
            } else if symbol == 256 {
                return
            } else {
                let index = symbol - 257
                guard index < lengthBase.count else { throw Failure(description: "bad length symbol") }
                let length = lengthBase[index] + (try bits.take(lengthExtra[index]))
                let distanceSymbol = try bits.decode(distance)
                guard distanceSymbol < distanceBase.count else { throw Failure(description: "bad distance symbol") }
                let back = distanceBase[distanceSymbol] + (try bits.take(distanceExtra[distanceSymbol]))
                guard back <= out.count else { throw Failure(description: "distance too far back") }
                let start = out.count - back
                for offset in 0..<length { out.append(out[start + offset]) }
            }
        }
    }
}
