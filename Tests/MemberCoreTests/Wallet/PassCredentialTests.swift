import Foundation
@_spi(Decisions) import MemberCore
import Testing

/// A Wallet pass's own credential: its text, its standing among its member's credentials, the
/// merge of two desks' word on one, and the card rule that refuses a replaced or revoked pass.
@Suite struct PassCredentialTests {
    static func credential(_ text: String, member: String = "m1", wallet: WalletKind = .apple, at time: Double,
                           revokedAt: Double? = nil, by: String? = nil) -> PassCredential {
        PassCredential(credential: text, memberId: member, wallet: wallet, issuedAt: time, terminalId: "T1",
                       revokedAt: revokedAt, revokedBy: revokedAt == nil ? nil : by ?? "T2")
    }

    @Test func theTextIs160RandomBitsInBase32() throws {
        let text = PassCredential.text([UInt8](repeating: 0, count: 20))
        #expect(text == "WP-" + String(repeating: "A", count: 32))
        #expect(PassCredential.text([UInt8](repeating: 0xFF, count: 20)) == "WP-" + String(repeating: "7", count: 32))
        #expect(PassCredential.isWellFormed(text))
        for bad in ["WP-" + String(repeating: "A", count: 31), "wp-" + String(repeating: "A", count: 32),
                    "WP-" + String(repeating: "1", count: 32), "XP-" + String(repeating: "A", count: 32), "04A1B2C3D4E5F6", ""] {
            #expect(!PassCredential.isWellFormed(bad), "\(bad)")
        }
        // Not a card UID: the pass normalizer keeps it as written.
        #expect(try PassIdNormalizer.normalize(text).passId == text)
    }

    @Test func theLatestIsTheMembersPassAndEarlierOnesAreReplaced() {
        let first = Self.credential("WP-A", at: 100), second = Self.credential("WP-B", at: 200)
        let tie = Self.credential("WP-C", at: 200)
        let revoked = Self.credential("WP-D", at: 300, revokedAt: 400)
        let rows: [(String, PassCredential, [PassCredential], PassCredential.Standing)] = [
            ("alone", first, [first], .current(memberId: "m1")),
            ("a later one replaced it", first, [first, second], .replaced(memberId: "m1")),
            ("the later one", second, [first, second], .current(memberId: "m1")),
            ("the same time: by text", second, [second, tie], .replaced(memberId: "m1")),
            ("revoked", revoked, [first, revoked], .revoked(memberId: "m1")),
            // A later pass revoked: the earlier is still replaced (a lost phone's revocation brings no old pass back).
            ("replaced by a revoked one", second, [first, second, revoked], .replaced(memberId: "m1")),
        ]
        for (name, credential, siblings, expected) in rows {
            #expect(PassCredential.standing(of: credential, among: siblings) == expected, "\(name)")
        }
    }

    @Test func twoDesksWordOnOneCredentialMergesByLaw() {
        let issued = Self.credential("WP-A", at: 100)
        let revokedAtB = Self.credential("WP-A", at: 100, revokedAt: 500, by: "T2")
        let revokedAtC = Self.credential("WP-A", at: 100, revokedAt: 300, by: "T3")
        let versions = [issued, revokedAtB, revokedAtC]
        for a in versions {
            #expect(a.merged(with: a) == a)
            for b in versions {
                #expect(a.merged(with: b) == b.merged(with: a))
                for c in versions { #expect(a.merged(with: b).merged(with: c) == a.merged(with: b.merged(with: c))) }
            }
        }
        // A revocation wins, the earlier one kept.
        let all = issued.merged(with: revokedAtB).merged(with: revokedAtC)
        #expect(all.revokedAt == 300 && all.revokedBy == "T3")
    }

    @Test func theCardRuleRefusesAReplacedOrRevokedPassFirst() {
        func facts(_ standing: PassCredential.Standing?) -> CardFacts {
            var facts = CardFacts(passId: "WP-X", source: .wallet, secure: nil, lastSecureCounter: nil, requireSecure: true, isStaffCard: false)
            facts.credential = standing
            return facts
        }
        #expect(CardRules.decide(facts(.replaced(memberId: "m1"))) == .answer(.cardRefused("WP-X", reason: .passReplaced)))
        #expect(CardRules.decide(facts(.revoked(memberId: "m1"))) == .answer(.cardRefused("WP-X", reason: .passRevoked)))
        #expect(CheckInOutcome.cardRefused("WP-X", reason: .passReplaced).message == "This pass was replaced; open the new one")
        // A current pass: the other card rules speak (here: a plain pass where secure cards are required).
        #expect(CardRules.decide(facts(.current(memberId: "m1"))) != .answer(.cardRefused("WP-X", reason: .passReplaced)))
        // A credential of ours that no file has brought yet is never a new member.
        let unknown = EnrolmentRule.apply(pass: NormalizedPass(passId: "WP-" + String(repeating: "B", count: 32)), policy: .auto,
                                          request: .byPolicy) { _, _ in Core.member() }
        #expect(unknown == .answer(.unknownPass("WP-" + String(repeating: "B", count: 32))))
    }
}
