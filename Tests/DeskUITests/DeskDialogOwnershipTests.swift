@testable import DeskUI
import Foundation
import MemberKit
import Testing

/// No slice holds the desk's whole dialog: a feature's or the lock's answer arriving while
/// another dialog is open (help, a form, F4's prompt) leaves that dialog as it was, and what
/// they open (a notice, the chooser, the review) opens over no dialog only.
@Suite struct DeskDialogOwnershipTests: DeskStoreFixture {
    var others: [DeskDialog] {
        [.help(NoticeDialog(title: "Help", lines: ["a"])),
         .form(MemberFormModel(member: ana, extraFields: [], calendar: .gregorianUTC)),
         .prompt(.checkIn())]
    }

    let preview = ImportPreview(file: "m.csv", counts: MergeCounts(), received: MemberFileCount(members: 1, deletions: 0, unified: 0),
                                lines: ["new  Ana López (04A1B2C3)"], plan: "plan 1")

    /// Each slice's answers that a dialog of its own would take, or that would open one. (The audit
    /// view, which its key asked for, replaces what opened meanwhile: `DeskDialogAnswerTests`.)
    var answers: [JobResult] {
        [.checkIn(.namedMembers(typed: "Ana", members: [ana])), .checkIn(.failed("no such pass")),
         .imports(.previewed(preview)), .imports(.previewFailed("no such file")),
         .imports(.imported(ImportNotice(file: "m.csv", new: 1, updated: 0, unchanged: 0, unified: 0, deleted: 0))),
         .imports(.failed("disk full")),
         .wallet(.written(WalletPassNotice(memberName: "Ana López", path: "/tmp/ana.pkpass", googleLinkLength: nil))),
         .wallet(.failed("disk full")), .audit(.failed("database is locked")),
         .lock(.operators([OperatorChoice(name: "Mia", role: .manager)])), .lock(.signInFailed("wrong PIN", usesATry: true)),
         .lock(.signedIn(account("Mia", .manager))), .lock(.failed(job: "operators", error: "locked"))]
    }

    @Test func anAnswerOverAnotherDialogLeavesItAlone() {
        for other in others {
            for answer in answers {
                var state = DeskState(setup: openSetup, now: now)
                state.dialog = other
                _ = DeskReducer.reduce(&state, .finished(answer), now: now)
                #expect(state.dialog == other, "\(answer) over \(other)")
            }
        }
    }

    /// The check-in, import and wallet answers open their dialog where none is open, as before.
    @Test func whatAnAnswerOpensOpensOverNoDialog() {
        var state = DeskState(setup: openSetup, now: now)
        _ = DeskReducer.reduce(&state, .finished(.checkIn(.namedMembers(typed: "Ana", members: [ana]))), now: now)
        #expect(state.dialog == .typedNames(TypedNamesDialog(typed: "Ana", members: [ana], calendar: .gregorianUTC)))
        state.dialog = .prompt(.importFile())
        _ = DeskReducer.reduce(&state, .finished(.imports(.previewed(preview))), now: now)
        #expect(state.dialog == .importReview(ImportReviewDialog(preview: preview)))
    }

    /// The import's prompt is its own by its purpose: F4's prompt is not (checked above), and its
    /// own takes the failed read's error.
    @Test func theImportsSliceHoldsItsOwnPromptAndReviewOnly() {
        var state = DeskState(setup: openSetup, now: now)
        state.dialog = .prompt(.checkIn())
        #expect(ImportFeature.lens.read(state) == ImportSlice(prompt: nil, review: nil, operatorName: nil))
        state.dialog = .prompt(.importFile())
        _ = DeskReducer.reduce(&state, .finished(.imports(.previewFailed("no such file"))), now: now)
        var failed = PromptDialog.importFile()
        failed.error = "no such file"
        #expect(state.dialog == .prompt(failed))
    }

    /// Only the lock, quitting and the audit view put a dialog in place of another (`DialogChange.replace`).
    @Test func onlyTheLockQuittingAndTheAuditViewReplaceADialog() throws {
        var replacing: [String] = []
        for file in NewDialogChecklistTests.swiftFiles() {
            // A dialog's case follows (`.replace(.signIn(…))`); the member list's `.replace(member)` is another action.
            for (_, line) in try NewDialogChecklistTests.code(file) where line.contains(".replace(.") { replacing.append(file) }
        }
        #expect(replacing == ["Features/Audit/AuditFeature.swift", "Staff/LockReducer.swift", "Staff/LockReducer.swift",
                              "State/QuitReducer.swift"], "\(replacing)")
    }

    /// The lock's slice holds its sign-in alone (the open dialog read only), and quitting's none.
    @Test func theLockAndQuittingWriteNoOtherDialog() {
        let help = DeskDialog.help(NoticeDialog(title: "Help", lines: ["a"]))
        var state = DeskState(setup: openSetup, now: now)
        state.dialog = help
        #expect(LockSlice.lens.read(state).signIn == nil)
        var lock = LockSlice.lens.read(state)
        lock.signIn = SignInDialog(purpose: .signIn(then: nil))
        LockSlice.lens.write(lock, &state)
        #expect(state.dialog == help)
        var quit = QuitSlice.lens.read(state)
        #expect(QuitReducer.reduce(&quit, .interrupt) == nil)
        #expect(quit == QuitSlice(wantsQuit: true, open: help))
    }
}
