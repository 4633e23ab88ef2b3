import MemberKit

/// The readers being watched and what each last showed, so that only transitions count.
struct ReaderSet {
    enum Change { case none, presented, removed, removedAndPresented, mute }

    private struct Seen {
        var present = false
        var mute = false
        var eventCount: UInt64 = 0
        var known = false
    }

    private(set) var names: Set<String> = []
    /// The readers pcscd had when none matched the name asked for (reported once).
    var unmatched: [String]?
    private var ordered: [String] = []
    private var seen: [String: Seen] = [:]
    /// Survives reader removal and pcscd outages, unlike `seen`.
    private var lastPresence: [String: Bool] = [:]

    /// Reports attached/removed for the difference.
    mutating func update(to list: [String], events: any EventSink) {
        let new = Set(list)
        for name in ordered where !new.contains(name) {
            events.publish(.reader(.removed(reader: name)))
            seen[name] = nil
        }
        for name in list where !names.contains(name) {
            events.publish(.reader(.attached(reader: name)))
            seen[name] = Seen()
        }
        names = new
        ordered = list
    }

    /// Status queries for every reader (plus PnP), keeping what we knew of readers still there.
    func states(plugAndPlay: Bool, keeping previous: [ReaderState] = []) -> [ReaderState] {
        var states = ordered.map { name in
            previous.first { $0.reader == name } ?? ReaderState(reader: name)
        }
        if plugAndPlay {
            states.append(previous.first { $0.reader == ReaderState.plugAndPlay } ?? ReaderState(reader: ReaderState.plugAndPlay))
        }
        return states
    }

    /// Compares a reader's report with what it showed last.
    mutating func track(_ state: ReaderState) -> Change {
        var entry = seen[state.reader] ?? Seen()
        defer { seen[state.reader] = entry }
        let present = state.isCardPresent
        let mute = state.flags.contains(.present) && state.flags.contains(.mute)
        let count = state.eventCount
        guard entry.known else {
            // A reader's first report: a card there now counts, unless it already lay there
            // before pcscd went away (a daemon restart is not a tap).
            let lay = lastPresence[state.reader] ?? false
            entry = Seen(present: present, mute: mute, eventCount: count, known: true)
            lastPresence[state.reader] = present
            if mute { return .mute }
            return present && !lay ? .presented : .none
        }
        defer { lastPresence[state.reader] = present }
        let wasPresent = entry.present
        // Two or more card events while "present" both times: removed and presented again in between.
        let retapped = wasPresent && present && (count &- entry.eventCount) & 0xFFFF >= 2
        let becameMute = mute && !entry.mute
        entry.present = present
        entry.mute = mute
        entry.eventCount = count
        if becameMute { return .mute }
        if retapped { return .removedAndPresented }
        if present && !wasPresent { return .presented }
        if !present && wasPresent { return .removed }
        return .none
    }
}
