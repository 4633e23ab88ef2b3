@testable import DeskUI
import Foundation
import MemberKit
import Testing

/// Each dialog opens through its own `DialogOpener` (`.open`), under `DeskTestStore`: every change
/// of state and every effect a key makes is said, so an opener that opened more, or less, fails.
@Suite struct DeskDialogOpeningTests: DeskStoreFixture {
    @Test func f1OpensTheHelpAndEscClosesIt() {
        let store = makeStore()
        openHelp(store)
        escapeCloses(store)
        store.finish()
    }

    @Test func f5OpensTheExportWithEachFormatsPath() {
        var setup = DeskSetup(terminalName: "Desk 1", exportFormats: ["musrl", "csv"], exportPath: { "members-2026-01-01.\($0)" })
        setup.canImport = true
        let store = makeStore(setup)
        store.press(.function(5)) {
            $0.needsRedraw = true
            $0.dialog = .export(ExportDialog(formats: ["musrl", "csv"], defaultPaths: ["members-2026-01-01.musrl", "members-2026-01-01.csv"]))
        }
        store.receive()
        store.finish()
    }

    @Test func f5AndF6SayWhenTheBuildHasNoExportOrImport() {
        let store = makeStore()
        store.press(.function(5)) {
            $0.needsRedraw = true
            $0.dialog = .notice(NoticeDialog(title: "Export", lines: ["Export is not available in this build."]))
        }
        store.receive()
        escapeCloses(store)
        store.press(.function(6)) {
            $0.needsRedraw = true
            $0.dialog = .notice(NoticeDialog(title: "Import", lines: ["Import is not available in this build."]))
        }
        store.receive()
        store.finish()
    }

    @Test func f7OpensANewMembersFormAndF2TheSelectedMembersWithItsVisits() {
        var setup = DeskSetup(terminalName: "Desk 1", memberFields: ["userEmailAddress"])
        setup.canImport = false
        let store = makeStore(setup, withAna: true)
        store.press(.function(7)) {
            $0.needsRedraw = true
            $0.dialog = .form(MemberFormModel(member: nil, extraFields: ["userEmailAddress"], calendar: .gregorianUTC))
        }
        store.receive()
        escapeCloses(store)
        store.press(.function(2)) {
            $0.needsRedraw = true
            $0.dialog = .form(MemberFormModel(member: ana, extraFields: ["userEmailAddress"], calendar: .gregorianUTC))
        }
        store.receive(.memberForm(.loadVisits(ana)))
        store.finish()
    }

    @Test func f2OverARefusalEditsTheMemberRefusedAndWithNobodyOpensNothing() {
        let store = makeStore()
        // Nobody selected, no banner: F2, F8 and Enter open nothing.
        for key in [Key.function(2), .function(8), .enter] {
            store.press(key) { $0.needsRedraw = true }
            store.receive()
        }
        let report = CheckInReport(time: now, source: .nfc, passId: ana.passId, outcome: .refused(ana, reason: .expired),
                                   terminalId: "t")
        var reload: MemberPageRequest?
        let generation = store.state.jobs.insideGeneration
        store.send(.event(.checkIn(report))) {
            tapShown(report, on: &$0)
            $0.list.replace(ana)
            reload = $0.list.nextRequest()
            $0.jobs.insideGeneration = generation + 1
            $0.jobs.insideInFlight = true
            $0.lock.refusedPass = ana.passId
        }
        store.receive(.memberList(.fetchPage(reload!)), .inside(.count(generation: generation + 1, listing: false)))
        store.press(.function(2)) {
            $0.needsRedraw = true
            $0.dialog = .form(MemberFormModel(member: ana, extraFields: [], calendar: .gregorianUTC))
        }
        store.receive(.memberForm(.loadVisits(ana)))
        store.finish()
    }

    @Test func f8AsksBeforeDeletingTheSelectedMember() {
        let store = makeStore(withAna: true)
        store.press(.function(8)) {
            $0.needsRedraw = true
            $0.dialog = .confirmDelete(ConfirmDeleteDialog(member: ana))
        }
        store.receive()
        store.press(.character("y")) {
            $0.needsRedraw = true
            $0.dialog = nil
        }
        store.receive(.memberForm(.delete(ana, operator: nil)))
        store.finish()
    }

