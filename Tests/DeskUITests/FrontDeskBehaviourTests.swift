import DeskUI
import Foundation
import MemberKit
import Testing

@Suite struct FrontDeskBehaviourTests {
    @Test func searchAsYouTypeFiltersByNamePassAndEmail() throws {
        let f = try DeskFixture()
        try f.add("Ana López", pass: "04A1B2C3", email: "ana@example.com")
        try f.add("Bob Stone", pass: "04FFEE01", email: "bob@club.org")
        try f.add("Carla Diaz", pass: "04A1B2C9")
        f.settle()
        f.press(.character("/"))
        f.type("club")
        #expect(f.desk.state.list.total == 1)
        #expect(f.desk.state.list.rows.map(\.member.username) == ["Bob Stone"])
        for _ in 0..<4 { f.press(.backspace) }
        f.type("04A1")
        #expect(f.desk.state.list.total == 2)
        f.press(.escape)
        #expect(f.desk.state.list.total == 3)
        #expect(!f.desk.state.list.isSearching)
    }

    @Test func sortCyclesThroughLastVisitNameAndVisits() throws {
        let f = try DeskFixture()
        try f.add("Zed", pass: "04000001", visits: 1)
        try f.add("Amy", pass: "04000002", visits: 3)
        try f.add("Max", pass: "04000003")
        try f.club.checkIn(passId: "04000001", source: .manual)
        f.settle()
        #expect(f.desk.state.list.sort == .lastVisit)
        #expect(f.desk.state.list.rows.first?.member.username == "Zed")  // the most recent visit (yesterday)
        f.press(.character("o"))
        #expect(f.desk.state.list.sort == .name)
        #expect(f.desk.state.list.rows.map(\.member.username) == ["Amy", "Max", "Zed"])
        f.press(.character("o"))
        #expect(f.desk.state.list.sort == .visits)
        #expect(f.desk.state.list.rows.first?.member.username == "Amy")
    }

    @Test func scrollingPagesThroughManyMembersWithoutLoadingThemAll() throws {
        let f = try DeskFixture(width: 80, height: 24)
        for i in 0..<700 { try f.add(String(format: "Member %04d", i), pass: String(format: "05%06X", i)) }
        f.press(.character("o"))  // by name
        #expect(f.desk.state.list.total == 700)
        #expect(f.desk.state.list.rows.count < 700)
        for _ in 0..<100 { f.press(.pageDown) }
        #expect(f.desk.state.list.selectedMember?.username == "Member 0699")
        #expect(f.desk.state.list.rows.count <= 400)
        f.press(.home)
        #expect(f.desk.state.list.selectedMember?.username == "Member 0000")
        f.press(.end)
        #expect(f.desk.state.list.selectedMember?.username == "Member 0699")
        for _ in 0..<50 { f.press(.pageUp) }
        let selected = f.desk.state.list.selected
        #expect(f.desk.state.list.selectedMember?.username == String(format: "Member %04d", selected))
    }

    /// While staff type, only pages are read; the match count follows once typing pauses.
    @Test func theMatchCountWaitsForTypingToPause() throws {
        let f = try DeskFixture(width: 80, height: 24)
        for i in 0..<300 { try f.add(String(format: "Member %04d", i), pass: String(format: "05%06X", i)) }
        f.press(.character("/"))
        for c in "mem" {
            f.desk.key(.character(c), at: f.clock.now())
            f.clock.advance(by: 0.05)
            f.settle()
            #expect(!f.desk.state.list.rows.isEmpty)
            #expect(f.desk.state.list.total == nil)  // a screenful is shown, the count not yet asked for
        }
        f.clock.advance(by: 0.2)
        f.settle()
        #expect(f.desk.state.list.total == 300)
    }

    @Test func manualCheckInShowsTheWelcomeBannerThenFades() throws {
        let f = try DeskFixture(bannerSeconds: 5)
        try f.add("Ana López", pass: "04A1B2C3")
        f.press(.function(4))
        f.type("04a1b2c3")
        f.press(.enter)
        #expect(f.screen.contains("Welcome, Ana López — first visit"))
        #expect(f.desk.state.banner.current?.kind == .welcome)
        f.clock.advance(by: 40)
        f.desk.checkIn("04A1B2C3", source: .manual)
        f.settle()
        #expect(f.screen.contains("Already checked in 40 s ago"))
        #expect(f.desk.state.banner.current?.kind == .duplicate)
        f.clock.advance(by: 5.1)
        f.settle()
        #expect(f.desk.state.banner.current == nil)
        #expect(f.screen.contains("Ready — tap a card"))
    }

    @Test func refusedMembersShowRed() throws {
        let f = try DeskFixture()
        let member = try f.add("Sam", pass: "04000009")
        try f.club.updateMember(id: member.memberId, MemberChanges(status: .suspended))
        f.desk.checkIn("04000009", source: .manual)
        f.settle()
        #expect(f.desk.state.banner.current?.kind == .refused)
        #expect(f.screen.contains("Suspended"))
        #expect(BannerModel.tone(.refused) == .danger)
    }

    @Test func unknownCardUnderThePromptPolicyEnrolsOnEnter() throws {
        let f = try DeskFixture(enrolment: .prompt)
        f.desk.checkIn("04C0FFEE", source: .nfc)
        f.settle()
        #expect(f.screen.contains("Unknown card — press Enter to enrol"))
        f.press(.enter)
        #expect(f.screen.contains("Enrol unknown card"))
        f.type("New Person")
        f.press(.enter)
        #expect(try f.database.member(idOrPass: "04C0FFEE")?.username == "New Person")
        #expect(f.screen.contains("Welcome, New Person"))
    }

