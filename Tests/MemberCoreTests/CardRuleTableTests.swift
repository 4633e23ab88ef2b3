import Foundation
@_spi(Decisions) import MemberCore
import Testing

/// Issue 47 items 3 and 5: the rules that look at the card before any member (`CardRules.order`,
/// which `Admission.rules` runs), enrolment and a phone's freshness (`WalletRules.order`), each
/// called directly from a table, and each list run in its order.
@Suite struct CardRuleTableTests {
    static let read = SecureTap(uid: "04A1B2C3D4E5F6", counter: 7)

    @Test func randomUID() {
        let rows: [(String, String, CheckInSource, SecureTap?, CheckInDecision?)] = [
            ("a random UID at the reader is refused", "08A1B2C3", .nfc, nil, .answer(.cardRefused("08A1B2C3", reason: .noWalletPass))),
            ("lower-case hex is still one", "08a1b2c3", .nfc, nil, .answer(.cardRefused("08a1b2c3", reason: .noWalletPass))),
            ("a fixed UID passes", "04A1B2C3", .nfc, nil, nil),
            ("seven bytes starting 08 is no random UID", "08A1B2C3D4E5F6", .nfc, nil, nil),
            ("not hex is no UID", "08ZZZZZZ", .nfc, nil, nil),
            ("typed by staff passes", "08A1B2C3", .manual, nil, nil),
            ("a wedge scan passes", "08A1B2C3", .wedge, nil, nil),
            ("a verified SUN read passes", "08A1B2C3", .nfc, Self.read, nil),
        ]
        for (name, pass, source, secure, expected) in rows {
            #expect(RandomUIDRule.apply(passId: pass, source: source, secure: secure) == expected, "\(name)")
        }
    }

    @Test func replay() {
        let rows: [(String, SecureTap?, UInt32?, CheckInDecision?)] = [
            ("no SUN read passes", nil, 9, nil),
            ("a tag never seen passes", Self.read, nil, nil),
            ("a counter above the register passes", Self.read, 6, nil),
            ("the same counter again is refused", Self.read, 7, .answer(.cardRefused("P", reason: .replay))),
            ("a lower counter is refused", Self.read, 8, .answer(.cardRefused("P", reason: .replay))),
        ]
        for (name, secure, last, expected) in rows {
            #expect(ReplayRule.apply(passId: "P", secure: secure, lastAccepted: last) == expected, "\(name)")
        }
    }

    @Test func insecureCard() {
        let sun = Self.read.passId
        let rows: [(String, String, CheckInSource, SecureTap?, Bool, CheckInDecision?)] = [
            ("a plain card passes where proof is not required", "04A1B2C3", .nfc, nil, false, nil),
            ("a plain card is refused where proof is required", "04A1B2C3", .nfc, nil, true,
             .answer(.cardRefused("04A1B2C3", reason: .insecure))),
            ("a verified read passes where proof is required", sun, .nfc, Self.read, true, nil),
            ("a SUN pass without a verified read is forged", sun, .nfc, nil, false, .answer(.cardRefused(sun, reason: .insecure))),
            ("any case of the prefix is forged", sun.lowercased(), .nfc, nil, false,
             .answer(.cardRefused(sun.lowercased(), reason: .insecure))),
            ("a wedge scan spelling one is forged", sun, .wedge, nil, false, .answer(.cardRefused(sun, reason: .insecure))),
            ("a plain wedge scan passes where proof is required", "04A1B2C3", .wedge, nil, true, nil),
            ("typed by staff is their word", sun, .manual, nil, true, nil),
            ("a script's pass is its word", sun, .script, nil, true, nil),
        ]
        for (name, pass, source, secure, required, expected) in rows {
            #expect(InsecureCardRule.apply(passId: pass, source: source, secure: secure, requireSecure: required) == expected, "\(name)")
        }
    }

    @Test func staffCard() {
        #expect(StaffCardRule.apply(passId: "ST01", isStaffCard: true) == .answer(.staffCard("ST01")))
        #expect(StaffCardRule.apply(passId: "ST01", isStaffCard: false) == nil)
    }

