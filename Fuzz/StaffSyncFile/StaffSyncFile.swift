import MemberKit

/// Any staff.json a shared folder could hold, as if from desk T-1: parsing never crashes, keeps
/// only operators with a valid name, a well-formed hash and the stamp of the desk they are listed
/// under (T-1's own, or a desk T-1 says it carries: format 2's `carried`), and what it keeps is
/// written back and read again as the same.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEntry(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let accounts = try? StaffSyncFile.parse(bytes, from: "T-1", path: "staff.json") else { return 0 }
    for account in accounts {
        precondition(PINHashFormat.isWellFormed(account.pinHash), "a malformed hash was kept")
        precondition(!account.modifiedBy.isEmpty, "a version with no stamp was kept")
        precondition((try? StaffAccount.validName(account.name)) == account.name, "an invalid name was kept")
        precondition(account.lastSignInAt == nil, "a sign-in time came from a file")
    }
    precondition(Set(accounts.map { $0.name.lowercased() }).count == accounts.count, "a name twice was kept")
    // T-1's own come first, then each carried desk's (by id): grouped again, they write the same file.
    let own = accounts.filter { $0.modifiedBy == "T-1" }
    let carried = Dictionary(grouping: accounts.filter { $0.modifiedBy != "T-1" }, by: \.modifiedBy)
    let again = try? StaffSyncFile.parse(StaffSyncFile.bytes(terminalId: "T-1", own, carried: carried), from: "T-1", path: "staff.json")
    precondition(again == accounts, "not a round trip: \(accounts) -> \(String(describing: again))")
    return 0
}
