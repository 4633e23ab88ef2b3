import Foundation

/// `staff.json`: the operator versions this desk wrote (tombstones included), merged per name.
enum StaffState: SideFileState {
    static let fileName = StaffSyncFile.fileName
    static let maxBytes = 4 << 20  // as `StaffSyncFile.parse` refuses

    static func own(_ database: AppDatabase, terminalId: String, carrying: [String],
                    at now: Double) throws -> (bytes: [UInt8], nothingToSay: Bool) {
        let (versions, carried) = try entries(of: terminalId, carrying: carrying) { try database.ownStaffVersions(terminalId: $0) }
        // A desk that never wrote an operator (nor carries one) writes no staff file.
        return (StaffSyncFile.bytes(terminalId: terminalId, versions, carried: carried), versions.isEmpty && carried.isEmpty)
    }

    static func merge(_ bytes: [UInt8], from desk: String, path: String, into database: AppDatabase,
                      at now: Double) throws -> (changed: Int, found: [SideFileFinding]) {
        (try database.mergeStaffVersions(StaffSyncFile.parse(bytes, from: desk, path: path)), [])
    }
}
