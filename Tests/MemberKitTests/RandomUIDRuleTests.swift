import Foundation
@_spi(Decisions) import MemberCore
import MemberDeskTestSupport
@_spi(Testing) @testable import MemberKit
import Testing

/// A phone's random UID (4 bytes starting 08) identifies nobody: refused, never enrolled.
@Suite("Random UIDs")
struct RandomUIDRuleTests {
    static func club(_ settings: ClubSettings = ClubSettings(debounce: 0)) throws -> Club {
        let database = try AppDatabase.inMemory()
        return Club(database: database, terminal: try database.terminalIdentity(name: "A"), settings: settings, clock: FakeClock())
    }

    @Test("the shape: eight hex digits starting 08, no other")
    func shape() {
        for text in ["083A915C", "08000000", "08abcdef"] { #expect(RandomUIDRule.isRandomUID(text), "\(text)") }
        for text in ["04A23B1C", "083A915", "083A915C55", "08ZZ0000", "18000000", "", "SUN:083A915C"] {
            #expect(!RandomUIDRule.isRandomUID(text), "\(text)")
        }
    }

    @Test("an NFC tap of a random UID is refused and enrols nobody, even under auto-enrolment")
    func refusedNotEnrolled() throws {
        let club = try Self.club()
        let report = try club.checkIn(passId: "083A915C", source: .nfc)
        guard case .cardRefused(let pass, .noWalletPass) = report.outcome else { Issue.record("got \(report.outcome)"); return }
        #expect(pass == "083A915C" && !report.outcome.isAdmitted && report.outcome.name == "refused")
        #expect(try club.database.member(idOrPass: "083A915C") == nil)
        // A real 4-byte UID still enrols.
        guard case .enrolled = try club.checkIn(passId: "04A23B1C", source: .nfc).outcome else { Issue.record("plain card"); return }
    }

    @Test("typed by staff or scanned as text, the same digits are a pass like any other")
    func otherSources() throws {
        let club = try Self.club()
        guard case .enrolled = try club.checkIn(passId: "083A915C", source: .manual).outcome else { Issue.record("manual"); return }
    }
}
