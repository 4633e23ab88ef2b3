@testable import DeskUI
import Foundation
@_spi(Testing) import MemberKit
import Testing

/// Who is inside, at the desk: the status bar's count, "Inside now" and its check-out key, the
/// Goodbye and Full banners, with the fixture's fake clock (so stays read "1 h 25 min").
@Suite struct FrontDeskOccupancyTests {
    func statusBar(_ f: DeskFixture) -> String { f.desk.render().text(row: 0) }

    @Test func theStatusBarCountsEntriesAndExitsAgainstTheCapacity() throws {
        let f = try DeskFixture(width: 120, height: 30, occupancy: OccupancySettings(tap: .toggle, capacity: 80))
        try f.add("Ana López", pass: "04A1B2C3")
        f.settle()
        #expect(statusBar(f).contains("Inside 0/80"))
        #expect(statusBar(f).contains("│ 1 member "), "one member, in the singular: \(statusBar(f))")
        try f.club.checkIn(passId: "04A1B2C3", source: .nfc)
        f.settle()
        #expect(statusBar(f).contains("Inside 1/80"))
        f.clock.advance(by: 85 * 60)
        try f.club.checkIn(passId: "04A1B2C3", source: .nfc)  // toggle: the second tap is the exit
        f.settle()
        #expect(statusBar(f).contains("Inside 0/80"))
        #expect(f.desk.state.banner.current?.headline == "Goodbye, Ana López — 1 h 25 min")
    }

    @Test func withoutACapacityTheBarSaysOnlyTheCount() throws {
        let f = try DeskFixture(width: 120, height: 30)
        try f.add("Ana López", pass: "04A1B2C3")
        try f.club.checkIn(passId: "04A1B2C3", source: .nfc)
        f.settle()
        let bar = statusBar(f)
        #expect(bar.contains("Inside 1 │"), "\(bar)")
        #expect(!bar.contains("Inside 1/"))
    }

    @Test func insideNowListsWhoIsInWithTheirStayAndXChecksOut() throws {
        let f = try DeskFixture(width: 100, height: 30)
        try f.add("Ana López", pass: "04A1B2C3")
        try f.add("Bob Stone", pass: "04A1B2C4")
        try f.add("Carla Diaz", pass: "04A1B2C5")
        try f.club.checkIn(passId: "04A1B2C4", source: .nfc, at: f.clock.now().addingTimeInterval(-85 * 60))
        try f.club.checkIn(passId: "04A1B2C3", source: .nfc, at: f.clock.now().addingTimeInterval(-25 * 60))
        f.settle()
        f.press(.character("i"))
        #expect(f.screen.contains("Inside now (2)"))
        // By entry time: Bob came first; each row says how long they have been in.
        let rows = f.screen.split(separator: "\n").map(String.init).filter { $0.hasPrefix("│") }
        let bob = try #require(rows.firstIndex { $0.contains("Bob Stone") })
        let ana = try #require(rows.firstIndex { $0.contains("Ana López") })
        #expect(bob < ana)
        #expect(rows[bob].contains("1 h 25 min"))
        #expect(rows[ana].hasSuffix(" 25 min│") && !rows[ana].contains("h 25 min"))
        #expect(f.desk.state.inside.members.map(\.username) == ["Bob Stone", "Ana López"])
        // The selection starts on Bob; x checks him out (a staff exit), and the list, the bar and the banner follow.
        f.press(.character("x"))
        #expect(f.desk.state.banner.current?.headline == "Goodbye, Bob Stone — 1 h 25 min")
        #expect(f.screen.contains("Inside now (1)"))
        #expect(f.desk.state.inside.members.map(\.username) == ["Ana López"])
        #expect(statusBar(f).contains("Inside 1"))
        let bobId = try #require(try f.database.member(idOrPass: "04A1B2C4")).memberId
        #expect(try f.database.visitEvents(memberId: bobId).last?.exitKind == .staff)
        // i again: the member list.
        f.press(.character("i"))
        #expect(f.screen.contains("Members (3)"))
    }

