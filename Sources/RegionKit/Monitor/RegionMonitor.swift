import Foundation
import MemberKit
import Synchronization

/// Where region state is kept between runs (table region_state): a restart does not repeat an
/// enter, and once_ever is remembered.
public protocol RegionStateStore: Sendable {
    func regionStates() throws -> [RegionStateRow]
    /// Writes the rows and deletes the identifiers, in one transaction.
    func saveRegionStates(_ rows: [RegionStateRow], deleting identifiers: [String]) throws
}

extension AppDatabase: RegionStateStore {}

/// `RegionMachine` for threads (the watcher's tick, the bus, the location source) and the store:
/// each input runs the machine under a lock, then its step is written. A store that fails is
/// reported through `storeFailed` (the live desk says it on the bus), and the regions go on from
/// memory: an enter is never held up by the disk.
public final class RegionMonitor: Sendable {
    private let machine: Mutex<RegionMachine>
    private let store: (any RegionStateStore)?
    private let storeFailed: @Sendable (String) -> Void

    /// `calendar`: the club's (`OccupancySettings.calendar`), which regions' active hours are read in.
    public init(store: (any RegionStateStore)?, exitDelay: TimeInterval = 30, hysteresis: TimeInterval = 20,
                calendar: Calendar = .gregorianUTC, storeFailed: @escaping @Sendable (String) -> Void = { _ in }) {
        self.store = store
        self.storeFailed = storeFailed
        machine = Mutex(RegionMachine(exitDelay: exitDelay, hysteresis: hysteresis, calendar: calendar))
    }

    public convenience init(database: AppDatabase?, exitDelay: TimeInterval = 30, hysteresis: TimeInterval = 20,
                            calendar: Calendar = .gregorianUTC) {
        self.init(store: database, exitDelay: exitDelay, hysteresis: hysteresis, calendar: calendar)
    }

    public var exitDelay: TimeInterval { machine.withLock { $0.exitDelay } }
    public var hysteresis: TimeInterval { machine.withLock { $0.hysteresis } }
    public var insideIdentifiers: [String] { machine.withLock { $0.insideIdentifiers } }
    public var regions: [Region] { machine.withLock { $0.regions } }

    /// Regions inside now that have a checkin script and are active at `date`.
    public func checkInRegions(at date: Date) -> [Region] { machine.withLock { $0.checkInRegions(at: date) } }

    /// Installs a (new) list (see `RegionMachine.load`); the first one reads the saved state.
    public func load(_ regions: [Region], at date: Date) -> [RegionTransition] {
        let step = machine.withLock { machine in
            var saved: [RegionStateRow] = []
            if machine.needsSavedState, let store {
                do { saved = try store.regionStates() } catch { storeFailed("regions: the saved region state could not be read: \(error)") }
            }
            return machine.load(regions, saved: saved, at: date)
        }
        return save(step)
    }

    public func handle(_ event: BeaconEvent, at date: Date) -> [RegionTransition] {
        save(machine.withLock { $0.handle(event, at: date) })
    }

    public func handle(_ fix: LocationFix) -> [RegionTransition] {
        save(machine.withLock { $0.handle(fix) })
    }

    /// Lets time pass: beacon exit delays, pending crossings, expiry.
    public func tick(at date: Date) -> [RegionTransition] {
        save(machine.withLock { $0.tick(at: date) })
    }

    private func save(_ step: RegionStep) -> [RegionTransition] {
        guard let store, !step.writes.isEmpty || !step.deletes.isEmpty else { return step.transitions }
        do {
            try store.saveRegionStates(step.writes, deleting: step.deletes)
        } catch {
            storeFailed("regions: the region state could not be saved: \(error)")
        }
        return step.transitions
    }
}
