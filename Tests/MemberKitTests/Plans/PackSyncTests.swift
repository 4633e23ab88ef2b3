import Foundation
import MemberDeskTestSupport
@testable import MemberKit
import Testing

/// Packs across desks: per-desk counters in `.musrl` extras and sync files, merged by max.
@Suite struct PackSyncTests {
    static func desks(_ count: Int = 2, clock: FakeClock = FakeClock()) throws -> [SyncTestTerminal] {
        let settings = ClubSettings(plans: PlanSettings(packUse: .perVisit))
        return try (1...count).map { try SyncTestTerminal(id: "T\($0)", clock: clock, settings: settings) }
    }

    @Test(arguments: MergePropertyTests.syncFormats)
    func twoDesksUsingTheLastVisitOfflineOweOneVisitEverywhere(format: ExchangeFormat) throws {
        let clock = FakeClock()
        let (a, b) = try { let d = try Self.desks(clock: clock); return (d[0], d[1]) }()
        let ann = try a.club.addMember(passId: "ANN", username: "Ann", plan: PlanChanges(visits: 1))
        try b.importBytes(a.export(format), format)
        clock.advance(by: 120)
        #expect(try a.club.checkIn(passId: "ANN", source: .nfc).outcome.isEntry)
        #expect(try b.club.checkIn(passId: "ANN", source: .nfc).outcome.isEntry)
        // The merge says a pack went below zero (the sync reader puts it in the event log).
        #expect(try b.importBytes(a.export(format), format).overdrawnPacks == 1)
        try a.importBytes(b.export(format), format)
        for desk in [a, b] {
            let standing = try desk.database.planStanding(try #require(try desk.database.member(id: ann.memberId)))
            #expect(standing.visitsLeft == -1)
            #expect(DoorNotice.visitsLeft(-1) == "Owes 1 visit")
            clock.advance(by: 120)
            let refused = try desk.club.checkIn(passId: "ANN", source: .nfc)
            guard case .refused(_, .packUsedUp) = refused.outcome else { Issue.record("got \(refused.outcome)"); return }
            #expect(DoorNotice.line(for: refused, settings: desk.club.settings.plans) == "Owes 1 visit")
        }
        #expect(try a.state() == b.state())
    }

    @Test(arguments: MergePropertyTests.syncFormats)
    func aPackSurvivesRoundTripsWithoutDoubling(format: ExchangeFormat) throws {
        let clock = FakeClock()
        let (a, b) = try { let d = try Self.desks(clock: clock); return (d[0], d[1]) }()
        let ann = try a.club.addMember(passId: "ANN", username: "Ann", plan: PlanChanges(visits: 10))
        clock.advance(by: 120)
        try a.club.checkIn(passId: "ANN", source: .nfc)
        let file = try a.export(format)
        for _ in 0..<3 { try b.importBytes(file, format) }
        try a.importBytes(file, format)  // our own file
        try a.importBytes(b.export(format), format)
        for desk in [a, b] {
            #expect(try desk.database.planStanding(try #require(try desk.database.member(id: ann.memberId))).visitsLeft == 9)
        }
        // Top-ups on both desks both count.
        try a.club.updateMember(id: ann.memberId, MemberChanges(plan: PlanChanges(addVisits: 5)))
        try b.club.updateMember(id: ann.memberId, MemberChanges(plan: PlanChanges(addVisits: 2)))
        try a.importBytes(b.export(format), format)
        try b.importBytes(a.export(format), format)
        for desk in [a, b] {
            #expect(try desk.database.planStanding(try #require(try desk.database.member(id: ann.memberId))).visitsLeft == 16)
        }
    }

    @Test func anExportCarriesVisitsLeftAndClubKitStillReadsIt() throws {
        let desk = try Self.desks(1)[0]
        try desk.club.addMember(passId: "ANN", username: "Ann", plan: PlanChanges(visits: 7, birthday: .some(Birthday(parsing: "--05-04"))))
        let text = String(decoding: try desk.export(.musrl), as: UTF8.self)
        #expect(text.contains(#""visitsLeft":7"#))
        #expect(text.contains(#""plan":"pack""#) && text.contains(#""birthday":"--05-04""#))
        let users = try JSONDecoder().decode([CustomMembershipUser].self, from: Data(text.utf8))
        #expect(users.map(\.passId) == ["ANN"])
    }

    /// A file made by hand (or by someone hostile): `visitsLeft` is never read, a counter beyond
    /// the maximum is refused, and a household that would nest is not taken.
    @Test func aHostileFileCannotSetABalanceWrapOneOrNestAHousehold() throws {
        let desk = try Self.desks(1)[0]
        let anna = try desk.club.addMember(passId: "ANNA", username: "Anna", plan: PlanChanges(visits: 2))
        let ben = try desk.club.addMember(passId: "BEN", username: "Ben", plan: PlanChanges(household: .some(anna.memberId)))
        func file(_ id: String, _ pass: String, _ extras: String) -> [UInt8] {
            Array(#"[{"memberId":"\#(id)","passId":"\#(pass)","username":"X","timeStampAdded":1,"numVisits":0,"timeStampOfLastVisit":0,"memberdesk":{"modifiedAt":9e9,"modifiedBy":"ZZ",\#(extras)}}]"#.utf8)
        }
        // A balance given directly: ignored.
        try desk.importBytes(file(anna.memberId, "ANNA", #""plan":"pack","visitsLeft":1000"#))
        #expect(try desk.database.planStanding(try #require(try desk.database.member(id: anna.memberId))).visitsLeft == 2)
        // A counter past the maximum (which sums could wrap): the file is refused, nothing changes.
        #expect(throws: (any Error).self) {
            try desk.importBytes(file(anna.memberId, "ANNA", #""plan":"pack","packCounters":{"ZZ":{"added":9223372036854775807}}"#))
        }
        #expect(throws: (any Error).self) {
            try desk.importBytes(file(anna.memberId, "ANNA", #""plan":"pack","packCounters":{"ZZ":{"added":1000000001}}"#))
        }
        #expect(try desk.database.packCounters(memberId: anna.memberId).keys.sorted() == [desk.club.terminal.id])
        // The head moved into Ben's household: that would nest, so its plan stays.
        let counts = try desk.importBytes(file(anna.memberId, "ANNA", #""plan":"household","household":"\#(ben.memberId)""#))
        #expect(counts.householdsRefused == 1)
        #expect(try desk.database.member(id: anna.memberId)?.plan == .pack)
        // A member in its own household: refused as a bad field.
        #expect(throws: (any Error).self) {
            try desk.importBytes(file(ben.memberId, "BEN", #""plan":"household","household":"\#(ben.memberId)""#))
        }
        #expect(try desk.database.member(id: ben.memberId)?.household == anna.memberId)
    }
}
