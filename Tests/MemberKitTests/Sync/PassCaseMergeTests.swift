import Foundation
import MemberDeskTestSupport
import Testing
@testable import MemberKit

/// A pass is one identity whatever its case, in the merge as at the desk: `CARDX` enrolled on one
/// terminal and `cardx` on another are one member once their files cross, in either order.
@Suite("Pass case in the merge")
struct PassCaseMergeTests {
    @Test("CARDX and cardx enrolled on two terminals are unified, visits combined, in either order")
    func unifiedWhateverTheCase() throws {
        let (a, b, clock) = try MergeTests.pair()
        let early = try a.club.enrolMember(passId: "CARDX", username: "Card Holder", source: .nfc)
        clock.advance(by: 100)
        try b.club.enrolMember(passId: "cardx", source: .nfc)
        clock.advance(by: 100)
        let aFirst = try a.copy(), bFirst = try b.copy()
        try a.importBytes(b.export())
        try b.importBytes(aFirst.export())
        try bFirst.importBytes(aFirst.export())
        for terminal in [a, b, bFirst] {
            let live = try terminal.liveMembers()
            #expect(live.map(\.memberId) == [early.memberId], "\(live)")
            #expect(live.first?.numVisits == 2 && live.first?.passId == "CARDX")
        }
        #expect(try a.state() == b.state() && b.state() == bFirst.state())
    }

    @Test("a desk refuses a new member whose pass another holds in another case")
    func addRefusedInAnotherCase() throws {
        let desk = try SyncTestTerminal(id: "T1")
        try desk.club.addMember(passId: "CARDX", username: "Card Holder")
        #expect(throws: DeskError.self) { try desk.club.addMember(passId: "cardx") }
        // Its own pass in another case is no new card: the edit keeps when it got it.
        let member = try #require(try desk.database.member(idOrPass: "cardx"))
        let since = member.passHeldSince
        desk.clock.advance(by: 60)
        let edited = try desk.club.updateMember(id: member.memberId, MemberChanges(passId: "CardX"))
        #expect(edited.passId == "CardX" && edited.passHeldSince == since)
    }
}
