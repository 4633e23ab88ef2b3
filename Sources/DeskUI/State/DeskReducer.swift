import Foundation
import MemberKit

/// The front desk's reducer: (state, input) → (state, effects). It never waits, never touches the
/// terminal, the database or another thread; the effects it returns are run by `DeskEffectRunner`
/// on the worker, and their results come back as `.finished` inputs.
///
/// It only dispatches and composes: each part of the screen has a child reducer scoped to its
/// slice of `DeskState`: the open dialog (`DeskDialog.onKey`, each dialog's own), the
/// lock (`LockReducer`), "Inside now" (`InsideReducer`), the member list (`MemberListReducer`),
/// the layout (`LayoutReducer`), the banner (`BannerReducer`) and quitting (`QuitReducer`).
/// A dialog opens through its own `DialogOpener` (`.open`), which `perform` runs like any other.
/// A child changes its slice only and hands back what else should happen (effects, log lines, a
/// command, a `DialogChange` for a dialog not its own).
public enum DeskReducer {
    public static func reduce(_ state: inout DeskState, _ input: DeskInput, now: Date) -> [DeskEffect] {
        var effects: [DeskEffect] = []
        switch input {
        case .key(let key, let time):
            state.needsRedraw = true
            // A dialog waiting for the list's rows is for the key that asked: any later key moves on.
            state.jobs.openOnceListed = nil
            lock(.key(at: time), &state, &effects, now: now)
            receive(key, at: time, &state, &effects, now: now)
        case .event(let event):
            apply(event, &state, &effects, now: now)
        case .finished(.storeProbed(let version)):
            // Most probes find nothing new: they must not cost a frame.
            storeProbed(version, &state, &effects, now: now)
        case .finished(.storeProbeFailed(let error)):
            storeProbeFailed(error, &state, now: now)
        case .finished(.inside(.counted(let generation, let count, let members))):
            // Most recounts after a tap confirm the count its report gave: no frame for those.
            inside(.finished(.counted(generation: generation, count: count, members: members)), &state, &effects, now: now)
        case .finished(let result):
            state.needsRedraw = true
            apply(result, &state, &effects, now: now)
        case .tick:
            for key in state.wedge.flush(now: now) { dispatch(key, &state, &effects, now: now) }
            if banner(.expire, &state, now: now) { state.needsRedraw = true }
            lock(.tick, &state, &effects, now: now)
            let second = Int(now.timeIntervalSince1970)
            if second != state.clockSecond {
                state.clockSecond = second
                state.needsRedraw = true
            }
        case .resize(let width, let height):
            state.resize(width: width, height: height)
        case .drawn:
            // Drawing asks for nothing: the next input does.
            state.needsRedraw = false
            return effects
        }
        askForWhatTheScreenLacks(&state, &effects, now: now)
        return effects
    }

    // MARK: The children, each on its slice

    /// "Inside now": the count, the list and its keys.
    @discardableResult
    static func inside(_ action: InsideAction, _ state: inout DeskState, _ effects: inout [DeskEffect], now: Date) -> PaneReply? {
        scope(InsideSlice.scope, &state, &effects, now: now) { InsideReducer.reduce(&$0, action) }.reply
    }

    /// The member list: pages, counts, search, sort and its keys.
    @discardableResult
    static func memberList(_ action: MemberListAction, _ state: inout DeskState, _ effects: inout [DeskEffect], now: Date) -> PaneReply? {
        let reply = scope(MemberListSlice.scope, &state, &effects, now: now) { MemberListReducer.reduce(&$0, action) }.reply
        // A count of none shows the selection too: nothing will be selected.
        if case .finished(let result) = action, result.mayShowTheSelection { openOnceListed(&state, &effects, now: now) }
        return reply
    }

    /// The layout: which view the main pane shows, the focus, the narrow screen's side pane.
    static func layout(_ action: LayoutAction, _ state: inout DeskState, _ effects: inout [DeskEffect], now: Date) {
        let out = LayoutSlice.scope.run(&state) { LayoutReducer.reduce(&$0, action) }
        if out.readInside { inside(.changed(count: nil), &state, &effects, now: now) }
        if out.resized { state.resize(width: state.width, height: state.height) }
        if out.loadStats { route(StatsFeature.self, .request(now: now), &state, &effects, now: now) }
    }

    /// The banner: what a tap or a failed job shows, Esc, and the fade.
    @discardableResult
    static func banner(_ action: BannerAction, _ state: inout DeskState, now: Date) -> Bool {
        BannerReducer.reduce(&state.banner, action, now: now)
    }

    /// Quitting: F10 and `q`, or Ctrl-C from anywhere (asking first over typed text). A locked desk
    /// quits once staff sign in (else anyone at the terminal could walk round the lock), unless
    /// `staff.quit_when_locked` says its service starts it again; SIGTERM ends the loop regardless.
    static func quit(_ action: QuitAction, _ state: inout DeskState, _ effects: inout [DeskEffect], now: Date) {
        if state.lock.isLocked, !state.setup.quitWhenLocked {
            // A second Ctrl-C over the sign-in leaves it open: only a PIN quits.
            if state.dialog?.signIn == nil { lock(.needs(.quit, .quitDesk), &state, &effects, now: now) }
            return
        }
        change(QuitSlice.lens.run(&state) { QuitReducer.reduce(&$0, action) }, &state)
    }

