import Foundation

/// A small JSON parser over a `ByteReader`: parses one value at a time, so a .musrl file is
/// read element by element. Numbers follow Foundation's JSONDecoder (an integral number is an
/// Int) where writing the value back gives the text read, and are kept as written otherwise
/// (`JSONValue.number`); strings must be valid UTF-8, and nesting is bounded so that no input
/// exhausts the stack.
struct JSONStreamParser {
    let reader: ByteReader
    static let maximumDepth = 64
    private var scratch: [UInt8] = []

    init(reader: ByteReader) {
        self.reader = reader
        scratch.reserveCapacity(256)
    }

    func fail(_ message: String) -> ByteReadError {
        ByteReadError(line: reader.line, message: message)
    }

    /// Skips whitespace and returns the next byte without consuming it.
    mutating func peekToken() throws -> UInt8? {
        while let byte = try reader.peek() {
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D: _ = try reader.next()
            default: return byte
            }
        }
        return nil
    }

    mutating func expect(_ byte: UInt8, _ what: String) throws {
        guard try peekToken() == byte else { throw fail("expected \(what)\(try foundText())") }
        _ = try reader.next()
    }

    /// ", found X" for error messages.
    func foundText() throws -> String {
        guard let byte = try reader.peek() else { return ", found the end of the file" }
        if byte >= 0x20 && byte < 0x7F { return ", found '\(Character(UnicodeScalar(byte)))'" }
        return String(format: ", found byte 0x%02X", byte)
    }

    mutating func parseValue(depth: Int = 0) throws -> JSONValue {
        guard depth < Self.maximumDepth else { throw fail("JSON nested more than \(Self.maximumDepth) levels deep") }
        guard let byte = try peekToken() else { throw fail("expected a JSON value, found the end of the file") }
        switch byte {
        case UInt8(ascii: "{"): return .object(try parseObject(depth: depth))
        case UInt8(ascii: "["):
            _ = try reader.next()
            var items: [JSONValue] = []
            if try peekToken() == UInt8(ascii: "]") { _ = try reader.next(); return .array(items) }
            while true {
                items.append(try parseValue(depth: depth + 1))
                guard let next = try peekToken() else { throw fail("unterminated JSON array") }
                _ = try reader.next()
                if next == UInt8(ascii: "]") { return .array(items) }
                guard next == UInt8(ascii: ",") else { throw fail("expected ',' or ']' in a JSON array") }
            }
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw fail("not JSON: expected a value\(try foundText())")
        }
    }

    /// Parses `{...}`, keeping the keys in file order (the last of a repeated key wins, as in Foundation).
    mutating func parseObject(depth: Int) throws -> [String: JSONValue] {
        try expect(UInt8(ascii: "{"), "'{'")
        var object: [String: JSONValue] = [:]
        if try peekToken() == UInt8(ascii: "}") { _ = try reader.next(); return object }
        // Room for a member's details or a hold at once, rather than three regrowths on the way.
        object.reserveCapacity(8)
        while true {
            guard try peekToken() == UInt8(ascii: "\"") else { throw fail("expected a key in a JSON object\(try foundText())") }
            let key = try parseString()
            try expect(UInt8(ascii: ":"), "':' after a key")
            object[key] = try parseValue(depth: depth + 1)
            guard let next = try peekToken() else { throw fail("unterminated JSON object") }
            _ = try reader.next()
            if next == UInt8(ascii: "}") { return object }
            guard next == UInt8(ascii: ",") else { throw fail("expected ',' or '}' in a JSON object") }
        }
    }

    private mutating func literal(_ word: StaticString) throws {
        let bytes = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        for expected in bytes {
            guard try reader.next() == expected else { throw fail("not JSON: expected '\(word)'") }
        }
    }

    mutating func parseString() throws -> String {
        _ = try reader.next()  // the opening quote
        scratch.removeAll(keepingCapacity: true)
        while true {
            reader.appendRun(to: &scratch) { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }
            guard let byte = try reader.next() else { throw fail("unterminated JSON string") }
            switch byte {
            case UInt8(ascii: "\""):
                guard let string = String(validUTF8: scratch) else { throw fail("invalid UTF-8 in a string") }
                return string
            case UInt8(ascii: "\\"):
                guard let escape = try reader.next() else { throw fail("unterminated JSON string") }
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scratch.append(escape)
                case UInt8(ascii: "b"): scratch.append(0x08)
                case UInt8(ascii: "f"): scratch.append(0x0C)
                case UInt8(ascii: "n"): scratch.append(0x0A)
                case UInt8(ascii: "r"): scratch.append(0x0D)
                case UInt8(ascii: "t"): scratch.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try hex4()
                    if (0xD800..<0xDC00).contains(scalar) {
                        guard try reader.next() == UInt8(ascii: "\\"), try reader.next() == UInt8(ascii: "u") else {
                            throw fail("unpaired UTF-16 surrogate in a string")
                        }
                        let low = try hex4()
                        guard (0xDC00..<0xE000).contains(low) else { throw fail("unpaired UTF-16 surrogate in a string") }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00..<0xE000).contains(scalar) {
                        throw fail("unpaired UTF-16 surrogate in a string")
                    }
                    guard let unicode = Unicode.Scalar(scalar) else { throw fail("invalid \\u escape") }
                    scratch.append(contentsOf: Array(String(Character(unicode)).utf8))
                default: throw fail("invalid escape in a string")
                }
            case 0..<0x20: throw fail("control character in a string (write it as an escape)")
            default: scratch.append(byte)
            }
        }
    }

    private mutating func hex4() throws -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = try reader.next() else { throw fail("unterminated \\u escape") }
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw fail("invalid \\u escape")
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    private mutating func parseNumber() throws -> JSONValue {
        scratch.removeAll(keepingCapacity: true)
        var isInteger = true
        while let byte = try reader.peek() {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"): break
            case UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"): isInteger = false
            default:
                return try number(isInteger: isInteger)
            }
            scratch.append(byte)
            _ = try reader.next()
        }
        return try number(isInteger: isInteger)
    }

    private func number(isInteger: Bool) throws -> JSONValue {
        let text = String(decoding: scratch, as: UTF8.self)
        guard let value = JSONNumber.parse(text, isInteger: isInteger) else { throw fail("invalid number '\(text)'") }
        return value
    }
}

extension JSONStreamParser {
    /// One whole JSON text (RFC 8259: a value with whitespace around it and nothing else).
    static func document(_ bytes: [UInt8]) throws -> JSONValue {
        var parser = JSONStreamParser(reader: ByteReader(bytes: bytes))
        let value = try parser.parseValue()
        guard try parser.peekToken() == nil else { throw parser.fail("not JSON: unexpected data after the JSON value") }
        return value
    }
}