    @Test func xOnAMemberWhoIsNotInsideSaysSoAndChangesNothing() throws {
        let f = try DeskFixture(width: 100, height: 30)
        try f.add("Ana López", pass: "04A1B2C3")
        f.settle()
        f.press(.character("x"))
        #expect(f.desk.state.banner.current?.headline == "Ana López is not inside")
        #expect(try f.database.visitEventCount() == 0)
    }

    @Test func aCapacityRefusalSaysFullWithTheCount() throws {
        let f = try DeskFixture(width: 100, height: 30, occupancy: OccupancySettings(capacity: 1))
        try f.add("Ana López", pass: "04A1B2C3")
        try f.add("Bob Stone", pass: "04A1B2C4")
        try f.club.checkIn(passId: "04A1B2C3", source: .nfc)
        try f.club.checkIn(passId: "04A1B2C4", source: .nfc)
        f.settle()
        let shown = try #require(f.desk.state.banner.current)
        #expect(shown.headline == "Full (1/1)")
        #expect(shown.kind == .refused)
        #expect(f.screen.contains("nfc: Bob Stone — Full (1/1)"))
        #expect(statusBar(f).contains("Inside 1/1"))
    }

    @Test func aFullClubUnderWarnLetsInWithTheWarningOnTheBanner() throws {
        let f = try DeskFixture(width: 100, height: 30, occupancy: OccupancySettings(capacity: 1, whenFull: .warn))
        try f.add("Ana López", pass: "04A1B2C3")
        try f.add("Bob Stone", pass: "04A1B2C4")
        try f.club.checkIn(passId: "04A1B2C3", source: .nfc)
        try f.club.checkIn(passId: "04A1B2C4", source: .nfc)
        f.settle()
        let shown = try #require(f.desk.state.banner.current)
        #expect(shown.headline == "Welcome, Bob Stone — first visit")
        #expect(shown.details.first == "Full (1/1) — let in")
        #expect(BannerModel.tone(shown.kind) == .warning)
        #expect(statusBar(f).contains("Inside 2/1"))
    }

    @Test func checkingEveryoneOutMovesTheCount() throws {
        let f = try DeskFixture(width: 120, height: 30)
        try f.add("Ana López", pass: "04A1B2C3")
        try f.club.checkIn(passId: "04A1B2C3", source: .nfc)
        f.settle()
        #expect(statusBar(f).contains("Inside 1"))
        try f.club.checkOutAll()
        f.settle()
        #expect(statusBar(f).contains("Inside 0"))
        #expect(f.desk.state.log.entries.contains { $0.text == "1 member checked out (staff), 0 inside" })
    }

    @Test func theStatsPaneDrawsTodaysOccupancy() throws {
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = try #require(TimeZone(identifier: "UTC"))
        let f = try DeskFixture(width: 100, height: 40, occupancy: OccupancySettings(capacity: 80, calendar: utc))
        try f.add("Ana López", pass: "04A1B2C3")
        try f.add("Bob Stone", pass: "04A1B2C4")
        // The fixture's clock is at noon: Ana since 09:00 and Bob from 10:00 to 11:00.
        try f.club.checkIn(passId: "04A1B2C3", source: .nfc, at: f.clock.now().addingTimeInterval(-3 * 3600))
        try f.club.checkIn(passId: "04A1B2C4", source: .nfc, at: f.clock.now().addingTimeInterval(-2 * 3600))
        try f.club.checkOut(passId: "04A1B2C4", at: f.clock.now().addingTimeInterval(-3600))
        f.press(.character("s"))
        let curve = try #require(f.desk.state.stats.occupancy)
        #expect(curve.inside == 1 && curve.peak == 2 && curve.capacity == 80)
        // Quarter hours of the club's day (UTC here): 10:30 had both, 11:30 Ana alone, 13:00 is to come.
        #expect(curve.quarters[42] == 2)
        #expect(curve.quarters[46] == 1)
        #expect(curve.quarters[52] == 0)
        let screen = f.screen
        #expect(screen.contains("People inside today (now 1 of 80, peak 2)"))
        #expect(screen.contains("Check-ins per hour today"))
        #expect(screen.contains("last 30 days"))
    }
}
