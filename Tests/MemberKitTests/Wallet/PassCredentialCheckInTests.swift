import Foundation
@_spi(Decisions) import MemberCore
import MemberDeskTestSupport
@_spi(Testing) @testable import MemberKit
import Testing

/// A pass is its own credential at the reader: the current one checks its member in (by the wedge,
/// a phone or typed), a replaced or revoked one is refused in so many words, the card still works,
/// a credential no file brought is never enrolled, and credentials travel between desks.
@Suite struct PassCredentialCheckInTests {
    typealias F = OccupancyFixture

    @Test func theCurrentPassChecksInAndAReplacedOrRevokedOneIsRefused() throws {
        let f = try F()
        let anna = try f.club.addMember(passId: "04A1B2C3", username: "Anna")
        f.clock.set(F.at(9))
        let first = try f.club.issuePassCredential(memberId: anna.memberId, wallet: .apple)
        #expect(PassCredential.isWellFormed(first.credential) && !first.credential.contains("04A1B2C3"))
        let tapped = try f.club.checkIn(passId: first.credential, source: .wedge)
        #expect(tapped.outcome.member?.memberId == anna.memberId && tapped.outcome.name == "checkedIn")
        // Re-issued: the old pass is refused, the new one checks in.
        f.clock.set(F.at(10))
        let second = try f.club.issuePassCredential(memberId: anna.memberId, wallet: .apple)
        let old = try f.club.checkIn(passId: first.credential, source: .wedge)
        #expect(old.outcome == .cardRefused(first.credential, reason: .passReplaced))
        #expect(old.message == "This pass was replaced; open the new one")
        f.clock.set(F.at(11))
        #expect(try f.club.checkIn(passId: second.credential, source: .wedge).outcome.name == "checkedIn")
        // A Google pass of its own stands beside the Apple one; a Google link issued again keeps its credential.
        let google = try f.club.credentialForIssue(memberId: anna.memberId, wallet: .google)
        #expect(try f.club.credentialForIssue(memberId: anna.memberId, wallet: .google) == google)
        #expect(try f.club.credentialForIssue(memberId: anna.memberId, wallet: .apple) != second)
        // A lost phone: revoked, refused; the card still works.
        let revoked = try f.club.revokePasses(memberId: anna.memberId, by: AuditActor(operator: "Mia", method: .cli))
        #expect(Set(revoked.map(\.wallet)) == [.apple, .google])
        f.clock.set(F.at(12))
        #expect(try f.club.checkIn(passId: google.credential, source: .wallet).outcome == .cardRefused(google.credential, reason: .passRevoked))
        #expect(try f.club.checkIn(passId: "04A1B2C3", source: .nfc).outcome.name == "checkedIn")
        #expect(try f.club.revokePasses(memberId: anna.memberId).isEmpty)
        let lines = try f.database.auditEntries(AuditQuery(action: .passRevoke))
        #expect(lines.count == 2 && lines.allSatisfy { $0.operator == "Mia" && $0.memberId == anna.memberId })
        // Refusals write nothing: two visits only (the first pass, the second), and the card's.
        #expect(try f.database.member(idOrPass: "04A1B2C3")?.numVisits == 3)
    }

    @Test func aCredentialNoFileBroughtIsNeverEnrolledAndADeletedMembersLetsNoOneIn() throws {
        let f = try F()
        let stranger = "WP-" + String(repeating: "Q", count: 32)
        let report = try f.club.checkIn(passId: stranger, source: .wedge)
        #expect(report.outcome == .unknownPass(stranger))
        #expect(try f.database.memberCount() == 0)
        let bo = try f.club.addMember(passId: "P2", username: "Bo")
        let pass = try f.club.issuePassCredential(memberId: bo.memberId, wallet: .apple)
        try f.club.deleteMember(id: bo.memberId)
        #expect(try f.club.checkIn(passId: pass.credential, source: .wedge).outcome == .unknownPass(pass.credential))
        #expect(try f.database.memberCount() == 0)
    }

    @Test func credentialsTravelAndABadFileIsOneLine() throws {
        let clock = FakeClock()
        let (a, b) = (try SyncTestTerminal(id: "TA", clock: clock), try SyncTestTerminal(id: "TB", clock: clock))
        let anna = try a.club.addMember(passId: "04000A01", username: "Anna")
        try b.importBytes(a.export())
        let pass = try a.club.issuePassCredential(memberId: anna.memberId, wallet: .apple)
        #expect(try b.club.checkIn(passId: pass.credential, source: .wedge).outcome == .unknownPass(pass.credential))
        let fromA = PassCredentialFile.bytes(terminalId: "TA", try a.database.ownPassCredentials(terminalId: "TA"))
        #expect(try b.database.mergePassCredentials(PassCredentialFile.parse(fromA, from: "TA", path: "a")) == 1)
        #expect(try b.database.mergePassCredentials(PassCredentialFile.parse(fromA, from: "TA", path: "a")) == 0)
        #expect(try b.club.checkIn(passId: pass.credential, source: .wedge).outcome.name == "checkedIn")
        // Revoked at B: A refuses it once B's file arrives, and B's file says so whole.
        _ = try b.club.revokePasses(memberId: anna.memberId)
        let fromB = PassCredentialFile.bytes(terminalId: "TB", try b.database.ownPassCredentials(terminalId: "TB"))
        #expect(try a.database.mergePassCredentials(PassCredentialFile.parse(fromB, from: "TB", path: "b")) == 1)
        #expect(try a.club.checkIn(passId: pass.credential, source: .wedge).outcome == .cardRefused(pass.credential, reason: .passRevoked))
        #expect(try a.database.allPassCredentials() == b.database.allPassCredentials())
        // A damaged or hostile file is refused whole, with one line, and changes nothing.
        let good = #"{"credential":"WP-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA","issuedAt":1,"issuedBy":"TX","memberId":"m9","wallet":"apple"}"#
        for (file, says) in [
            ("not json", "not a pass credentials file"),
            (#"{"credentials":[\#(good)],"terminalId":"TY"}"#, "written for another desk"),
            (#"{"credentials":[\#(good.replacingOccurrences(of: "WP-A", with: "WP-1"))],"terminalId":"TX"}"#, "is not \"WP-\""),
            (#"{"credentials":[\#(good),\#(good)],"terminalId":"TX"}"#, "listed twice"),
            (#"{"credentials":[\#(good.replacingOccurrences(of: "apple", with: "nokia"))],"terminalId":"TX"}"#, "apple or google"),
            (#"{"credentials":[\#(good.replacingOccurrences(of: "\"issuedBy\":\"TX\"", with: "\"issuedBy\":\"TZ\""))],"terminalId":"TX"}"#, "neither issued nor revoked"),
            (#"{"credentials":[\#(good.replacingOccurrences(of: "\"issuedAt\":1", with: "\"issuedAt\":-1"))],"terminalId":"TX"}"#, "a time out of range"),
            (#"{"credentials":[\#(good.replacingOccurrences(of: "}", with: ",\"revokedAt\":5}"))],"terminalId":"TX"}"#, "a revocation names"),
            (#"{"credentials":[],"format":9,"terminalId":"TX"}"#, "newer memberdesk"),
        ] {
            #expect { _ = try PassCredentialFile.parse(Array(file.utf8), from: "TX", path: "f") } throws: { "\($0)".contains(says) }
        }
        #expect(try a.database.allPassCredentials().count == 1)
    }
}
