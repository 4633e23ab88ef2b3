import DeskLanguage
import Foundation
import MemberKit
import TerminalColumns

/// The top line: terminal name, reader, Bluetooth, regions, sync, MQTT, who is inside, member count and a clock;
/// each part has a priority, so a narrow screen drops Bluetooth before the count (`StatusBarLayout`).
public struct StatusBarModel: Sendable, Equatable {
    public enum ReaderState: Sendable, Equatable {
        /// This build or run has no reader monitor.
        case notAvailable
        case none
        case serviceDown
        case readers([String])
    }

    public enum RadioState: Sendable, Equatable {
        case notAvailable
        case scanning
        case unavailable(String?)
    }

    public enum RegionState: Sendable, Equatable {
        case notAvailable, on, off
    }

    public var terminalName: String
    public var reader: ReaderState
    public var bluetooth: RadioState
    public var regions: RegionState
    public var memberCount: Int?
    /// Folder sync: nil when it is off; otherwise the latest pass, once there is one.
    public var sync: SyncNotice??
    /// The MQTT link's words (`MQTT: on`, `MQTT: queued 12`, `MQTT: error`); nil when MQTT is off.
    public var mqtt: String?
    /// `Locked`, or who is on duty; nil when the desk has no lock.
    public var duty: String?
    /// Who is inside: the count (nil until first counted), the capacity, and how fresh the count is.
    public var occupancy = OccupancyCount()

    public init(terminalName: String, reader: ReaderState = .notAvailable, bluetooth: RadioState = .notAvailable,
                regions: RegionState = .notAvailable) {
        self.terminalName = terminalName
        self.reader = reader
        self.bluetooth = bluetooth
        self.regions = regions
    }

    /// Follows reader and scanner events; true when the bar changed.
    public mutating func apply(_ event: DeskEvent) -> Bool {
        let before = (reader, bluetooth, regions)
        switch event {
        case .reader(let event):
            var names: [String] = if case .readers(let list) = reader { list } else { [] }
            switch event {
            case .attached(let name): if !names.contains(name) { names.append(name) }
            case .removed(let name): names.removeAll { $0 == name }
            case .service(available: false):
                reader = .serviceDown
                return before != (reader, bluetooth, regions)
            case .service(available: true), .cardPresented, .cardRemoved, .failure: break
            }
            reader = names.isEmpty ? .none : .readers(names)
        case .beacon(.scanner(let available, let reason)):
            bluetooth = available ? .scanning : .unavailable(reason)
        case .region(.switched(let on)):
            regions = on ? .on : .off
        case .sync(let notice):
            sync = .some(notice)
            if notice.error == nil { occupancy.mergedAt = notice.time }
            return true
        case .mqtt(let notice):
            defer { mqtt = notice.barText }
            return mqtt != notice.barText
        default:
            break
        }
        return before != (reader, bluetooth, regions)
    }

    /// The reader's wordings, longest first.
    public var readerForms: [String] {
        switch reader {
        case .notAvailable: return [tr("Reader: not available"), tr("Reader: n/a")]
        case .none: return [tr("Reader: none")]
        case .serviceDown: return [tr("Reader: pcscd down")]
        case .readers(let names):
            let label = names.count == 1 ? tr("Reader: ") : tr("Readers: ")
            return [label + names.joined(separator: ", "), label + DeskLanguage.number(names.count)]
        }
    }

    /// pcscd down: a fault staff must see (no card can be read until it is back). No reader
    /// attached may be how a desk runs (a keyboard-wedge scanner), so that one keeps its place.
    var readerFault: Bool { reader == .serviceDown }

    /// The whole reason when there is room (the event log has it too), then shorter.
    public var bluetoothForms: [String] {
        switch bluetooth {
        case .notAvailable: return [tr("Bluetooth: not available"), tr("BT: n/a")]
        case .scanning: return [tr("Bluetooth: scanning"), tr("BT: on")]
        case .unavailable(let reason):
            return (reason.map { [tr("Bluetooth: off (%@)", $0)] } ?? []) + [tr("Bluetooth: off"), tr("BT: off")]
        }
    }

    public var regionsForms: [String] {
        switch regions {
        case .notAvailable: return [tr("Regions: not available"), tr("Regions: n/a")]
        case .on: return [tr("Regions: on")]
        case .off: return [tr("Regions: off")]
        }
    }

    /// `Sync: 3 desks · 4 s ago`, `Sync: error` (the reason is in the event log), or nil when sync is off.
    public func syncText(now: Date) -> String? {
        guard let sync else { return nil }
        guard let notice = sync else { return tr("Sync: starting") }
        if notice.error != nil { return tr("Sync: error") }
        let desks = trn("%d desk", "%d desks", notice.desks)
        let seconds = max(0, Int(now.timeIntervalSince(notice.time)))
        let ago = seconds < 60 ? tr("%@ s ago", String(seconds)) : seconds < 3600 ? tr("%@ min ago", String(seconds / 60))
            : tr("%@ h ago", String(seconds / 3600))
        return tr("Sync: %@ · %@", desks, ago)
    }

    /// The bar's parts in order, each with its priority (see `StatusBarLayout`).
    public func parts(now: Date) -> [StatusBarPart] {
        typealias P = StatusBarPart.Priority
        var parts = [StatusBarPart([terminalName], priority: P.terminalName),
                     StatusBarPart(readerForms, priority: readerFault ? P.readerDown : P.reader),
                     StatusBarPart(bluetoothForms, priority: P.bluetooth),
                     StatusBarPart(regionsForms, priority: P.regions)]
        if let sync = syncText(now: now) { parts.append(StatusBarPart([sync, tr("Sync")], priority: P.sync, wordsPriority: P.syncWords)) }
        if let mqtt { parts.append(StatusBarPart([mqtt], priority: P.mqtt)) }
        if let duty { parts.append(StatusBarPart([duty], priority: P.duty)) }
        // Shown once counted (a moment after start): a placeholder would read as a cut word.
        if occupancy.inside != nil { parts.append(StatusBarPart([occupancy.barText(now: now)], priority: P.inside)) }
        let members = memberCount.map { trn("%d member", "%d members", $0) } ?? tr("… members")
        parts.append(StatusBarPart([members], priority: P.memberCount))
        return parts
    }

    public func render(into grid: inout CellGrid, y: Int, now: Date) {
        let style = CellStyle(.bar, reverse: true)
        grid.fill(Rect(x: 0, y: y, width: grid.width, height: 1), style: style)
        // The clock always shows, at the right; the parts share what is left.
        let clock = RelativeTime.clock(now)
        let available = grid.width - TextWidth.of(clock) - 2
        let text = " " + StatusBarLayout.fit(parts(now: now), width: available - 1)
        grid.put(text, x: 0, y: y, style: CellStyle(.bar, bold: true, reverse: true), clip: available)
        grid.put(clock, x: grid.width - TextWidth.of(clock) - 1, y: y, style: style)
    }
}
