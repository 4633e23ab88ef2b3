import DeskLanguage
import Foundation
import MemberKit

/// Scans, check-ins, enrolments, region events, script output, notifications and errors:
/// newest first, scrollable, at most `capacity` lines.
public struct EventLogModel: Sendable, Equatable {
    public struct Entry: Sendable, Equatable {
        public var time: Date
        public var tone: Tone
        public var text: String
        /// Why a part is off ("no adapter hci0"): said once, though its part and the error notice both report it.
        public var reason: String?
    }

    public private(set) var entries: [Entry] = []
    public var capacity: Int
    /// Lines scrolled down from the newest.
    public private(set) var scroll = 0

    public init(capacity: Int = 1000) {
        self.capacity = capacity
    }

    public mutating func add(_ text: String, tone: Tone = .normal, reason: String? = nil, at time: Date) {
        entries.insert(Entry(time: time, tone: tone, text: text, reason: reason), at: 0)
        if entries.count > capacity { entries.removeLast(entries.count - capacity) }
        // Keep the lines being read still while new ones arrive above.
        if scroll > 0 { scroll = min(scroll + 1, max(0, entries.count - 1)) }
    }

    /// Logs what an event means to staff (as the reducer does, through its note); false for events
    /// the log does not show, or whose reason a newest line gave.
    @discardableResult
    public mutating func add(_ event: DeskEvent, at now: Date) -> Bool {
        guard let note = Self.note(for: event) else { return false }
        return add(note, at: now)
    }

    /// Logs a note, unless it gives a reason one of the newest five lines gave (a part off, said once).
    @discardableResult
    mutating func add(_ note: DeskNote, at now: Date) -> Bool {
        if let reason = note.reason, entries.prefix(5).contains(where: { $0.reason == reason }) { return false }
        add(note.text, tone: note.tone, reason: note.reason, at: now)
        return true
    }

    /// What an event means to staff, as the log's note; nil for events the log does not show.
    static func note(for event: DeskEvent) -> DeskNote? {
        guard let (text, tone) = describe(event) else { return nil }
        return DeskNote(text: text, tone: tone, reason: reason(event))
    }

    /// The reason an event gives for a part being off, which another event may repeat.
    static func reason(_ event: DeskEvent) -> String? {
        switch event {
        case .beacon(.scanner(false, let reason)): return reason
        case .error(let notice): return notice.message
        case .reader(.failure(nil, let message)): return message
        default: return nil
        }
    }

    /// The entry Enter shows whole: the first line shown (the focused log highlights it).
    public var selectedEntry: Entry? { entries.indices.contains(scroll) ? entries[scroll] : nil }

    public mutating func scroll(by lines: Int) {
        scroll = min(max(0, scroll + lines), max(0, entries.count - 1))
    }

    public static func describe(_ event: DeskEvent) -> (String, Tone)? {
        switch event {
        case .checkIn(let report):
            // A staff card is a sign-in at the desk, not a member refused.
            if case .staffCard(let pass) = report.outcome { return ("\(ShownStatus.source(report.source)): " + tr("staff card %@", pass), .info) }
            // A pass typed by hand that no member holds says what was typed: it names nobody refused.
            let typed = report.source == .manual ? tr("typed “%@”", report.passId) : report.passId
            let who = report.outcome.member?.displayName ?? typed
            let warnings = report.warnings.map { " · " + tr($0) }.joined()
            let parts = ShownOutcome.parts(report, sellPack: "F2")
            return ("\(ShownStatus.source(report.source)): \(who) — \(parts.before)\(parts.name)\(parts.after)\(warnings)",
                    BannerModel.tone(BannerModel.Kind(report.outcome)))
        case .memberCreated(let m): return (tr("added %@ (pass %@)", m.displayName, m.passId), .normal)
        case .memberUpdated(let m): return (tr("updated %@", m.displayName), .normal)
        case .memberDeleted(let m): return (tr("deleted %@ (pass %@)", m.displayName, m.passId), .normal)
        case .imported(let n):
            return (tr("imported %@: %@", n.file, n.counts.summary()), .success)
        case .error(let e): return (tr("error (%@): %@", e.source, e.message), .danger)
        case .sync: return nil  // the status bar shows it; errors come as .error
        case .occupancy(let n):
            guard let kind = n.exitKind else { return nil }  // another desk's events: the status bar shows the count
            let who = trn("%d member", "%d members", n.checkedOut)
            return (tr("%@ checked out (%@), %@ inside", who, kind == .auto ? tr("closing time") : tr("staff"), DeskLanguage.number(n.insideCount)),
                    .normal)
        case .reader(let r):
            switch r {
            case .attached(let name): return (tr("reader attached: %@", name), .normal)
            case .removed(let name): return (tr("reader removed: %@", name), .warning)
            case .cardPresented(let name, _): return (tr("card on %@", name), .dim)
            case .cardRemoved: return nil
            // The monitor says why pcscd is down in the failure it sends just before.
            case .service(true): return (tr("pcscd is running"), .normal)
            case .service(false): return nil
            case .failure(nil, let message): return (tr("card reader: %@", message), .warning)
            case .failure(let name?, let message): return (tr("reader %@ error: %@", name, message), .danger)
            }
        case .beacon(let b):
            switch b {
            case .appeared(let s): return (tr("beacon in range: %@", BeaconPaneModel.identityText(s.identity)), .info)
            case .lost(let s): return (tr("beacon lost: %@", BeaconPaneModel.identityText(s.identity)), .dim)
            case .proximityChanged(let s, _, let to): return ("beacon \(BeaconPaneModel.identityText(s.identity)) \(to.rawValue)", .dim)
            case .updated: return nil
            case .scanner(let ok, let reason): return (ok ? tr("Bluetooth scanning") : tr("Bluetooth off: %@", reason ?? tr("unavailable")), ok ? .normal : .warning)
            }
        case .region(let r):
            switch r {
            case .entered(_, let name): return (tr("entered region %@", name), .info)
            case .exited(_, let name): return (tr("left region %@", name), .info)
            case .scriptOutput(let id, let text): return (tr("script %@: %@", id, text), .normal)
            case .scriptError(let id, let message): return (tr("script %@ error: %@", id, message), .danger)
            case .listUpdated(let count, let source): return (trn("%d region from %@", "%d regions from %@", count, source), .normal)
            case .switched(let on): return (on ? tr("regions on") : tr("regions off"), .normal)
            }
        case .notification(let n): return (tr("notification: %@", n.alert), .info)
        case .log(let line): return ("\(line.source): \(line.text)", .dim)
        case .mqtt: return nil  // the status bar's; MQTT errors come as .error
        }
    }

    public func render(into grid: inout CellGrid, rect: Rect, focused: Bool) {
        grid.fill(rect)
        grid.box(rect, title: tr("Event log") + (scroll > 0 ? " (↓\(scroll))" : ""), style: CellStyle(focused ? .title : .dim))
        let inner = rect.inset(1)
        guard !inner.isEmpty else { return }
        if entries.isEmpty {
            grid.putField(tr("No events yet"), x: inner.x, y: inner.y, width: inner.width, style: CellStyle(.dim))
            return
        }
        for (i, entry) in entries.dropFirst(scroll).prefix(inner.height).enumerated() {
            let selected = focused && i == 0
            let stamp = RelativeTime.clock(entry.time) + " "
            let x = grid.put(stamp, x: inner.x, y: inner.y + i, style: CellStyle(.dim, reverse: selected), clip: inner.maxX)
            grid.putField(entry.text, x: x, y: inner.y + i, width: inner.maxX - x, style: CellStyle(entry.tone, reverse: selected))
        }
    }
}
