import Foundation

/// One CSV record: its fields, which of them were quoted, and the line it starts on.
public struct CSVRecord: Sendable, Equatable {
    public var fields: [String]
    public var quoted: [Bool]
    public var line: Int
}
