import Foundation
import MemberKit

/// The front desk's one rule book: (state, input) → (state, effects). It never waits, never
/// touches the terminal, the database or another thread; the effects it returns are run by
/// `DeskEffectRunner` on the worker, and their results come back as `.finished` inputs.
/// Keys are only dispatched here: the open dialog, the search field or the focused pane takes them.
public enum DeskReducer {
    public static func reduce(_ state: inout DeskState, _ input: DeskInput, now: Date) -> [DeskEffect] {
        var effects: [DeskEffect] = []
        switch input {
        case .key(let key, let time):
            state.needsRedraw = true
            receive(key, at: time, &state, &effects, now: now)
        case .event(let event):
            apply(event, &state, &effects, now: now)
        case .finished(.storeProbed(let version)):
            // Most probes find nothing new: they must not cost a frame.
            storeProbed(version, &state, &effects, now: now)
        case .finished(.insideCounted(let generation, let count, let members)):
            // Most recounts after a tap confirm the count its report gave: no frame for those.
            insideCounted(generation, count, members, &state)
        case .finished(let result):
            state.needsRedraw = true
            apply(result, &state, &effects, now: now)
        case .tick:
            for key in state.wedge.flush(now: now) { dispatch(key, &state, &effects, now: now) }
            if state.banner.expire(now: now) { state.needsRedraw = true }
            let second = Int(now.timeIntervalSince1970)
            if second != state.clockSecond {
                state.clockSecond = second
                state.needsRedraw = true
            }
        case .resize(let width, let height):
            state.resize(width: width, height: height)
        }
        askForWhatTheScreenLacks(&state, &effects, now: now)
        return effects
    }

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
        case .scan(let pass): effects.append(.checkIn(pass: pass, source: .wedge))
        case .keys(let keys): for k in keys { dispatch(k, &state, &effects, now: now) }
        }
    }

    static func dispatch(_ key: Key, _ state: inout DeskState, _ effects: inout [DeskEffect], now: Date) {
        state.needsRedraw = true
        if key == .resize { return }
        if key == DeskKeymap.interrupt {
            interrupt(&state)
            return
        }
        if var dialog = state.dialog {
            let reply = dialog.onKey(key, screen: state.screen)
            state.dialog = dialog
            switch reply {
            case .stay: break
            case .close: state.dialog = nil
            case .stayAnd(let command): perform(command, &state, &effects, now: now)
            case .closeAnd(let command):
                state.dialog = nil
                perform(command, &state, &effects, now: now)
            }
            return
        }
        let reply: PaneReply
        if state.list.isSearching {
            reply = state.list.onSearchKey(key)
        } else if state.focus == .log, key == .enter, state.log.selectedEntry != nil {
            // Enter on the focused log reads its line, rather than editing a member.
            reply = state.log.onKey(key)
        } else if let command = DeskKeymap.command(for: key) {
            reply = .command(command)
        } else if state.focus == .log {
            reply = state.log.onKey(key)
        } else if state.showInside {
            reply = state.inside.onKey(key)
        } else {
            reply = state.list.onKey(key)
        }
        if case .command(let command) = reply { perform(command, &state, &effects, now: now) }
    }

    /// Ctrl-C: quits from anywhere, but over typed text it asks first (a second Ctrl-C quits).
    static func interrupt(_ state: inout DeskState) {
        if let dialog = state.dialog, dialog.holdsTypedText {
            state.dialog = .confirmQuit(ConfirmQuitDialog(resume: dialog))
        } else {
            state.wantsQuit = true
        }
    }

    /// The member list's next page, and the counts once typing pauses: never two of a kind at once.
    static func askForWhatTheScreenLacks(_ state: inout DeskState, _ effects: inout [DeskEffect], now: Date) {
        if let request = state.list.nextRequest() { effects.append(.fetchPage(request)) }
        if state.list.total == nil || state.jobs.countStale, !state.jobs.typing(at: now), !state.jobs.countInFlight {
            state.jobs.countInFlight = true
            state.jobs.countStale = false
            effects.append(.countMembers(generation: state.list.generation, search: state.list.searchText,
                                         expiringDays: state.list.expiringDays))
        }
        if state.jobs.insideStale, !state.jobs.insideInFlight {
            state.jobs.insideInFlight = true
            state.jobs.insideStale = false
            effects.append(.countInside(generation: state.jobs.insideGeneration, listing: state.showInside))
        }
        if !state.jobs.storeProbeInFlight, now >= state.jobs.nextStoreProbe ?? .distantPast {
            state.jobs.storeProbeInFlight = true
            state.jobs.nextStoreProbe = now.addingTimeInterval(DeskJobs.storeProbeInterval)
            effects.append(.probeStore)
        }
    }

    /// Another process committed when the version moved: reload what the screen shows of the store.
    static func storeProbed(_ version: Int?, _ state: inout DeskState, _ effects: inout [DeskEffect], now: Date) {
        state.jobs.storeProbeInFlight = false
        guard let version, version != state.jobs.storeVersion else { return }
        defer { state.jobs.storeVersion = version }
        guard state.jobs.storeVersion != nil else { return }
        state.jobs.countStale = true
        state.list.markStale()
        state.jobs.insideChanged()
        if state.showStats { requestStats(&state, &effects, now: now) }
        state.needsRedraw = true
    }

    /// Who is inside, as the worker read it for the change `generation` followed.
    static func insideCounted(_ generation: Int, _ count: Int, _ members: [InsideMember]?, _ state: inout DeskState) {
        state.jobs.insideInFlight = false
        // Read before the latest change: a newer read is on its way.
        guard generation == state.jobs.insideGeneration else { return }
        if state.status.occupancy.inside != count {
            state.status.occupancy.inside = count
            state.needsRedraw = true
        }
        if let members {
            state.inside.receive(members)
            state.needsRedraw = true
        }
    }

    static func requestStats(_ state: inout DeskState, _ effects: inout [DeskEffect], now: Date) {
        state.stats.loading = true
        guard !state.jobs.statsInFlight else { return }
        state.jobs.statsInFlight = true
        effects.append(.loadStats(now: now))
    }
}
