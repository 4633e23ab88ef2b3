@testable import DeskUI
import Foundation
import MemberKit
import Testing

/// How visits read: "never" for a member not yet seen, "1 visit" in the singular.
@Suite struct VisitWordingTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    func member(_ pass: String, visits: Int, added: Double, lastVisit: Double) -> MemberRecord {
        MemberRecord(memberId: UUID().uuidString, passId: pass, username: "Member \(pass)", timeStampAdded: added, numVisits: visits,
                     timeStampOfLastVisit: lastVisit, modifiedAt: added, modifiedBy: "t")
    }

    @Test func theListShowsNeverForAMemberWithNoVisits() throws {
        // As ClubKit writes it: the last-visit time is the time added, years ago.
        let added = now.timeIntervalSince1970 - 6 * 365 * 86400
        var list = MemberListModel()
        list.setViewport(10)
        let next = list.nextRequest()
        let request = try #require(next)
        list.receive([MemberRow(rowId: 1, member: member("04000001", visits: 0, added: added, lastVisit: added)),
                      MemberRow(rowId: 2, member: member("04000002", visits: 1, added: added, lastVisit: now.timeIntervalSince1970 - 7200))],
                     for: request)
        var grid = CellGrid(width: 80, height: 12)
        list.render(into: &grid, rect: Rect(x: 0, y: 0, width: 80, height: 12), now: now, focused: true, calendar: .gregorianUTC)
        let neverSeen = try #require((0..<12).map { grid.text(row: $0) }.first { $0.contains("04000001") })
        let seen = try #require((0..<12).map { grid.text(row: $0) }.first { $0.contains("04000002") })
        #expect(neverSeen.contains("never"))
        #expect(!neverSeen.contains("y ago"))
        #expect(seen.contains("2 h ago"))
    }

    @Test(arguments: [(1, "1 visit"), (2, "2 visits"), (0, "0 visits")])
    func theBannerCountsVisitsInTheRightNumber(visits: Int, expected: String) throws {
        var banner = BannerModel(duration: 5)
        let record = member("04000001", visits: visits, added: 1, lastVisit: 1)
        banner.show(CheckInReport(time: now, source: .nfc, passId: record.passId,
                                  outcome: .checkedIn(record, visitNumber: visits), terminalId: "t"),
                    policy: .prompt, now: now)
        let line = try #require(banner.current?.details.first)
        #expect(line.hasSuffix("· \(expected)"))
    }
}
