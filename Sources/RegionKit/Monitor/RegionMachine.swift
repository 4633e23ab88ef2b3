import Foundation
import MemberKit

/// An enter or an exit, and whether its script should run (trigger_limit, active_hours, weekdays).
public struct RegionTransition: Sendable {
    public enum Kind: String, Sendable { case enter, exit }
    public var kind: Kind
    public var region: Region
    public var time: Date
    public var runScript: Bool
    /// What caused it, for desk.event: the beacon, or the position.
    public var cause: [String: JSONValue]
}

/// What one input changed: the enters and exits, and the saved state to write and delete.
struct RegionStep: Sendable {
    var transitions: [RegionTransition] = []
    var writes: [RegionStateRow] = []
    var deletes: [String] = []

    static func + (a: RegionStep, b: RegionStep) -> RegionStep {
        RegionStep(transitions: a.transitions + b.transitions, writes: a.writes + b.writes, deletes: a.deletes + b.deletes)
    }
}

/// Decides when regions are entered and exited: a value with no I/O, no clock and no lock. Time
/// comes in with every input (`at:`), the saved state with the first list, and every input returns
/// what to write (`RegionStep`), so a capture replays exactly and tests need no sleeps or store.
/// `RegionMonitor` wraps it for threads and the store.
///
/// - Beacon regions enter when a matching beacon is seen at the required proximity, and exit
///   after `exitDelay` without one (as iOS does).
/// - Circular regions are inside iff distance − accuracy < radius; a crossing counts once the
///   position has stayed on the new side for `hysteresis` (CoreLocation's 20 s). A region with
///   no known state takes the first fix's side at once.
/// - A region is inside while either part is; there is never a second enter without an exit.
/// - State is saved (table region_state) by whoever applies the steps, so a restart does not
///   repeat an enter.
struct RegionMachine: Sendable {
    let exitDelay: TimeInterval
    let hysteresis: TimeInterval
    /// The club's: what `active_hours` and `weekdays` are read in.
    let calendar: Calendar
    private var s = Regions()

    struct Tracked: Sendable {
        var region: Region
        var inside = false
        var beaconInside = false
        var lastBeacon: Date?
        /// nil until the first fix decides it.
        var circleInside: Bool?
        var pendingSide: Bool?
        var pendingSince: Date?
        var lastTriggered: Double?
        var triggeredEver = false
        var triggeredThisSession = false
        var armed = false
        var cause: [String: JSONValue] = [:]

        var row: RegionStateRow {
            RegionStateRow(identifier: region.identifier, inside: inside, geometry: region.geometry,
                           lastTriggered: lastTriggered, triggeredEver: triggeredEver, armed: armed)
        }
    }

    struct Regions: Sendable {
        var tracked: [String: Tracked] = [:]
        var order: [String] = []
        /// The saved state not yet matched to a loaded region; nil until the first list.
        var saved: [String: RegionStateRow]?
        var lastFix: LocationFix?
    }

    init(exitDelay: TimeInterval = 30, hysteresis: TimeInterval = 20, calendar: Calendar = .gregorianUTC) {
        self.exitDelay = exitDelay
        self.hysteresis = hysteresis
        self.calendar = calendar
    }

    /// Whether the saved state has yet to come in (with the first `load`).
    var needsSavedState: Bool { s.saved == nil }

    var insideIdentifiers: [String] { s.order.filter { s.tracked[$0]?.inside == true } }

    var regions: [Region] { s.order.compactMap { s.tracked[$0]?.region } }

    /// Regions inside now that have a checkin script and are active at `date`.
    func checkInRegions(at date: Date) -> [Region] {
        s.order.compactMap { s.tracked[$0] }.filter { $0.inside && !$0.region.checkinScript.isEmpty && $0.region.isActive(at: date, calendar: calendar) }
            .map(\.region)
    }

    // MARK: Inputs