    @Test func aWedgeBurstOutsideATextFieldChecksIn() throws {
        let f = try DeskFixture()
        try f.add("Ana López", pass: "04A1B2C3")
        for c in "04A1B2C3" {
            f.desk.key(.character(c), at: f.clock.now())
            f.clock.advance(by: 0.004)
        }
        f.desk.key(.enter, at: f.clock.now())
        f.settle()
        #expect(f.desk.state.banner.current?.kind == .welcome)
        let member = try #require(try f.database.member(idOrPass: "04A1B2C3"))
        let visit = try #require(try f.database.visits(memberId: member.memberId).first)
        #expect(visit.source == "wedge")
    }

    @Test func theSameBurstInsideTheSearchFieldIsTyping() throws {
        let f = try DeskFixture()
        try f.add("Ana López", pass: "04A1B2C3")
        f.press(.character("/"))
        for c in "04A1B2C3" {
            f.desk.key(.character(c), at: f.clock.now())
            f.clock.advance(by: 0.004)
        }
        f.desk.key(.enter, at: f.clock.now())
        f.settle()
        #expect(f.desk.state.list.search.text == "04A1B2C3")
        #expect(f.desk.state.banner.current == nil)
    }

    @Test func editFormValidatesAndSaves() throws {
        let f = try DeskFixture()
        try f.add("Ana López", pass: "04A1B2C3", email: "ana@example.com", visits: 2)
        f.press(.function(2))
        #expect(f.screen.contains("Member: Ana López"))
        #expect(f.screen.contains("Visit history"))
        f.press(.down, .down)  // name → pass → email
        for _ in 0..<20 { f.press(.backspace) }
        f.type("not-an-email")
        f.press(.enter)
        #expect(f.screen.contains("Email: 'not-an-email' is not an email address"))
        for _ in 0..<20 { f.press(.backspace) }
        f.type("ana@new.example")
        f.press(.down, .right)  // status → suspended
        f.press(.down)
        f.type("2027-02-30")
        f.press(.enter)
        #expect(f.screen.contains("is not a date"))
        for _ in 0..<10 { f.press(.backspace) }
        f.type("2027-03-01")
        f.press(.down)
        f.type("Paid cash")
        f.press(.enter)
        let saved = try #require(try f.database.member(idOrPass: "04A1B2C3"))
        #expect(saved.fields["userEmailAddress"] == .string("ana@new.example"))
        #expect(saved.status == .suspended)
        #expect(saved.note == "Paid cash")
        #expect(saved.expiresAt != nil)
        #expect(!f.screen.contains("Member: Ana López"))
    }

    @Test func newMemberAndDeleteWithConfirmation() throws {
        let f = try DeskFixture()
        f.press(.function(7))
        f.type("Dora")
        f.press(.tab)
        f.type("04DDDD01")
        f.press(.enter)
        #expect(try f.database.member(idOrPass: "04DDDD01")?.username == "Dora")
        #expect(f.screen.contains("Dora"))
        f.press(.function(8))
        #expect(f.screen.contains("Delete Dora"))
        f.press(.enter)  // Cancel is the default
        #expect(try f.database.member(idOrPass: "04DDDD01") != nil)
        f.press(.function(8), .left, .enter)
        #expect(try f.database.member(idOrPass: "04DDDD01") == nil)
        #expect(f.desk.state.list.total == 0)
    }

    @Test func partsThatAreMissingSayNotAvailable() throws {
        let f = try DeskFixture(width: 200, height: 60)
        let screen = f.screen
        #expect(screen.contains("Reader: not available"))
        #expect(screen.contains("Bluetooth: not available"))
        #expect(screen.contains("Regions: not available"))
        #expect(screen.contains("Beacons: not available"))
        f.press(.function(6))
        #expect(f.screen.contains("Import is not available"))
        f.press(.escape, .function(5))
        #expect(f.screen.contains("Export is not available"))
        f.press(.escape, .function(10))
        #expect(f.desk.wantsQuit)
    }

    @Test func readerAndBluetoothEventsUpdateTheStatusBar() throws {
        let f = try DeskFixture(width: 200, height: 60)
        f.club.bus.publish(.reader(.service(available: false)))
        f.settle()
        #expect(f.screen.contains("Reader: pcscd down"))
        f.club.bus.publish(.reader(.attached(reader: "ACS ACR122U 00 00")))
        f.club.bus.publish(.beacon(.scanner(available: false, reason: "no adapter")))
        f.settle()
        #expect(f.screen.contains("Reader: ACS ACR122U 00 00"))
        #expect(f.screen.contains("Bluetooth: off (no adapter)"))
    }

    @Test func helpListsTheKeys() throws {
        let f = try DeskFixture()
        f.press(.character("?"))
        #expect(f.screen.contains("F10, q, Ctrl-C"))
        f.press(.escape)
        #expect(!f.screen.contains("F10, q, Ctrl-C"))
    }

    @Test func statsViewDrawsBarCharts() throws {
        let f = try DeskFixture(width: 100, height: 40)
        try f.add("Ana", pass: "04000001", visits: 5)
        f.desk.checkIn("04000001", source: .manual)
        f.press(.character("s"))
        let screen = f.screen
        #expect(screen.contains("Check-ins per hour today"))
        #expect(screen.contains("last 30 days"))
        #expect(screen.contains("active this week"))
        #expect(screen.contains("█") || screen.contains("▁"))
    }
}