    @Test func enterOnTheFocusedLogShowsItsLineWhole() throws {
        let store = makeStore()
        let entry = try #require(store.state.log.selectedEntry)  // "card reader: not available"
        store.press(.tab) {
            $0.needsRedraw = true
            $0.focus = .log
        }
        store.receive()
        store.press(.enter) {
            $0.needsRedraw = true
            $0.dialog = .notice(NoticeDialog(title: "Event log · \(RelativeTime.clock(entry.time))", lines: [entry.text]))
        }
        store.receive()
        store.finish()
    }

    @Test func enterOnAnUnknownCardOpensTheEnrolPromptAndItsEnterEnrolsWithoutTheBanner() {
        let store = makeStore(DeskSetup(terminalName: "Desk 1", enrolment: .prompt), withAna: true)
        let report = CheckInReport(time: now, source: .nfc, passId: "04FFFFFF", outcome: .unknownPass("04FFFFFF"), terminalId: "t")
        var reload: MemberPageRequest?
        let generation = store.state.jobs.insideGeneration
        store.send(.event(.checkIn(report))) {
            tapShown(report, on: &$0, policy: .prompt)
            reload = $0.list.nextRequest()
            $0.jobs.insideGeneration = generation + 1
            $0.jobs.insideInFlight = true
        }
        store.receive(.memberList(.fetchPage(reload!)), .inside(.count(generation: generation + 1, listing: false)))
        // The banner's card comes before the list's selection.
        store.press(.enter) {
            $0.needsRedraw = true
            $0.dialog = .prompt(.enrol(pass: "04FFFFFF"))
        }
        store.receive()
        store.press(.enter) {
            $0.needsRedraw = true
            $0.dialog = nil
            $0.banner.dismiss()
        }
        store.receive(.checkIn(.enrol(pass: "04FFFFFF", name: nil, operator: nil)))
        // No banner now: Enter edits the selected member.
        store.press(.enter) {
            $0.needsRedraw = true
            $0.dialog = .form(MemberFormModel(member: ana, extraFields: [], calendar: .gregorianUTC))
        }
        store.receive(.memberForm(.loadVisits(ana)))
        store.finish()
    }

    @Test func wSaysWhatTheWalletLacksOrWritesTheSelectedMembersPass() {
        // No wallet in this build.
        var store = makeStore(withAna: true)
        type("w", into: store) {
            $0.dialog = .notice(NoticeDialog(title: "Wallet pass", lines: ["Wallet passes are not available in this build."]))
        }
        store.receive(.probeStore)
        store.finish()
        // A wallet whose set-up lacks a key.
        var setup = openSetup
        setup.walletMissing = ["wallet.team_id"]
        store = makeStore(setup, withAna: true)
        type("w", into: store) {
            $0.dialog = .notice(NoticeDialog(title: "Wallet pass", lines: ["The wallet is not set up. Set in the config:",
                                                                           "  wallet.team_id", "(docs/wallet.md; memberdesk config show)"]))
        }
        store.receive(.probeStore)
        store.finish()
        // Set up: the pass is written; its notice opens with the result.
        setup.walletMissing = []
        store = makeStore(setup, withAna: true)
        type("w", into: store) { _ in }
        store.receive(.wallet(.write(memberId: ana.memberId)), .probeStore)
        store.finish()
    }

    @Test func f4OnALockedDeskAsksForASignInFirstThenOpensTheCheckIn() {
        let store = lockedStore()
        store.press(.function(4)) {
            $0.needsRedraw = true
            $0.dialog = .signIn(SignInDialog(purpose: .signIn(then: .open(.checkIn))))
        }
        store.receive(.lock(.loadOperators))
        store.send(.finished(.lock(.signedIn(account("Bo", .desk))))) {
            $0.needsRedraw = true
            $0.dialog = .prompt(.checkIn())
            $0.lock.onDuty = DeskLock.OnDuty(name: "Bo", role: .desk)
            $0.status.duty = "On duty: Bo"
            $0.log.add("Bo signed in (desk)", tone: .success, at: now)
        }
        store.receive(.lock(.onDuty("Bo")))
        store.finish()
    }
}