    /// Installs a (new) list: a region whose geometry changed is re-armed (exited if inside,
    /// then watched afresh); a region gone from the list, or expired, is exited and forgotten.
    /// `saved`: the stored state, read only for the first list (see `needsSavedState`).
    mutating func load(_ regions: [Region], saved: [RegionStateRow] = [], at date: Date) -> RegionStep {
        var transitions: [RegionTransition] = []
        var writes: [RegionStateRow] = [], deletes: [String] = []
        if s.saved == nil { s.saved = Dictionary(saved.map { ($0.identifier, $0) }, uniquingKeysWith: { a, _ in a }) }
        let live = regions.filter { !$0.isExpired(at: date) }
        let wanted = Set(live.map(\.identifier))
        for identifier in s.order where !wanted.contains(identifier) {
            guard var old = s.tracked.removeValue(forKey: identifier) else { continue }
            if old.inside { transitions.append(exit(&old, at: date)) }
            deletes.append(identifier)
        }
        var order: [String] = []
        for region in live {
            order.append(region.identifier)
            if var existing = s.tracked[region.identifier] {
                if existing.region.geometry == region.geometry {
                    existing.region = region
                    s.tracked[region.identifier] = existing
                    continue
                }
                if existing.inside { transitions.append(exit(&existing, at: date)) }
                s.tracked[region.identifier] = Tracked(region: region)
                writes.append(Tracked(region: region).row)
                continue
            }
            var fresh = Tracked(region: region)
            if let row = s.saved?.removeValue(forKey: region.identifier) {
                if row.geometry == region.geometry {
                    fresh.inside = row.inside
                    fresh.lastTriggered = row.lastTriggered
                    fresh.triggeredEver = row.triggeredEver
                    fresh.armed = row.armed && row.inside
                    fresh.beaconInside = row.inside && region.isBeaconRegion
                    fresh.lastBeacon = fresh.beaconInside ? date : nil
                    if region.isCircularRegion { fresh.circleInside = row.inside }
                } else {
                    deletes.append(region.identifier)  // re-armed: the old state no longer applies
                }
            }
            s.tracked[region.identifier] = fresh
        }
        s.order = order
        if let fix = s.lastFix { transitions += apply(fix, to: &s) }
        return step(transitions, writes: writes, deletes: deletes)
    }

    mutating func handle(_ event: BeaconEvent, at date: Date) -> RegionStep {
        let snapshot: BeaconSnapshot
        switch event {
        case .appeared(let s), .updated(let s), .proximityChanged(let s, _, _): snapshot = s
        case .lost, .scanner: return tick(at: date)
        }
        var transitions: [RegionTransition] = []
        for identifier in s.order {
            guard var tracked = s.tracked[identifier], tracked.region.isBeaconRegion,
                  tracked.region.matches(snapshot.identity), tracked.region.accepts(snapshot.proximity) else { continue }
            tracked.lastBeacon = date
            tracked.beaconInside = true
            tracked.cause = ["beacon": Self.describe(snapshot)]
            if let transition = settle(&tracked, at: date) { transitions.append(transition) }
            s.tracked[identifier] = tracked
        }
        let seen = step(transitions)
        return seen + tick(at: date)  // readings also carry time forward for the other regions
    }

    mutating func handle(_ fix: LocationFix) -> RegionStep {
        s.lastFix = fix
        let transitions = apply(fix, to: &s) + expire(&s, at: fix.time)
        return step(transitions)
    }

    /// Lets time pass: beacon exit delays, pending crossings, expiry.
    mutating func tick(at date: Date) -> RegionStep {
        var transitions: [RegionTransition] = []
        for identifier in s.order {
            guard var tracked = s.tracked[identifier] else { continue }
            var changed = false
            if tracked.beaconInside, date.timeIntervalSince(tracked.lastBeacon ?? date) >= exitDelay {
                tracked.beaconInside = false
                changed = true
            }
            if let side = tracked.pendingSide, let since = tracked.pendingSince, date.timeIntervalSince(since) >= hysteresis {
                tracked.circleInside = side
                tracked.pendingSide = nil
                tracked.pendingSince = nil
                changed = true
            }
            if changed, let transition = settle(&tracked, at: date) { transitions.append(transition) }
            s.tracked[identifier] = tracked
        }
        return step(transitions + expire(&s, at: date))
    }