    /// `CardRules.order` as `Admission` runs it: the first refusal wins, so a card that breaks
    /// several rules is refused by the earliest.
    @Test func cardRulesInOrder() {
        let sun = Self.read.passId
        func facts(_ pass: String, _ source: CheckInSource = .nfc, secure: SecureTap? = nil, last: UInt32? = nil,
                   requireSecure: Bool = false, staff: Bool = false) -> CardFacts {
            CardFacts(passId: pass, source: source, secure: secure, lastSecureCounter: last, requireSecure: requireSecure,
                      isStaffCard: staff)
        }
        // A replaced Wallet pass that is also a staff card's text where proof is required: the pass speaks first.
        var replacedPass = facts("WP-X", requireSecure: true, staff: true)
        replacedPass.credential = .replaced(memberId: "m1")
        let rows: [(String, CardFacts, CheckInDecision?)] = [
            ("a plain card passes every rule", facts("04A1B2C3"), nil),
            ("a random UID where proof is required is a phone, not an insecure card", facts("08A1B2C3", requireSecure: true),
             .answer(.cardRefused("08A1B2C3", reason: .noWalletPass))),
            ("a replayed staff card is a replay", facts(sun, secure: Self.read, last: 7, staff: true),
             .answer(.cardRefused(sun, reason: .replay))),
            ("a forged SUN staff card is insecure", facts(sun, staff: true), .answer(.cardRefused(sun, reason: .insecure))),
            ("a staff card where proof is required, not proven, is insecure", facts("ST01", requireSecure: true, staff: true),
             .answer(.cardRefused("ST01", reason: .insecure))),
            ("a proven staff card is staff's", facts(sun, secure: Self.read, last: 6, staff: true), .answer(.staffCard(sun))),
            ("a staff card typed by hand is staff's", facts("ST01", .manual, requireSecure: true, staff: true), .answer(.staffCard("ST01"))),
            ("a replaced Wallet pass is refused before anything else", replacedPass, .answer(.cardRefused("WP-X", reason: .passReplaced))),
        ]
        for (name, facts, expected) in rows {
            #expect(CardRules.decide(facts) == expected, "\(name)")
        }
        #expect(CardRules.order.count == 5, "a rule added to the list gets its row here (PassCredentialRule: PassCredentialTests too)")
    }

    @Test func walletRulesInOrder() {
        let now = Date(timeIntervalSince1970: Core.t0), settings = WalletSettings(maxAge: 120)
        let rows: [(String, Date?, WalletRefusal?)] = [
            ("a fresh pass goes on to the card's rules", now.addingTimeInterval(-5), nil),
            ("a stale one is refused first", now.addingTimeInterval(-600), .stale),
        ]
        for (name, madeAt, expected) in rows {
            #expect(WalletRules.decide(WalletFacts(madeAt: madeAt, now: now, settings: settings)) == expected, "\(name)")
        }
        #expect(WalletRules.order.count == 1)
    }

    @Test func enrolment() {
        let pass = NormalizedPass(passId: "BB02", username: "Bea")
        func candidate(_ username: String?, _ fields: [String: JSONValue]) -> MemberRecord {
            MemberRecord(memberId: "new", passId: pass.passId, username: username, timeStampAdded: 0, fields: fields, modifiedAt: 0,
                         modifiedBy: "desk-a")
        }
        let rows: [(String, EnrolmentPolicy, EnrolmentRule.Request, Int, EnrolmentRule.Verdict)] = [
            ("a tap under auto enrols", .auto, .byPolicy, 0, .candidate(candidate(nil, [:]))),
            ("a tap under auto with a near holder is asked about", .auto, .byPolicy, 1, .answer(.unknownPass("BB02"))),
            ("a tap under prompt is asked about", .prompt, .byPolicy, 0, .answer(.unknownPass("BB02"))),
            ("a tap under deny is unknown", .deny, .byPolicy, 0, .answer(.unknownPass("BB02"))),
            ("typed by hand is asked about", .auto, .ask, 0, .answer(.unknownPass("BB02"))),
            ("staff's yes enrols with its name and fields", .deny, .enrol(username: "Bea L", fields: ["note": .string("x")]), 1,
             .candidate(candidate("Bea L", ["note": .string("x")]))),
        ]
        for (name, policy, request, near, expected) in rows {
            #expect(EnrolmentRule.apply(pass: pass, policy: policy, request: request, nearHolders: near, candidate: candidate) == expected,
                    "\(name)")
        }
    }

    @Test func walletFreshness() {
        let now = Date(timeIntervalSince1970: Core.t0), settings = WalletSettings(maxAge: 120)
        let rows: [(String, Date?, WalletRefusal?)] = [
            ("no time in the cryptogram passes", nil, nil),
            ("made at the tap passes", now, nil),
            ("made at the limit passes", now.addingTimeInterval(-120), nil),
            ("made earlier is stale", now.addingTimeInterval(-121), .stale),
            ("made later (the phone's clock) is stale", now.addingTimeInterval(121), .stale),
        ]
        for (name, madeAt, expected) in rows {
            #expect(WalletFreshnessRule.apply(madeAt: madeAt, now: now, settings: settings) == expected, "\(name)")
        }
    }
}
