import Foundation

/// One CSV record: its fields, which of them were quoted, and the line it starts on.
package struct CSVRecord: Sendable, Equatable {
    package var fields: [String]
    var quoted: [Bool]
    package var line: Int
}
