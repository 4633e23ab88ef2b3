@testable import MemberKit
import Testing

/// The one list of sync file kinds `DeskSync.pass` runs: the member files first, then the side
/// files, which are that list's side-file kinds in its order (nothing runs beside the list), then
/// the photos (`PhotoFiles`: they need the desk's photo library, and the members just merged).
@Suite struct SyncFileKindsTests {
    @Test func theMemberFilesRunFirstAndEveryOtherKindIsASideFile() {
        let kinds = SyncFileKinds.all.map { ObjectIdentifier($0) }
        #expect(kinds.first == ObjectIdentifier(MemberFiles.self))
        #expect(kinds.last == ObjectIdentifier(PhotoFiles.self))
        #expect(Array(kinds.dropFirst().dropLast()) == SideFileKinds.all.map { ObjectIdentifier($0) })
        #expect(!(MemberFiles.self is any SideFileKind.Type))
    }
}
