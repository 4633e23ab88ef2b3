import Foundation

/// Subclass field values as CSV text, shared by both CSV layouts.
enum CSVFieldText {
    /// A string as itself; other values as JSON text (they also travel typed in the extras); nil for null.
    static func text(_ value: JSONValue?) -> String? {
        switch value {
        case nil, .null?: return nil
        case .string(let text)?: return text
        case let other?: return other.displayText
        }
    }

    /// The field named `name`. Nearly every member has a field or two: comparing their names costs
    /// less than hashing `name` (an export does this for every column of a million rows).
    static func field(_ name: String, in fields: [String: JSONValue]) -> JSONValue? {
        guard fields.count <= 4 else { return fields[name] }
        for (key, value) in fields where key == name { return value }
        return nil
    }

    /// The fields a CSV's columns cannot carry exactly: those without a column, and non-strings.
    static func fieldsWithoutColumns(_ fields: [String: JSONValue], columns: [String]) -> [String: JSONValue] {
        // The common case, every field a string or null with its own column, needs no new dictionary.
        let allInColumns = fields.allSatisfy { name, value in
            switch value {
            case .string, .null: return columns.contains(name)
            default: return false
            }
        }
        if allInColumns { return [:] }
        return fields.filter { name, value in
            if !columns.contains(name) { return true }
            switch value {
            case .string, .null: return false
            default: return true
            }
        }
    }

    static func json(_ value: JSONValue) -> String { JSONWriter.text(value) }
}