    // MARK: Keys

    /// Keys outside a text field go through the wedge detector first: a fast burst ending in Enter is a scan.
    static func receive(_ key: Key, at time: Date, _ state: inout DeskState, _ effects: inout [DeskEffect], now: Date) {
        guard !state.textFieldFocused, state.dialog == nil else {
            // Keys held back before a field took focus go first, in order.
            for held in state.wedge.flush(now: .distantFuture) { dispatch(held, &state, &effects, now: now) }
            dispatch(key, &state, &effects, now: now)
            return
        }
        switch state.wedge.feed(key, at: time) {
        case .holding: break
        case .scan(let pass): effects.append(.checkIn(.pass(pass, source: .wedge, operator: state.lock.operatorName)))
        case .keys(let keys): for k in keys { dispatch(k, &state, &effects, now: now) }
        }
    }

    /// A key to whoever takes it: Ctrl-C and Ctrl-L from anywhere, else the open dialog, the
    /// search field, the desk's own keys, or the focused pane.
    static func dispatch(_ key: Key, _ state: inout DeskState, _ effects: inout [DeskEffect], now: Date) {
        state.needsRedraw = true
        if key == .resize { return }
        if key == DeskKeymap.interrupt {
            quit(.interrupt, &state, &effects, now: now)
            return
        }
        if key == DeskKeymap.lock {
            // From anywhere, like Ctrl-C: a form's typed text waits behind the lock.
            perform(.lock, &state, &effects, now: now)
            return
        }
        if state.dialog != nil {
            let screen = state.screen
            switch state.dialog?.onKey(key, screen: screen) ?? .stay {
            case .stay: break
            case .close: state.dialog = nil
            case .stayAnd(let command): perform(command, &state, &effects, now: now)
            case .closeAnd(let command):
                state.dialog = nil
                perform(command, &state, &effects, now: now)
            }
            return
        }
        let reply: PaneReply?
        if state.list.isSearching {
            reply = memberList(.searchKey(key), &state, &effects, now: now)
        } else if state.focus == .log, key == .enter, state.log.selectedEntry != nil {
            // Enter on the focused log reads its line, rather than editing a member.
            reply = state.log.onKey(key)
        } else if let command = DeskKeymap.command(for: key) {
            reply = .command(command)
        } else if state.focus == .log {
            reply = state.log.onKey(key)
        } else if state.showInside {
            reply = inside(.key(key), &state, &effects, now: now)
        } else {
            reply = memberList(.key(key), &state, &effects, now: now)
        }
        if case .command(let command) = reply { perform(command, &state, &effects, now: now) }
    }

    // MARK: Jobs

    /// What the screen lacks: the list's next page and counts, who is inside, and the store probe.
    static func askForWhatTheScreenLacks(_ state: inout DeskState, _ effects: inout [DeskEffect], now: Date) {
        memberList(.ask(now: now), &state, &effects, now: now)
        inside(.ask(listing: state.showInside), &state, &effects, now: now)
        if !state.jobs.storeProbeInFlight, now >= state.jobs.nextStoreProbe ?? .distantPast {
            state.jobs.storeProbeInFlight = true
            state.jobs.nextStoreProbe = now.addingTimeInterval(DeskJobs.storeProbeInterval)
            effects.append(.probeStore)
        }
    }

    /// Another process committed when the version moved: reload what the screen shows of the store.
    ///
    /// The first answer moves it too (from none): the first page and counts ran on queues of their
    /// own, maybe before a commit that this version already counts, and nothing would move it again
    /// for that commit (the desk's start with a shell's `checkin` just behind it). So what they
    /// read is read once more, after the version the next probes compare with.
    static func storeProbed(_ version: Int?, _ state: inout DeskState, _ effects: inout [DeskEffect], now: Date) {
        state.jobs.storeProbeInFlight = false
        if version != nil { state.jobs.storeProbeError = nil }
        guard let version, version != state.jobs.storeVersion else { return }
        state.jobs.storeVersion = version
        memberList(.membersChanged(recount: true), &state, &effects, now: now)
        inside(.changed(count: nil), &state, &effects, now: now)
        if state.showStats { route(StatsFeature.self, .request(now: now), &state, &effects, now: now) }
        state.needsRedraw = true
    }

    /// The probe failed: the log says why, once for each new reason.
    static func storeProbeFailed(_ error: String, _ state: inout DeskState, now: Date) {
        guard let note = state.jobs.storeProbeFailed(error) else { return }
        logNotes([note], &state, now: now)
        state.needsRedraw = true
    }

    /// The dialog asked for before the selected row was read, now that it is (or the list is empty).
    static func openOnceListed(_ state: inout DeskState, _ effects: inout [DeskEffect], now: Date) {
        guard let opener = state.jobs.openOnceListed, !state.listSelectionLoading else { return }
        state.jobs.openOnceListed = nil
        // Another dialog opened meanwhile (the prompt of a pass typed at F4): that one stays.
        guard state.dialog == nil else { return }
        perform(.open(opener), &state, &effects, now: now)
    }
}
