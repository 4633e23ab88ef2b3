import Foundation

/// A JSON value, used for subclass fields the store keeps in one column, and for fields
/// another terminal knows but this one does not (they are kept, never dropped).
public enum JSONValue: Sendable, Hashable, Codable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])
    /// A valid JSON number kept as written, because `.int` or `.double` would write it back
    /// otherwise (too long, too large, too precise, or spelled `1.50`, `1E2`): fields memberdesk
    /// does not read travel verbatim. Readers of a number convert it where they need one.
    case number(String)

    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { self = .null }
        else if let value = try? container.decode(Bool.self) { self = .bool(value) }
        else if let value = try? container.decode(Int.self) { self = .int(value) }
        else if let value = try? container.decode(Double.self) { self = .double(value) }
        else if let value = try? container.decode(String.self) { self = .string(value) }
        else if let value = try? container.decode([JSONValue].self) { self = .array(value) }
        else { self = .object(try container.decode([String: JSONValue].self)) }
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .number(let text):
            // Foundation's encoder cannot write a number's text: its nearest value instead
            // (exports and the store use JSONWriter, which keeps the text).
            if let double = Double(text), double.isFinite { try container.encode(double) } else { try container.encode(text) }
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// The value as a person reads it in a list or a CSV cell; nil for JSON null.
    public var displayText: String? {
        switch self {
        case .null: return nil
        case .bool(let value): return value ? "true" : "false"
        case .int(let value): return String(value)
        case .double(let value): return String(value)
        case .string(let value): return value
        case .number(let text): return text
        case .array, .object:
            return JSONWriter.text(self)
        }
    }

    package var stringValue: String? { if case .string(let s) = self { return s } else { return nil } }
}