    /// The step for these transitions: each transitioned region's row as it stands now is written
    /// (a region no longer tracked is deleted, not written); a delete that a write replaces is dropped.
    private func step(_ transitions: [RegionTransition], writes: [RegionStateRow] = [], deletes: [String] = []) -> RegionStep {
        let rows = writes + transitions.compactMap { s.tracked[$0.region.identifier]?.row }
        let dropped = deletes.filter { identifier in !rows.contains { $0.identifier == identifier } }
        return RegionStep(transitions: transitions, writes: rows, deletes: dropped)
    }

    // MARK: Rules

    private func apply(_ fix: LocationFix, to s: inout Regions) -> [RegionTransition] {
        var transitions: [RegionTransition] = []
        for identifier in s.order {
            guard var tracked = s.tracked[identifier], tracked.region.isCircularRegion else { continue }
            let region = tracked.region
            let distance = fix.distance(toLatitude: region.latitude, longitude: region.longitude)
            let side = distance - fix.accuracy < region.radius
            if tracked.circleInside == nil {
                tracked.circleInside = side
            } else if side == tracked.circleInside {
                tracked.pendingSide = nil
                tracked.pendingSince = nil
            } else if tracked.pendingSide != side {
                tracked.pendingSide = side
                tracked.pendingSince = fix.time
            }
            if let side = tracked.pendingSide, let since = tracked.pendingSince, fix.time.timeIntervalSince(since) >= hysteresis {
                tracked.circleInside = side
                tracked.pendingSide = nil
                tracked.pendingSince = nil
            }
            tracked.cause = ["location": .object(["latitude": .double(fix.latitude), "longitude": .double(fix.longitude),
                                                  "accuracy": .double(fix.accuracy), "distance": .double(distance)])]
            if let transition = settle(&tracked, at: fix.time) { transitions.append(transition) }
            s.tracked[identifier] = tracked
        }
        return transitions
    }

    /// Turns the parts' states into at most one transition.
    private func settle(_ tracked: inout Tracked, at date: Date) -> RegionTransition? {
        let inside = tracked.beaconInside || tracked.circleInside == true
        guard inside != tracked.inside else { return nil }
        return inside ? enter(&tracked, at: date) : exit(&tracked, at: date)
    }

    private func enter(_ tracked: inout Tracked, at date: Date) -> RegionTransition {
        tracked.inside = true
        let region = tracked.region
        var run = region.isActive(at: date, calendar: calendar)
        switch region.triggerLimit {
        case .everyTime(let cooldown):
            if let last = tracked.lastTriggered, date.timeIntervalSince1970 - last < cooldown { run = false }
        case .oncePerSession: if tracked.triggeredThisSession { run = false }
        case .onceEver: if tracked.triggeredEver { run = false }
        }
        if run {
            tracked.lastTriggered = date.timeIntervalSince1970
            tracked.triggeredEver = true
            tracked.triggeredThisSession = true
        }
        tracked.armed = run
        return RegionTransition(kind: .enter, region: region, time: date, runScript: run, cause: tracked.cause)
    }

    private func exit(_ tracked: inout Tracked, at date: Date) -> RegionTransition {
        tracked.inside = false
        tracked.beaconInside = false
        let run = tracked.armed
        tracked.armed = false
        return RegionTransition(kind: .exit, region: tracked.region, time: date, runScript: run, cause: tracked.cause)
    }

    private func expire(_ s: inout Regions, at date: Date) -> [RegionTransition] {
        var transitions: [RegionTransition] = []
        for identifier in s.order where s.tracked[identifier]?.region.isExpired(at: date) == true {
            if var tracked = s.tracked.removeValue(forKey: identifier), tracked.inside {
                transitions.append(exit(&tracked, at: date))
            }
        }
        s.order.removeAll { s.tracked[$0] == nil }
        return transitions
    }

    static func describe(_ snapshot: BeaconSnapshot) -> JSONValue {
        var object: [String: JSONValue] = ["address": .string(snapshot.address), "proximity": .string(snapshot.proximity.rawValue),
                                           "rssi": .double(snapshot.smoothedRSSI)]
        if let uuid = snapshot.identity.uuid { object["uuid"] = .string(uuid) }
        if let major = snapshot.identity.major { object["major"] = .int(Int(major)) }
        if let minor = snapshot.identity.minor { object["minor"] = .int(Int(minor)) }
        if let distance = snapshot.distance { object["distance"] = .double(distance) }
        return .object(object)
    }
}
