import Foundation
import MemberDeskTestSupport
@_spi(Testing) @testable import MemberKit
import Testing

/// A phone's pass in the core: the credential checks (stale, replay) before the card's rules, the
/// card's rules in the card's order after them, nothing written for a refusal.
@Suite struct WalletCheckInTests {
    static func fixture(capacity: Int = 0, debounce: TimeInterval = 60) throws -> (Club, FakeClock, AppDatabase) {
        let database = try AppDatabase.inMemory()
        let clock = FakeClock()
        let club = Club(database: database, terminal: try database.terminalIdentity(name: "Front"),
                        settings: ClubSettings(debounce: debounce, occupancy: OccupancySettings(capacity: capacity),
                                               wallet: WalletSettings(organization: "Harbour Gym", maxAge: 120)),
                        bus: EventBus(), clock: clock)
        return (club, clock, database)
    }

    static func pass(_ id: String, madeAt: Date, digest: UInt8) -> WalletPresentation {
        WalletPresentation(wallet: .apple, read: .pass(passId: id, madeAt: madeAt, digest: [UInt8](repeating: digest, count: 32)))
    }

    @Test func aFreshPassChecksTheMemberInWithSourceWallet() throws {
        let (club, clock, _) = try Self.fixture()
        let ann = try club.addMember(passId: "ANN-1", username: "Ann")
        let report = try club.checkIn(wallet: Self.pass("ANN-1", madeAt: clock.now().addingTimeInterval(-120), digest: 1), by: nil)
        guard case .checkedIn(let member, 1) = report.outcome else { Issue.record("\(report.outcome)"); return }
        #expect(member.memberId == ann.memberId && report.source == .wallet && report.wallet == .apple)
    }

    @Test(arguments: [-121.0, 121.0])
    func aPassMadeMoreThanMaxAgeAwayIsStale(offset: Double) throws {
        let (club, clock, database) = try Self.fixture()
        _ = try club.addMember(passId: "ANN-1", username: "Ann")
        let report = try club.checkIn(wallet: Self.pass("ANN-1", madeAt: clock.now().addingTimeInterval(offset), digest: 1), by: nil)
        guard case .walletRefused(.stale, _) = report.outcome else { Issue.record("\(report.outcome)"); return }
        #expect(report.outcome.name == "refused")
        #expect(try database.member(idOrPass: "ANN-1")?.numVisits == 0)
    }

    @Test func theSameDigestTwiceIsAReplayUntilItCouldNoLongerBeFresh() throws {
        let (club, clock, database) = try Self.fixture(debounce: 0)
        _ = try club.addMember(passId: "ANN-1", username: "Ann")
        let made = clock.now()
        #expect(try club.checkIn(wallet: Self.pass("ANN-1", madeAt: made, digest: 7), by: nil).outcome.name == "checkedIn")
        clock.advance(by: 10)
        let again = try club.checkIn(wallet: Self.pass("ANN-1", madeAt: made, digest: 7), by: nil)
        guard case .walletRefused(.replay, _) = again.outcome else { Issue.record("\(again.outcome)"); return }
        #expect(try database.member(idOrPass: "ANN-1")?.numVisits == 1)
        // Another cryptogram of the same pass is no replay.
        #expect(try club.checkIn(wallet: Self.pass("ANN-1", madeAt: clock.now(), digest: 8), by: nil).outcome.name == "checkedIn")
    }

    @Test func aGooglePassHasNoTimeSoIsNeverStaleButItsDigestIsStillClaimed() throws {
        // Smart Tap carries no time (madeAt nil): freshness comes from its per-tap session; the
        // digest of the record bundle is claimed as an Apple cryptogram's is.
        let (club, clock, database) = try Self.fixture(debounce: 0)
        _ = try club.addMember(passId: "ANN-1", username: "Ann")
        let google = WalletPresentation(wallet: .google, read: .pass(passId: "ANN-1", madeAt: nil, digest: [UInt8](repeating: 9, count: 32)))
        let first = try club.checkIn(wallet: google, by: nil)
        #expect(first.outcome.name == "checkedIn" && first.wallet == .google)
        clock.advance(by: 60)
        guard case .walletRefused(.replay, _) = try club.checkIn(wallet: google, by: nil).outcome else { Issue.record("not a replay"); return }
        #expect(try database.member(idOrPass: "ANN-1")?.numVisits == 1)
        let picker = try club.checkIn(wallet: WalletPresentation(wallet: .google, read: .refused(.choosePassOnPhone)), by: nil)
        #expect(picker.outcome.message == "Choose the pass on the phone, then hold it here again" && picker.wallet == .google)
    }

