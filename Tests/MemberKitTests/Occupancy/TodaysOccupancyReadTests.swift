import Foundation
import MemberDeskTestSupport
@testable import MemberKit
import Testing

/// The desk's curve of today reads who is inside and the day's visits after one catch-up
/// (`Club.insideAndVisitSpans`): both agree on what closing time closed, announced once.
@Suite struct TodaysOccupancyReadTests {
    typealias R = ReadsOnlyReadTests

    @Test func oneCatchUpServesBothReadsAndIsAnnouncedOnce() throws {
        let folder = try TemporaryDirectory()
        let (f, observer) = try R.clubWithAnOverdueVisit(folder)
        let read = try f.club.insideAndVisitSpans(since: 0, at: R.late)
        #expect(read.inside.isEmpty, "closing time closed A before the list was read")
        #expect(read.spans.count == 1 && read.spans[0].exitKind == .auto, "the span ends with closing time's exit")
        #expect(R.autoExits(f.events.drain()) == [OccupancyNotice(insideCount: 0, checkedOut: 1, exitKind: .auto)])
        let caughtUp = try observer.otherConnectionsVersion()
        _ = try f.club.insideAndVisitSpans(since: 0, at: R.late)
        #expect(try observer.otherConnectionsVersion() == caughtUp, "nothing left to close: a read alone")
        #expect(f.events.drain().isEmpty)
    }

    @Test func beforeClosingTimeItOnlyReads() throws {
        let folder = try TemporaryDirectory()
        let (f, observer) = try R.clubWithAnOverdueVisit(folder)
        let before = try observer.otherConnectionsVersion()
        let read = try f.club.insideAndVisitSpans(since: 0, at: OccupancyFixture.at(21))
        #expect(read.inside.map(\.passId) == ["A"] && read.spans.count == 1)
        #expect(try observer.otherConnectionsVersion() == before)
        #expect(f.events.drain().isEmpty)
    }
}
