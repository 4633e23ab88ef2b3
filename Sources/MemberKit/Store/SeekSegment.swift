import GRDB

/// One stretch of a keyset page: the WHERE clause that selects rows beyond the cursor, and its arguments.
struct SeekSegment {
    var condition: String
    var arguments: StatementArguments
}
