import GRDBSQLite

/// Strings that most rows repeat (terminal ids): the last few are kept with their bytes, so a
/// million rows do not make a million copies of the same few ids.
final class RepeatedStrings {
    private var entries: [(bytes: [UInt8], string: String)] = []
    private var next = 0
    private let capacity = 8

    /// The text of a stepped statement's column (nil when NULL).
    func string(_ statement: OpaquePointer, _ column: Int32) -> String? {
        guard let pointer = sqlite3_column_text(statement, column) else { return nil }
        return string(UnsafeBufferPointer(start: pointer, count: Int(sqlite3_column_bytes(statement, column))))
    }

    /// The string of these UTF-8 bytes: a kept one if it has been seen lately.
    func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        for entry in entries where ByteOrder.compare(entry.bytes, bytes) == 0 { return entry.string }
        let string = String(decoding: bytes, as: UTF8.self)
        if entries.count < capacity {
            entries.append((Array(bytes), string))
        } else {
            entries[next] = (Array(bytes), string)
            next = (next + 1) % capacity
        }
        return string
    }
}
