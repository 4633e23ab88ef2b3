@testable import MemberKit
import Testing

/// The one list of sync file kinds `DeskSync.pass` runs: the member files first, then the side
/// files, which are that list's side-file kinds in its order (nothing runs beside the list).
@Suite struct SyncFileKindsTests {
    @Test func theMemberFilesRunFirstAndEveryOtherKindIsASideFile() {
        let kinds = SyncFileKinds.all.map { ObjectIdentifier($0) }
        #expect(kinds.first == ObjectIdentifier(MemberFiles.self))
        #expect(Array(kinds.dropFirst()) == SideFileKinds.all.map { ObjectIdentifier($0) })
        #expect(!(MemberFiles.self is any SideFileKind.Type))
    }
}
