@testable import DeskUI
import Foundation
import MemberKit
import Testing

/// A change that lands while the reload's page is on its way is not lost: that page may have
/// been read before the change, so the list asks again.
@Suite struct MemberListReloadTests {
    func row(_ id: Int64) -> MemberRow {
        MemberRow(rowId: id, member: MemberRecord(memberId: UUID().uuidString, passId: "P\(id)", username: "Member \(id)", timeStampAdded: 0, numVisits: 0, timeStampOfLastVisit: 0, modifiedAt: 0, modifiedBy: "t"))
    }

    func loaded() throws -> MemberListModel {
        var list = MemberListModel()
        list.setViewport(10)
        let next = list.nextRequest()
        let first = try #require(next)
        list.receive([row(1), row(2)], for: first)
        let none = list.nextRequest()
        #expect(none == nil, "everything is on screen")
        return list
    }

    @Test func aChangeDuringTheReloadAsksAgain() throws {
        var list = try loaded()
        list.markStale()
        let asked = list.nextRequest()
        let reload = try #require(asked)
        list.markStale()  // a second member is added while the first reload is read
        list.receive([row(1), row(2)], for: reload)
        let askedAgain = list.nextRequest()
        let again = try #require(askedAgain, "the page may predate the second change")
        list.receive([row(1), row(2), row(3)], for: again)
        #expect(list.rows.count == 3)
        let after = list.nextRequest()
        #expect(after == nil, "once read after the change, the list is current")
    }

    @Test func aReloadWithNoChangeMeanwhileIsTheLast() throws {
        var list = try loaded()
        list.markStale()
        let asked = list.nextRequest()
        let reload = try #require(asked)
        list.receive([row(1), row(2), row(3)], for: reload)
        let after = list.nextRequest()
        #expect(after == nil)
    }
}
