import MemberKit

/// Any bytes as another desk's pass-credentials.json: the parser answers or throws, never crashes;
/// what it accepts is within the file's bounds, each entry well formed and issued or revoked by
/// T1 or a desk T1 says it carries, and writing it back gives a file it accepts with the same entries.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEntry(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let entries = try? PassCredentialFile.parse(bytes, from: "T1", path: "fuzz") {
        precondition(Set(entries.map(\.credential)).count == entries.count, "a credential twice")
        precondition(entries.allSatisfy { PassCredential.isWellFormed($0.credential) && !$0.memberId.isEmpty && $0.issuedAt.isFinite })
        precondition(entries.allSatisfy { ($0.revokedAt == nil) == ($0.revokedBy == nil) })
        // Which list each entry came from: T1's own, or a carried desk's (the one that issued or revoked it).
        let own = entries.filter { $0.terminalId == "T1" || $0.revokedBy == "T1" }
        let carried = Dictionary(grouping: entries.filter { $0.terminalId != "T1" && $0.revokedBy != "T1" }) { $0.revokedBy ?? $0.terminalId }
        let again = try! PassCredentialFile.parse(PassCredentialFile.bytes(terminalId: "T1", own, carried: carried), from: "T1", path: "fuzz")
        precondition(Set(again) == Set(entries), "written back, the credentials changed")
        // The merge law: any order, twice, the same.
        for entry in entries {
            precondition(entry.merged(with: entry) == entry)
        }
    }
    return 0
}
