import Foundation
import MemberDeskTestSupport
@_spi(Testing) @testable import MemberKit
import Testing

/// Issue 47 item 3: a read of who is inside only reads. Closing time's catch-up is an operation
/// of its own (`Club.catchUpClosingTime`), run before the read and announced on the bus as the
/// timers' run is; the store's reads commit nothing, even with a visit overdue.
@Suite struct ReadsOnlyReadTests {
    typealias F = OccupancyFixture
    static let closing = OccupancySettings(closingMinute: 22 * 60)
    static let late = F.at(23)
    static let period = { try! ReportPeriod(from: "2026-01-01", to: "2026-01-01", timeZone: TimeZone(identifier: "UTC")!) }()

    /// A club on a file, a second connection that sees its commits (`otherConnectionsVersion`),
    /// and A inside since 20:00, overdue at 23:00.
    static func clubWithAnOverdueVisit(_ folder: TemporaryDirectory) throws -> (f: F, observer: AppDatabase) {
        let database = try AppDatabase.open(path: folder.file("members.sqlite"))
        let observer = try AppDatabase.open(path: folder.file("members.sqlite"))
        let f = try F(closing, database: database)
        try f.club.addMember(passId: "A")
        try f.tap("A", at: F.at(20))
        _ = f.events.drain()
        return (f, observer)
    }

    static func autoExits(_ events: [DeskEvent]) -> [OccupancyNotice] {
        events.compactMap { if case .occupancy(let notice) = $0, notice.exitKind == .auto { notice } else { nil } }
    }

    @Test func theStoresReadsCommitNothingPastClosingTime() throws {
        let folder = try TemporaryDirectory()
        let (f, observer) = try Self.clubWithAnOverdueVisit(folder)
        let before = try observer.otherConnectionsVersion()
        #expect(try f.database.insideCount() == 1)
        #expect(try f.database.insideMembers().map(\.passId) == ["A"])
        #expect(try f.database.visitSpans(ending: f.club.visitEnding(at: Self.late.timeIntervalSince1970)).count == 1)
        #expect(try observer.otherConnectionsVersion() == before, "no commit")
        // The report's figures keep a day cache, but close no visit either.
        _ = try f.database.reportFigures(period: Self.period, now: Self.late)
        #expect(try f.database.insideCount() == 1)
        #expect(try f.database.visitEventCount() == 1)
        #expect(f.events.drain().isEmpty)
    }

    @Test func aReadWithNothingOverdueCommitsNothing() throws {
        let folder = try TemporaryDirectory()
        let (f, observer) = try Self.clubWithAnOverdueVisit(folder)
        let before = try observer.otherConnectionsVersion()
        let early = F.at(21)
        #expect(try f.club.insideCount(at: early) == 1)
        #expect(try f.club.insideMembers(at: early).count == 1)
        #expect(try f.club.visitSpans(at: early).count == 1)
        #expect(try observer.otherConnectionsVersion() == before)
        #expect(f.events.drain().isEmpty)
    }

    /// Each of the four reads, past closing time: its catch-up commits the exit and announces it
    /// (once), then a second read commits nothing and says nothing.
    @Test(arguments: ["insideCount", "insideMembers", "visitSpans", "reportFigures"])
    func theCatchUpBeforeAReadIsAnnouncedAndTheReadItselfOnlyReads(read: String) throws {
        let folder = try TemporaryDirectory()
        let (f, observer) = try Self.clubWithAnOverdueVisit(folder)
        func runRead() throws {
            switch read {
            case "insideCount": _ = try f.club.insideCount(at: Self.late)
            case "insideMembers": _ = try f.club.insideMembers(at: Self.late)
            case "visitSpans": _ = try f.club.visitSpans(at: Self.late)
            default: _ = try f.club.reportFigures(period: Self.period, now: Self.late)
            }
        }
        try runRead()
        #expect(Self.autoExits(f.events.drain()) == [OccupancyNotice(insideCount: 0, checkedOut: 1, exitKind: .auto)])
        #expect(try f.database.insideCount() == 0)
        let caughtUp = try observer.otherConnectionsVersion()
        if read != "reportFigures" {  // the report's day cache is its own write
            try runRead()
            #expect(try observer.otherConnectionsVersion() == caughtUp, "nothing left to close: a read alone")
        }
        #expect(try f.club.closeOverdueVisits(at: Self.late) == 0, "the timers find nothing left")
        #expect(f.events.drain().isEmpty)
    }

    /// A tap past closing time closes last night's visits first, in its own transaction, and says so.
    @Test func aTapsCatchUpIsAnnouncedBeforeTheTap() throws {
        let f = try F(Self.closing)
        try f.club.addMember(passId: "A")
        try f.club.addMember(passId: "B")
        try f.tap("A", at: F.at(20))
        _ = f.events.drain()
        let report = try f.tap("B", at: F.at(9, day: 1))
        #expect(report.insideCount == 1)
        let events = f.events.drain()
        #expect(Self.autoExits(events) == [OccupancyNotice(insideCount: 0, checkedOut: 1, exitKind: .auto)])
        let order = events.compactMap { event -> String? in
            switch event {
            case .occupancy: "occupancy"
            case .checkIn: "checkIn"
            default: nil
            }
        }
        #expect(order == ["occupancy", "checkIn"])
    }
}
