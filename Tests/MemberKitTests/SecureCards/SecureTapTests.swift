import Foundation
import MemberDeskTestSupport
@_spi(Testing) @testable import MemberKit
import Testing

/// SUN taps through the club's rules: the card first (replay, insecure), then every rule as for
/// any tap, capacity included.
@Suite("Secure taps")
struct SecureTapTests {
    static let uid = "04DE5F1EACC040"

    static func club(_ settings: ClubSettings = ClubSettings(debounce: 0)) throws -> (Club, FakeClock) {
        let clock = FakeClock()
        let database = try AppDatabase.inMemory()
        return (Club(database: database, terminal: try database.terminalIdentity(name: "A"), settings: settings, clock: clock), clock)
    }

    static func tap(_ club: Club, _ counter: UInt32, uid: String = uid) throws -> CheckInReport {
        let secure = SecureTap(uid: uid, counter: counter)
        return try club.checkIn(passId: secure.passId, source: .nfc, secure: secure)
    }

    @Test("a rising counter checks in; the same or a lower one is a replay, refused before the member is looked at")
    func replay() throws {
        let (club, clock) = try Self.club()
        let first = try Self.tap(club, 61)
        guard case .enrolled(let member) = first.outcome else { Issue.record("got \(first.outcome)"); return }
        #expect(member.passId == "SUN:04DE5F1EACC040" && first.secure == true)
        clock.advance(by: 120)
        for counter: UInt32 in [61, 60, 0] {
            let again = try Self.tap(club, counter)
            guard case .cardRefused(let pass, .replay) = again.outcome else { Issue.record("got \(again.outcome)"); return }
            #expect(pass == "SUN:04DE5F1EACC040" && again.outcome.name == "refused" && !again.outcome.isAdmitted)
        }
        guard case .checkedIn(_, 2) = try Self.tap(club, 62).outcome else { Issue.record("62 should count"); return }
        #expect(try club.database.lastSecureCounter(uid: Self.uid) == 62)
        #expect(try club.database.member(id: member.memberId)?.numVisits == 2)
    }

    @Test("a replay of a card nobody holds enrols nobody; a refused member's read is still used up")
    func unknownAndRefused() throws {
        let (club, _) = try Self.club(ClubSettings(debounce: 0, enrolment: .deny))
        guard case .unknownPass = try Self.tap(club, 5).outcome else { Issue.record("deny"); return }
        // The read was seen: the same URL again is a replay, not another unknown card.
        guard case .cardRefused(_, .replay) = try Self.tap(club, 5).outcome else { Issue.record("replay"); return }
        #expect(try club.database.member(idOrPass: "SUN:04DE5F1EACC040") == nil)
    }

    @Test("capacity applies to a secure card as to any tap")
    func capacity() throws {
        let (club, _) = try Self.club(ClubSettings(debounce: 0, occupancy: OccupancySettings(capacity: 1)))
        _ = try club.checkIn(passId: "04000001", source: .nfc)
        guard case .refused(_, .capacity) = try Self.tap(club, 1).outcome else { Issue.record("capacity"); return }
    }

    @Test("require_secure refuses plain NFC cards; a SUN pass spelt by a Text record or a wedge is always refused")
    func insecure() throws {
        let (strict, _) = try Self.club(ClubSettings(debounce: 0, requireSecure: true))
        let plain = try strict.checkIn(passId: "04A23B1C", source: .nfc)
        guard case .cardRefused(_, .insecure) = plain.outcome else { Issue.record("got \(plain.outcome)"); return }
        #expect(plain.secure == false)
        // Typed by staff, a plain pass is the staff's word.
        guard case .enrolled = try strict.checkIn(passId: "04A23B1C", source: .manual).outcome else { Issue.record("manual"); return }

        let (lenient, _) = try Self.club()
        let low = try lenient.checkIn(passId: "04A23B1D", source: .nfc)
        guard case .enrolled = low.outcome else { Issue.record("lenient"); return }
        #expect(low.secure == false)
        #expect(try lenient.checkIn(passId: "04A23B1D", source: .wedge).secure == nil)
        for source in [CheckInSource.nfc, .wedge] {
            let forged = try lenient.checkIn(passId: "1|SUN:04DE5F1EACC040|x|Eve", source: source)
            guard case .cardRefused(_, .insecure) = forged.outcome else { Issue.record("\(source): \(forged.outcome)"); return }
        }
        #expect(try lenient.database.member(idOrPass: "SUN:04DE5F1EACC040") == nil)
    }

    @Test("SUN counter entries merge by law: any order, repeats, same result")
    func entryLaw() {
        let a = SecureCounterEntry(uid: "04AA", terminalId: "T1", counter: 5, recent: [3, 4, 5])
        let b = SecureCounterEntry(uid: "04AA", terminalId: "T1", counter: 9, recent: Array(1...9))
        let c = SecureCounterEntry(uid: "04AA", terminalId: "T1", counter: 7, recent: [7])
        #expect(a.merged(with: b) == b.merged(with: a))
        #expect(a.merged(with: b).merged(with: c) == a.merged(with: c.merged(with: b)))
        #expect(b.merged(with: b) == b && b.recent.count == SecureCounterEntry.recentKept)
        let other = SecureCounterEntry(uid: "04AA", terminalId: "T2", counter: 5, recent: [5])
        #expect(a.sharedReads(with: other) == [5])
    }
}