    @Test func anAnswerThatDoesNotVerifyIsAReplayWhenItsDigestWasClaimedElseAReaderFailure() throws {
        // A Smart Tap answer recorded at one tap and sent again fails its HMAC under the new
        // session's keys: the reader hands the core its digest, never a pass id.
        let (club, clock, database) = try Self.fixture(debounce: 0)
        _ = try club.addMember(passId: "ANN-1", username: "Ann")
        let digest = [UInt8](repeating: 5, count: 32)
        #expect(try club.checkIn(wallet: WalletPresentation(wallet: .google, read: .pass(passId: "ANN-1", madeAt: nil, digest: digest)),
                                 by: nil).outcome.name == "checkedIn")
        let events = club.bus.subscribe()
        clock.advance(by: 30)
        let replayed = WalletPresentation(wallet: .google, read: .unverified(digest: digest, problem: "the record bundle's HMAC does not verify"))
        let report = try club.checkIn(wallet: replayed, by: nil)
        guard case .walletRefused(.replay, _) = report.outcome else { Issue.record("\(report.outcome)"); return }
        #expect(report.wallet == .google && report.passId == "")

        // Never claimed: a reader failure on the bus, thrown, nothing written (and nothing claimed).
        let other = WalletPresentation(wallet: .google, read: .unverified(digest: [UInt8](repeating: 6, count: 32), problem: "bad HMAC"))
        #expect(throws: WalletUnverified.self) { try club.checkIn(wallet: other, by: nil) }
        #expect(events.drain().contains { if case .reader(.failure(_, "bad HMAC")) = $0 { true } else { false } })
        #expect(try database.member(idOrPass: "ANN-1")?.numVisits == 1)
        #expect(try database.liveWalletClaims(now: clock.now().timeIntervalSince1970).count == 1)
        // Once the claim has expired (max_age_seconds), the same answer is no longer known.
        clock.advance(by: 121)
        #expect(throws: WalletUnverified.self) { try club.checkIn(wallet: replayed, by: nil) }
    }

    @Test func aRefusalTheReaderSawWritesNothingAndNamesTheClub() throws {
        let (club, _, database) = try Self.fixture()
        let report = try club.checkIn(wallet: WalletPresentation(wallet: nil, read: .refused(.noWalletPass)), by: nil)
        #expect(report.outcome.message == "No Harbour Gym pass on this phone")
        #expect(report.passId == "" && report.source == .wallet)
        #expect(try database.memberCount() == 0)
    }

    @Test func aPassNoMemberHoldsIsUnknownNeverEnrolled() throws {
        let (club, clock, database) = try Self.fixture()
        let report = try club.checkIn(wallet: Self.pass("GONE-9", madeAt: clock.now(), digest: 3), by: nil)
        #expect(report.outcome.name == "unknownPass")
        #expect(try database.memberCount() == 0)
    }

    @Test func theCardsRulesApplyDebounceThenCapacity() throws {
        let (club, clock, _) = try Self.fixture(capacity: 1)
        _ = try club.addMember(passId: "ANN-1", username: "Ann")
        _ = try club.addMember(passId: "BOB-2", username: "Bob")
        #expect(try club.checkIn(wallet: Self.pass("ANN-1", madeAt: clock.now(), digest: 1), by: nil).outcome.name == "checkedIn")
        #expect(try club.checkIn(wallet: Self.pass("ANN-1", madeAt: clock.now(), digest: 2), by: nil).outcome.name == "duplicate")
        let bob = try club.checkIn(wallet: Self.pass("BOB-2", madeAt: clock.now(), digest: 3), by: nil)
        guard case .refused(_, .capacity) = bob.outcome else { Issue.record("\(bob.outcome)"); return }
    }
}
