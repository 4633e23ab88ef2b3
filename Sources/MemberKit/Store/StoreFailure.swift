import GRDB

/// Why the store could not do what it was asked, in words for people and a key for scripts
/// (`scan --json` prints a tap that could not be written with `outcome: error` and this `reason`).
enum StoreFailure: String, Sendable, CaseIterable {
    case diskFull, readOnly, busy, corrupt, cannotOpen, notADatabase

    init?(_ code: ResultCode) {
        switch code.primaryResultCode {
        case .SQLITE_FULL: self = .diskFull
        case .SQLITE_READONLY, .SQLITE_PERM: self = .readOnly
        case .SQLITE_BUSY, .SQLITE_LOCKED: self = .busy
        case .SQLITE_CORRUPT: self = .corrupt
        case .SQLITE_CANTOPEN: self = .cannotOpen
        case .SQLITE_NOTADB: self = .notADatabase
        default: return nil
        }
    }

    /// What `DeskError.database` says for it (the one text, so the reason can be read back from it).
    package var message: String {
        switch self {
        case .diskFull: return "the disk is full"
        case .readOnly: return "the database is read-only"
        case .busy: return "the database is busy"
        case .corrupt: return "the database file is corrupt"
        case .cannotOpen: return "cannot open the file (check the path and permissions)"
        case .notADatabase: return "the file is not a memberdesk database"
        }
    }

    /// The failure a store error names, if it is one of these (a message ends with its text).
    package init?(_ error: Error) {
        guard case .database(let message)? = error as? DeskError,
              let failure = Self.allCases.first(where: { message == $0.message || message.hasSuffix(": " + $0.message) })
        else { return nil }
        self = failure
    }
}
