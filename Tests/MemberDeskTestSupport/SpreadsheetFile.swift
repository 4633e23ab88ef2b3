import Foundation

/// A `.csv` as a spreadsheet holds it: a header and rows of text cells, saved back as LibreOffice
/// does (UTF-8 with a BOM, RFC 4180 quoting where a cell needs it).
public struct SpreadsheetFile {
    public var header: [String]
    public var rows: [[String]]

    public init(path: String) throws {
        var text = try String(contentsOfFile: path, encoding: .utf8)
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        var records: [[String]] = [[]]
        var field = ""
        var quoted = false
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            index = text.index(after: index)
            if quoted {
                if character == "\"" {
                    if index < text.endIndex, text[index] == "\"" {
                        field.append("\"")
                        index = text.index(after: index)
                    } else {
                        quoted = false
                    }
                } else {
                    field.append(character)
                }
            } else if character == "\"" {
                quoted = true
            } else if character == "," {
                records[records.count - 1].append(field)
                field = ""
            } else if character == "\n" || character == "\r\n" {
                records[records.count - 1].append(field)
                field = ""
                records.append([])
            } else {
                field.append(character)
            }
        }
        if !field.isEmpty || !(records.last ?? []).isEmpty { records[records.count - 1].append(field) }
        records.removeAll { $0.isEmpty }
        header = records.first ?? []
        rows = Array(records.dropFirst())
    }

    public mutating func removeColumn(_ name: String) {
        guard let column = header.firstIndex(of: name) else { return }
        header.remove(at: column)
        for index in rows.indices { rows[index].remove(at: column) }
    }

    public mutating func set(_ name: String, to value: String, whereColumn key: String, is keyValue: String) {
        guard let column = header.firstIndex(of: name), let keyColumn = header.firstIndex(of: key) else { return }
        for index in rows.indices where rows[index][keyColumn] == keyValue { rows[index][column] = value }
    }

    public func save(to path: String) throws {
        func cell(_ text: String) -> String {
            text.contains(where: { ",\"\n\r".contains($0) }) ? "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : text
        }
        let lines = ([header] + rows).map { $0.map(cell).joined(separator: ",") }
        try ("\u{FEFF}" + lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
    }
}
