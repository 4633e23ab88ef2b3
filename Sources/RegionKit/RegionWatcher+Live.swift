import DeskSettings
import Foundation
import MemberKit

extension RegionWatcher {
    /// The key under which `memberdesk regions load` remembers its source.
    public static let loadedSourceKey = "regions.loadedSource"

    /// The front desk's one line: a watcher wired from the config, the XDG paths, the club and the
    /// store the wiring opened (region states, the loaded source), with the cached list loaded,
    /// started on the club's bus. A cache that no longer decodes is reported on the bus and replaced at the next refresh.
    public static func startLive(config: DeskConfig, paths: DeskPaths, club: Club,
                                 database: AppDatabase, mqtt: (any ScriptMessagePort)? = nil) -> RegionWatcher {
        let engine = ScriptEngine(environment: ScriptEnvironment(config: config, paths: paths, club: club, database: database, mqtt: mqtt))
        let bus = club.bus
        let monitor = RegionMonitor(store: database, exitDelay: config.regions.exitDelay,
                                    calendar: club.settings.occupancy.calendar) { message in
            bus.publish(.error(DeskErrorNotice(source: "regions", message: message)))
        }
        let watcher = RegionWatcher(monitor: monitor, engine: engine, database: database, clock: club.clock)
        let list = RegionListSource(cachePath: paths.regionCache, ttl: config.regions.ttl, timeout: config.regions.httpTimeout,
                                    clock: club.clock)
        do {
            if let regions = try list.cached() { watcher.load(regions, at: club.clock.now()) }
        } catch {
            club.bus.publish(.error(DeskErrorNotice(source: "regions", message: "\(error)")))
        }
        let origin = config.regions.source.isEmpty ? (try? database.setting(loadedSourceKey)) ?? "" : config.regions.source
        watcher.start(location: locationSource(config: config, clock: club.clock, bus: club.bus), list: list, listOrigin: origin)
        return watcher
    }

    /// `regions.location` wins (a desk does not move), else `regions.gpsd`, else none.
    static func locationSource(config: DeskConfig, clock: any DeskClock, bus: EventBus) -> (any LocationSource)? {
        if !config.regions.location.isEmpty {
            guard let fix = LocationFix.parse(config.regions.location, time: clock.now()) else {
                bus.publish(.error(DeskErrorNotice(source: "regions", message: "regions.location must be \"LAT,LNG\"")))
                return nil
            }
            return FixedLocation(latitude: fix.latitude, longitude: fix.longitude, clock: { clock.now() })
        }
        if !config.regions.gpsd.isEmpty {
            guard let gpsd = GpsdLocationSource(address: config.regions.gpsd, clock: clock) else {
                bus.publish(.error(DeskErrorNotice(source: "regions", message: "regions.gpsd must be \"host:port\"")))
                return nil
            }
            return gpsd
        }
        return nil
    }
}
