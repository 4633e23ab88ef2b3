import Foundation

/// The member table's `fields` column: the subclass fields as a JSON object, written with the
/// exchange formats' `JSONWriter` (sorted keys, so equal fields give equal bytes) and read with the
/// streaming parser, not Foundation's JSONDecoder: a million rows go through here in a sync.
enum FieldsColumn {
    static func text(_ fields: [String: JSONValue]) -> String {
        var out: [UInt8] = []
        JSONWriter.append(.object(fields), to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// The fields of a column value read in place (most rows take the flat-string fast path without a String copy).
    /// `names` shares the field names that every row of a table repeats.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, names: RepeatedStrings? = nil) -> [String: JSONValue] {
        guard bytes.count > 2 else { return [:] }
        return flatStringObject(bytes, names: names) ?? parse(String(decoding: bytes, as: UTF8.self))
    }

    static func parse(_ text: String) -> [String: JSONValue] {
        if text == "{}" { return [:] }
        if let flat = flatStringObject(text) { return flat }
        var parser = JSONStreamParser(reader: ByteReader(bytes: Array(text.utf8)))
        guard case .object(let object)? = try? parser.parseValue() else { return [:] }
        return object
    }

    /// A fast path for the common fields column: a flat object of plain strings and nulls
    /// (no escapes). Anything else returns nil and goes through the full parser.
    static func flatStringObject(_ text: String) -> [String: JSONValue]? {
        var copy = text
        return copy.withUTF8 { flatStringObject($0) }
    }

    static func flatStringObject(_ bytes: UnsafeBufferPointer<UInt8>, names: RepeatedStrings? = nil) -> [String: JSONValue]? {
        do {
            var index = 0
            let quote = UInt8(ascii: "\"")
            func string(repeated: RepeatedStrings? = nil) -> String? {
                guard index < bytes.count, bytes[index] == quote else { return nil }
                let start = index + 1
                var end = start
                while end < bytes.count, bytes[end] != quote {
                    if bytes[end] == UInt8(ascii: "\\") || bytes[end] < 0x20 { return nil }
                    end += 1
                }
                guard end < bytes.count else { return nil }
                index = end + 1
                let text = UnsafeBufferPointer(rebasing: bytes[start..<end])
                return repeated?.string(text) ?? String(decoding: text, as: UTF8.self)
            }
            guard bytes.first == UInt8(ascii: "{") else { return nil }
            index = 1
            // Most members have one or two fields: room for one saves growing from empty.
            var object = [String: JSONValue](minimumCapacity: 1)
            while true {
                guard let key = string(repeated: names), index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
                index += 1
                if index + 4 <= bytes.count, bytes[index] == UInt8(ascii: "n"), bytes[index + 1] == UInt8(ascii: "u"),
                   bytes[index + 2] == UInt8(ascii: "l"), bytes[index + 3] == UInt8(ascii: "l") {
                    index += 4
                    object[key] = .null
                } else {
                    guard let value = string() else { return nil }
                    object[key] = .string(value)
                }
                guard index < bytes.count else { return nil }
                if bytes[index] == UInt8(ascii: "}") { return index == bytes.count - 1 ? object : nil }
                guard bytes[index] == UInt8(ascii: ",") else { return nil }
                index += 1
            }
        }
    }
}
