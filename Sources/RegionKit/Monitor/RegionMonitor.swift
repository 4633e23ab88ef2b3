import Foundation
import MemberKit
import Synchronization

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

/// Decides when regions are entered and exited. A pure state machine: time comes in with
/// every input (`at:`), so a capture replays exactly and tests need no sleeps.
///
/// - Beacon regions enter when a matching beacon is seen at the required proximity, and exit
///   after `exitDelay` without one (as iOS does).
/// - Circular regions are inside iff distance − accuracy < radius; a crossing counts once the
///   position has stayed on the new side for `hysteresis` (CoreLocation's 20 s). A region with
///   no known state takes the first fix's side at once.
/// - A region is inside while either part is; there is never a second enter without an exit.
/// - State is persisted (table region_state), so a restart does not repeat an enter.
public final class RegionMonitor: Sendable {
    public let exitDelay: TimeInterval
    public let hysteresis: TimeInterval
    private let database: AppDatabase?
    private let state: Mutex<State>

    struct Tracked {
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

    struct State {
        var tracked: [String: Tracked] = [:]
        var order: [String] = []
        var persisted: [String: RegionStateRow]?
        var lastFix: LocationFix?
    }

    public init(database: AppDatabase?, exitDelay: TimeInterval = 30, hysteresis: TimeInterval = 20) {
        self.database = database
        self.exitDelay = exitDelay
        self.hysteresis = hysteresis
        state = Mutex(State())
    }

    public var insideIdentifiers: [String] {
        state.withLock { s in s.order.filter { s.tracked[$0]?.inside == true } }
    }

    public var regions: [Region] { state.withLock { s in s.order.compactMap { s.tracked[$0]?.region } } }

    /// Regions inside now that have a checkin script and are active at `date`.
    public func checkInRegions(at date: Date) -> [Region] {
        state.withLock { s in
            s.order.compactMap { s.tracked[$0] }.filter { $0.inside && !$0.region.checkinScript.isEmpty && $0.region.isActive(at: date) }
                .map(\.region)
        }
    }

    // MARK: Inputs

    /// Installs a (new) list: a region whose geometry changed is re-armed (exited if inside,
    /// then watched afresh); a region gone from the list, or expired, is exited and forgotten.
    public func load(_ regions: [Region], at date: Date) -> [RegionTransition] {
        var transitions: [RegionTransition] = []
        var writes: [RegionStateRow] = [], deletes: [String] = []
        state.withLock { s in
            if s.persisted == nil {
                let rows = (try? database?.regionStates()) ?? []
                s.persisted = Dictionary(rows.map { ($0.identifier, $0) }, uniquingKeysWith: { a, _ in a })
            }
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
                    writes.append(s.tracked[region.identifier]!.row)
                    continue
                }
                var fresh = Tracked(region: region)
                if let row = s.persisted?.removeValue(forKey: region.identifier) {
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
        }
        persist(writes: writes, deletes: deletes, transitions: transitions)
        return transitions
    }

    public func handle(_ event: BeaconEvent, at date: Date) -> [RegionTransition] {
        let snapshot: BeaconSnapshot
        switch event {
        case .appeared(let s), .updated(let s), .proximityChanged(let s, _, _): snapshot = s
        case .lost, .scanner: return tick(at: date)
        }
        var transitions: [RegionTransition] = []
        state.withLock { s in
            for identifier in s.order {
                guard var tracked = s.tracked[identifier], tracked.region.isBeaconRegion,
                      tracked.region.matches(snapshot.identity), tracked.region.accepts(snapshot.proximity) else { continue }
                tracked.lastBeacon = date
                tracked.beaconInside = true
                tracked.cause = ["beacon": Self.describe(snapshot)]
                if let transition = settle(&tracked, at: date) { transitions.append(transition) }
                s.tracked[identifier] = tracked
            }
        }
        persist(transitions: transitions)
        return transitions + tick(at: date)  // readings also carry time forward for the other regions
    }

    public func handle(_ fix: LocationFix) -> [RegionTransition] {
        let transitions = state.withLock { s in
            s.lastFix = fix
            return apply(fix, to: &s) + expire(&s, at: fix.time)
        }
        persist(transitions: transitions)
        return transitions
    }

    /// Lets time pass: beacon exit delays, pending crossings, expiry.
    public func tick(at date: Date) -> [RegionTransition] {
        let transitions = state.withLock { s -> [RegionTransition] in
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
            return transitions + expire(&s, at: date)
        }
        persist(transitions: transitions)
        return transitions
    }

    // MARK: Rules (under the lock)

    private func apply(_ fix: LocationFix, to s: inout State) -> [RegionTransition] {
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
        var run = region.isActive(at: date)
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

    private func expire(_ s: inout State, at date: Date) -> [RegionTransition] {
        var transitions: [RegionTransition] = []
        for identifier in s.order where s.tracked[identifier]?.region.isExpired(at: date) == true {
            if var tracked = s.tracked.removeValue(forKey: identifier), tracked.inside {
                transitions.append(exit(&tracked, at: date))
            }
        }
        s.order.removeAll { s.tracked[$0] == nil }
        return transitions
    }

    private func persist(writes: [RegionStateRow] = [], deletes: [String] = [], transitions: [RegionTransition]) {
        guard let database else { return }
        var rows = writes
        let current = state.withLock { s in transitions.map { s.tracked[$0.region.identifier]?.row } }
        rows += current.compactMap { $0 }  // a region no longer tracked is deleted, not written
        for identifier in deletes where !rows.contains(where: { $0.identifier == identifier }) {
            try? database.deleteRegionState(identifier)
        }
        for row in rows { try? database.saveRegionState(row) }
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
