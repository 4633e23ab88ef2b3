@testable import DeskUI
import Foundation
import MemberKit
import Testing

/// The state the reducer's children own, under `DeskTestStore`: quitting (`QuitReducer`), the
/// banner (`BannerReducer`) and the form's `saving` (the form's own feature), with every change
/// and effect said.
@Suite struct DeskQuitBannerAndSavingTests: DeskStoreFixture {
    // MARK: Quitting

    @Test func f10AndCtrlCQuit() {
        var store = makeStore()
        store.press(.function(10)) {
            $0.needsRedraw = true
            $0.wantsQuit = true
        }
        store.receive()
        store.finish()
        store = makeStore()
        store.press(DeskKeymap.interrupt) {
            $0.needsRedraw = true
            $0.wantsQuit = true
        }
        store.receive()
        store.finish()
    }

    @Test func ctrlCOverATypedFormAsksAndYQuits() {
        let store = makeStore()
        var form = MemberFormModel(member: nil, extraFields: [], calendar: .gregorianUTC)
        store.press(.function(7)) {
            $0.needsRedraw = true
            $0.dialog = .form(form)
        }
        store.receive()
        _ = form.onKey(.character("A"))
        store.press(.character("A")) {
            $0.needsRedraw = true
            $0.dialog = .form(form)
        }
        store.receive()
        store.press(DeskKeymap.interrupt) {
            $0.needsRedraw = true
            $0.dialog = .confirmQuit(ConfirmQuitDialog(resume: .form(form)))
        }
        store.receive()
        store.press(.character("y")) {
            $0.needsRedraw = true
            $0.dialog = nil
            $0.wantsQuit = true
        }
        store.receive()
        store.finish()
    }

    // MARK: The banner

    @Test func escDismissesTheBannerAndThenDoesNothingMore() {
        let store = makeStore()
        store.send(.finished(.checkIn(.failed("bad pass")))) {
            $0.needsRedraw = true
            $0.banner.showError("Not a pass: bad pass", now: now)
        }
        store.receive()
        store.press(.escape) {
            $0.needsRedraw = true
            $0.banner.dismiss()
        }
        store.receive()
        // No banner and no search kept: only a frame.
        store.press(.escape) { $0.needsRedraw = true }
        store.receive()
        store.finish()
    }

    @Test func escWithNoBannerClearsAKeptSearch() {
        let store = makeStore()
        store.press(.function(3)) {
            $0.needsRedraw = true
            $0.list.isSearching = true
        }
        store.receive()
        var typed: MemberPageRequest?
        store.press(.character("a")) {
            $0.needsRedraw = true
            _ = $0.list.onSearchKey(.character("a"))
            $0.jobs.countStale = true
            $0.jobs.searchEditedAt = now
            typed = $0.list.nextRequest()
        }
        store.receive(.memberList(.fetchPage(typed!)))
        // Enter keeps the search.
        store.press(.enter) {
            $0.needsRedraw = true
            $0.list.isSearching = false
        }
        store.receive()
        var cleared: MemberPageRequest?
        store.press(.escape) {
            $0.needsRedraw = true
            $0.list.search.text = ""
            $0.list.reset()
            cleared = $0.list.nextRequest()
        }
        store.receive(.memberList(.fetchPage(cleared!)))
        store.finish()
    }

    @Test func theBannerFadesOnTheFirstTickAfterItsSeconds() {
        let store = makeStore(DeskSetup(terminalName: "Desk 1", bannerSeconds: 5))
        store.send(.finished(.checkIn(.failed("bad pass")))) {
            $0.needsRedraw = true
            $0.banner.showError("Not a pass: bad pass", now: now)
        }
        store.receive()
        let faded = now.addingTimeInterval(5)
        store.send(.tick, at: faded) {
            $0.needsRedraw = true
            $0.banner.dismiss()
            $0.clockSecond = Int(faded.timeIntervalSince1970)
            $0.jobs.storeProbeInFlight = true
            $0.jobs.nextStoreProbe = faded.addingTimeInterval(DeskJobs.storeProbeInterval)
        }
        store.receive(.probeStore)
        store.finish()
    }

    // MARK: The form's saving

    @Test func aFormsEnterSavesOnceAndAFailedSaveLetsItTryAgain() throws {
        let store = makeStore(withAna: true)
        var form = MemberFormModel(member: ana, extraFields: [], calendar: .gregorianUTC)
        store.press(.function(2)) {
            $0.needsRedraw = true
            $0.dialog = .form(form)
        }
        store.receive(.memberForm(.loadVisits(ana)))
        guard case .stayAnd(.save(_, let changes)) = form.onKey(.enter) else { Issue.record("the form asked for no save"); return }
        #expect(form.saving)
        store.press(.enter) {
            $0.needsRedraw = true
            $0.dialog = .form(form)
        }
        store.receive(.memberForm(.save(original: ana, changes: changes, operator: nil, walletPass: false)))
        // Saving: Enter again asks for nothing.
        store.press(.enter) { $0.needsRedraw = true }
        store.receive()
        store.send(.finished(.memberForm(.saveFailed("disk full")))) {
            $0.needsRedraw = true
            $0.dialog?.form?.saving = false
            $0.dialog?.form?.error = "disk full"
        }
        store.receive()
        store.send(.finished(.memberForm(.saved))) {
            $0.needsRedraw = true
            $0.dialog = nil
        }
        store.receive()
        store.finish()
    }

    @Test func aSaveAboveTheOperatorsRoleWaitsNotSavingForAManagersPINThenSaves() throws {
        let store = lockedStore(withAna: true)
        signIn("Bo", .desk, on: store)
        var form = MemberFormModel(member: ana, extraFields: [], calendar: .gregorianUTC)
        store.press(.function(2)) {
            $0.needsRedraw = true
            $0.dialog = .form(form)
        }
        store.receive(.memberForm(.loadVisits(ana)))
        // Tab, Tab to the status; → suspends: a manager's change.
        for key in [Key.tab, .tab, .right] {
            _ = form.onKey(key)
            store.press(key) {
                $0.needsRedraw = true
                $0.dialog = .form(form)
            }
            store.receive()
        }
        guard case .stayAnd(let save) = form.onKey(.enter), case .save(_, let changes) = save else {
            Issue.record("the form asked for no save"); return
        }
        #expect(changes.status == .suspended)
        // Held for a manager's PIN: the form waits behind the sign-in, not saving.
        form.saving = false
        store.press(.enter) {
            $0.needsRedraw = true
            $0.dialog = .signIn(SignInDialog(purpose: .authorize(save, .suspend), resume: .form(form)))
        }
        store.receive(.lock(.loadOperators))
        // A manager's PIN: the form is back, saving, and the save names the manager.
        form.saving = true
        store.send(.finished(.lock(.signedIn(account("Mia", .manager))))) {
            $0.needsRedraw = true
            $0.dialog = .form(form)
        }
        store.receive(.memberForm(.save(original: ana, changes: changes, operator: "Mia", walletPass: false)))
        store.finish()
    }
}
