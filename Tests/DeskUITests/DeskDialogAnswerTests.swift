@testable import DeskUI
import Foundation
import MemberKit
import Testing

/// The dialogs that open on a job's answer rather than at once, the wallet pass's notice and the
/// audit view, under `DeskTestStore`: each starts its job through its own `DialogOpener`, and its
/// feature (`WalletFeature`, `AuditFeature`) makes the job's result into what opens, every change said.
@Suite struct DeskDialogAnswerTests: DeskStoreFixture {
    var walletSetUp: DeskSetup {
        var setup = openSetup
        setup.walletMissing = []
        return setup
    }

    let written = WalletPassNotice(memberName: "Ana López", path: "/tmp/ana.pkpass", googleLinkLength: nil)

    // MARK: The wallet pass's notice

    @Test func wWritesThePassAndItsNoticeOpensWithTheAnswer() {
        let store = makeStore(walletSetUp, withAna: true)
        type("w", into: store) { _ in }
        store.receive(.wallet(.write(memberId: ana.memberId)), .probeStore)
        store.send(.finished(.wallet(.written(written)))) {
            $0.needsRedraw = true
            $0.log.add("wallet: Ana López's pass written to /tmp/ana.pkpass", tone: .success, at: now)
            $0.dialog = .notice(NoticeDialog(title: "Wallet pass", lines: ["Apple Wallet pass for Ana López:", "/tmp/ana.pkpass",
                                                                           "Google Wallet: not set up ([wallet.google])"]))
        }
        store.receive()
        escapeCloses(store)
        store.finish()
    }

    @Test func aPassNotWrittenIsLoggedAndSaidInTheNotice() {
        let store = makeStore(walletSetUp, withAna: true)
        type("w", into: store) { _ in }
        store.receive(.wallet(.write(memberId: ana.memberId)), .probeStore)
        store.send(.finished(.wallet(.failed("wallet.pass_type_id: no such certificate")))) {
            $0.needsRedraw = true
            $0.log.add("wallet: wallet.pass_type_id: no such certificate", tone: .danger, at: now)
            $0.dialog = .notice(NoticeDialog(title: "Wallet pass", lines: ["wallet.pass_type_id: no such certificate"]))
        }
        store.receive()
        store.finish()
    }

    /// A new member's save writes the pass too: its answer comes after the form closed, or while
    /// another dialog is open, and then only the log says it.
    @Test func theAnswerOverAnotherDialogIsOnlyLogged() {
        let store = makeStore(walletSetUp)
        openHelp(store)
        answerIsLogged(.wallet(.written(written)), "wallet: Ana López's pass written to /tmp/ana.pkpass", .success, on: store)
        answerIsLogged(.wallet(.failed("disk full")), "wallet: disk full", .danger, on: store)
        store.finish()
    }

    // MARK: The audit view

    let entries = [AuditEntry(entryId: "1", time: 1_767_268_000, deskId: "T1", desk: "Front desk", operator: "Mia", method: .tap,
                              action: .visit, memberId: "M1"),
                   AuditEntry(entryId: "2", time: 1_767_268_100, deskId: "T1", desk: "Front desk", operator: "Mia", method: .manual,
                              action: .delete, memberId: "M1")]
    let names = RecordNames(desks: ["T1": "Front desk"], members: ["M1": .init(name: "Anna Smith", passId: "P1", deleted: true)])

    /// The record is read and empty: the view opens, and says so.
    func anEmptyRecordOpens(on store: DeskTestStore, sourceLocation: SourceLocation = #_sourceLocation) {
        store.send(.finished(.audit(.loaded([], names))), sourceLocation: sourceLocation) {
            $0.needsRedraw = true
            $0.dialog = .notice(NoticeDialog(title: "Audit record · newest first", lines: ["Nothing recorded yet."]))
        }
        store.receive(sourceLocation: sourceLocation)
    }

    @Test func aManagersAOpensTheAuditViewNewestFirstOnceTheRecordIsRead() {
        let store = lockedStore()
        signIn("Mia", .manager, on: store)
        type("a", into: store) { _ in }
        store.receive(.audit(.load), .probeStore)
        store.send(.finished(.audit(.loaded(entries, names)))) {
            $0.needsRedraw = true
            $0.dialog = .notice(NoticeDialog(title: "Audit record · newest first",
                                             lines: entries.reversed().map { AuditLine.text($0, names: names) }))
        }
        store.receive()
        #expect(store.state.dialog?[NoticeDialog.self]?.lines.first?.contains("delete") == true)
        escapeCloses(store)
        // An empty record says so.
        anEmptyRecordOpens(on: store)
        store.finish()
    }

    @Test func theAuditViewOpensOverAnOpenDialogAndAFailedReadIsLogged() {
        let store = makeStore()
        openHelp(store)
        answerIsLogged(.audit(.failed("database is locked")), "audit: database is locked", .danger, on: store)
        // Asked for by its key, the view replaces whatever opened meanwhile.
        anEmptyRecordOpens(on: store)
        store.finish()
    }

    @Test func aOnALockedDeskSignsInFirstAndADeskOperatorNeedsAManager() {
        let store = lockedStore()
        type("a", into: store) {
            $0.dialog = .signIn(SignInDialog(purpose: .signIn(then: .open(.audit))))
        }
        store.receive(.lock(.loadOperators), .probeStore)
        // Bo signs in, and may not see the record: a manager's PIN is asked for.
        store.send(.finished(.lock(.signedIn(account("Bo", .desk))))) {
            $0.needsRedraw = true
            $0.dialog = .signIn(SignInDialog(purpose: .authorize(.open(.audit), .viewAudit)))
            $0.lock.onDuty = DeskLock.OnDuty(name: "Bo", role: .desk)
            $0.status.duty = "On duty: Bo"
            $0.log.add("Bo signed in (desk)", tone: .success, at: now)
        }
        store.receive(.lock(.onDuty("Bo")), .lock(.loadOperators))
        store.send(.finished(.lock(.signedIn(account("Mia", .manager))))) {
            $0.needsRedraw = true
            $0.dialog = nil
        }
        store.receive(.audit(.load))
        store.finish()
    }
}
