import DeskMQTT
import Foundation
import MemberKit
import RegionKit
import Synchronization

extension DeskContext {
    /// The desk's MQTT link, started (nil when `[mqtt]` is off or cannot work: then the bus says why).
    /// The front desk, `scan` and `sync watch` each run one; stop it before the process ends.
    func startMQTT() -> MQTTService? {
        let beacons = NamedBeaconList(cache: RegionListSource(cachePath: paths.regionCache, ttl: config.regions.ttl))
        let service = MQTTService.fromConfig(config, club: club, database: database, softwareVersion: MemberDeskVersion.current,
                                             namedBeacons: { beacons.current() })
        service?.start()
        return service
    }

    /// For a one-shot `checkin` or `checkout`: runs `body` with what it publishes queued in the MQTT outbox,
    /// for the running front desk, `scan` or `sync watch` to send (within a quarter of a second). The queue
    /// is written before this returns, so nothing is lost when the process ends.
    func queueingMQTT<T>(_ body: () throws -> T) rethrows -> T {
        let publisher = MQTTService.queueing(config, club: club, database: database)
        defer { publisher?.stop() }
        return try body()
    }
}

/// The beacons the cached region list names, re-read at most once a minute (a refresh rewrites the cache).
final class NamedBeaconList: Sendable {
    private let cache: RegionListSource
    /// When the cache was last read, by elapsed time (nil: never).
    private let state = Mutex<(beacons: [NamedBeacon], readAt: ContinuousClock.Instant?)>(([], nil))

    init(cache: RegionListSource) {
        self.cache = cache
    }

    func current() -> [NamedBeacon] {
        state.withLock { state in
            let now = ContinuousClock.now
            if state.readAt.map({ now - $0 >= .seconds(60) }) ?? true {
                state = ((try? cache.cached()).map { Self.named(in: $0 ?? []) } ?? state.beacons, now)
            }
            return state.beacons
        }
    }

    /// A beacon region names its beacon; a region without a beacon part names none.
    static func named(in regions: [Region]) -> [NamedBeacon] {
        regions.compactMap { region in
            guard let uuid = region.uuid else { return nil }
            return NamedBeacon(id: NamedBeacon.topicLevel(region.identifier), name: region.name, uuid: uuid,
                               major: region.major, minor: region.minor)
        }
    }
}
