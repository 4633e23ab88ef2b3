@testable import DeskUI
import Foundation
import MemberKit
import Testing

/// `DeskDialog` composes the dialogs through `DeskDialogFeature` and its one switch
/// (`withFeature`): keys, commands, frames and questions reach the open dialog's own code, and
/// what a dialog changes goes back into its own case.
@Suite struct DeskDialogFeatureTests: DeskStoreFixture {
    @Test func ctrlCOverATypedPromptAsksAndKeepEditingGivesThePromptBack() {
        let store = makeStore()
        store.press(.function(4)) {
            $0.needsRedraw = true
            $0.dialog = .prompt(.checkIn())
        }
        store.receive()
        var typed = PromptDialog.checkIn()
        _ = typed.onKey(.character("0"))
        store.press(.character("0")) {
            $0.needsRedraw = true
            $0.dialog = .prompt(typed)
        }
        store.receive()
        // The prompt holds typed text (its `holdsTypedText`): Ctrl-C asks first.
        store.press(DeskKeymap.interrupt) {
            $0.needsRedraw = true
            $0.dialog = .confirmQuit(ConfirmQuitDialog(resume: .prompt(typed)))
        }
        store.receive()
        // Enter on "Keep editing" closes the question back to what it was opened over (its `closesBackTo`).
        store.press(.enter) {
            $0.needsRedraw = true
            $0.dialog = .prompt(typed)
        }
        store.receive()
        store.finish()
    }

    @Test func aNoticeOpenedEmptyAsksNothingOnCtrlC() {
        let store = makeStore()
        openHelp(store)
        store.press(DeskKeymap.interrupt) {
            $0.needsRedraw = true
            $0.wantsQuit = true
        }
        store.receive()
        store.finish()
    }

    @Test func aDialogWrittenInPlaceStaysInItsOwnCase() {
        var help = DeskDialog.help(NoticeDialog(title: "Help", lines: ["a"]))
        help[NoticeDialog.self]?.lines = ["b"]
        #expect(help == .help(NoticeDialog(title: "Help", lines: ["b"])))
        // Another dialog's type changes nothing.
        help[PromptDialog.self] = .checkIn()
        #expect(help == .help(NoticeDialog(title: "Help", lines: ["b"])))
        #expect(help.form == nil)
    }

    @Test func aResultReachesOnlyTheDialogThatStartedItsJob() {
        var export = ExportSlice(export: ExportDialog(formats: ["csv"], defaultPaths: ["members.csv"]), operatorName: nil)
        export.export?.phase = .running(0)
        #expect(ExportFeature.reduce(&export, .finished(.progress(0.5)), now: now) == FeatureOutput())
        #expect(export.export?.phase == .running(0.5))
        var desk = DeskTestStore.settled(openSetup, now: now).state
        desk.dialog = .notice(NoticeDialog(title: "N", lines: []))
        var notice = ExportFeature.lens.read(desk)
        #expect(ExportFeature.reduce(&notice, .finished(.progress(0.5)), now: now) == FeatureOutput())
        ExportFeature.lens.write(notice, &desk)
        #expect(desk.dialog == .notice(NoticeDialog(title: "N", lines: [])))
        // Through the parent, no dialog takes the result itself: its feature's route alone changes the dialog.
        var state = DeskTestStore.settled(openSetup, now: now).state
        state.dialog = .export(ExportDialog(formats: ["csv"], defaultPaths: ["members.csv"]))
        state.dialog?.export?.phase = .running(0)
        var expected = state
        expected.dialog?.export?.phase = .running(0.5)
        var effects: [DeskEffect] = []
        DeskReducer.apply(.export(.progress(0.5)), &state, &effects, now: now)
        #expect(state == expected)
        #expect(effects.isEmpty)
    }

    @Test func theQuitQuestionIsDrawnOverTheDialogItInterrupted() {
        var prompt = PromptDialog.checkIn()
        _ = prompt.onKey(.character("7"))
        var expected = CellGrid(width: 100, height: 30)
        prompt.render(into: &expected)
        ConfirmQuitDialog(resume: .prompt(prompt)).render(into: &expected)
        var grid = CellGrid(width: 100, height: 30)
        DeskDialog.confirmQuit(ConfirmQuitDialog(resume: .prompt(prompt))).render(into: &grid, now: now)
        #expect(grid == expected)
        #expect((0..<30).contains { grid.text(row: $0).contains("Quit anyway?") })
    }
}

extension DeskDialog {
    /// The export, when it is the open dialog (for these tests).
    var export: ExportDialog? {
        get { self[ExportDialog.self] }
        set { self[ExportDialog.self] = newValue }
    }
}
