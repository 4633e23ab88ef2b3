import Foundation
import MemberDeskTestSupport
@_spi(Testing) @testable import MemberKit
import Testing

/// Entries and exits through exported files: an entry at one desk and an exit at another, repeats,
/// and hostile events.
@Suite struct VisitEventSyncTests {
    @Test func anEntryAtOneDeskAndAnExitAtAnotherLeaveTheMemberOutsideOnBoth() throws {
        let clock = FakeClock()
        let (a, b) = (try SyncTestTerminal(id: "TA", clock: clock), try SyncTestTerminal(id: "TB", clock: clock))
        let member = try a.club.enrolMember(passId: "04000A01", username: "Anna", source: .nfc)
        try b.importBytes(a.export())
        #expect(try b.database.insideCount() == 1)
        clock.advance(by: 3600)
        #expect(try b.club.checkOut(passId: "04000A01").outcome.name == "checkedOut")
        try a.importBytes(b.export())
        for terminal in [a, b] {
            #expect(try terminal.database.insideCount() == 0)
            let spans = try terminal.database.visitSpans()
            #expect(spans.count == 1)
            #expect(spans.first?.exitKind == .staff && spans.first?.desk == "TA" && spans.first?.memberId == member.memberId)
            #expect(try terminal.database.member(id: member.memberId)?.numVisits == 1)  // an exit counts nothing
        }
        // Read again, in the other order, late: nothing changes.
        try b.importBytes(a.export())
        try a.importBytes(b.export())
        #expect(try a.state() == b.state())
    }

    /// A member object with the given events in its extras, as another desk would write it.
    static func file(memberId: String, events: String) -> [UInt8] {
        Array("""
            [{"memberId":"\(memberId)","passId":"04000A09","username":"Eve","timeStampAdded":1767225600,"numVisits":1,\
            "timeStampOfLastVisit":1767225600,"memberdesk":{"modifiedAt":1767225600,"modifiedBy":"TX",\
            "visitCounters":{"TX":1},"visitEvents":[\(events)]}}]
            """.utf8)
    }

    @Test func hostileEventsCannotMakeAnyoneInsideTwiceOrComeFromTheFuture() throws {
        let clock = FakeClock()
        let desk = try SyncTestTerminal(id: "TA", clock: clock)
        let now = clock.now().timeIntervalSince1970
        let member = "11111111-2222-4333-8444-555555555555"
        let entry = #"{"id":"e1","kind":"entry","time":\#(now - 60),"desk":"TX","source":"nfc"}"#
        let again = #"{"id":"e2","kind":"entry","time":\#(now - 30),"desk":"TX","source":"nfc"}"#
        let future = #"{"id":"e3","kind":"exit","time":\#(now + 2 * 86400),"desk":"TX","source":"nfc","exitKind":"tap"}"#
        let counts = try desk.importBytes(Self.file(memberId: member, events: [entry, again, entry, future].joined(separator: ",")))
        #expect(counts.visitEvents == 2 && counts.futureEvents == 1)
        #expect(try desk.database.insideCount() == 1)
        // The same file again adds nothing, and a count never goes below zero.
        try desk.importBytes(Self.file(memberId: member, events: [entry, again, future].joined(separator: ",")))
        #expect(try desk.database.insideCount() == 1)
        #expect(try desk.database.visitEventCount() == 2)
    }

    @Test(arguments: [
        (#"{"kind":"entry","time":1,"desk":"TX","source":"nfc"}"#, "visitEvents[0].id"),
        (#"{"id":"x","kind":"sideways","time":1,"desk":"TX","source":"nfc"}"#, "visitEvents[0].kind"),
        (#"{"id":"x","kind":"entry","time":"soon","desk":"TX","source":"nfc"}"#, "visitEvents[0].time"),
        (#"{"id":"x","kind":"exit","time":1,"desk":"TX","source":"nfc","exitKind":"magic"}"#, "visitEvents[0].exitKind"),
        (#"{"id":"","kind":"entry","time":1,"desk":"TX","source":"nfc"}"#, "visitEvents[0].id"),
        (#""not an object""#, "visitEvents[0]"),
    ])
    func aBadEventIsAnErrorNamingItAndChangesNothing(event: String, named: String) throws {
        let desk = try SyncTestTerminal(id: "TA")
        #expect {
            try desk.importBytes(Self.file(memberId: "11111111-2222-4333-8444-555555555555", events: event))
        } throws: { error in
            "\(error)".contains(named)
        }
        #expect(try desk.database.visitEventCount() == 0)
        #expect(try desk.liveMembers().isEmpty)
    }
}
