import DeskMQTT
import DeskSettings
import Foundation
import MemberDeskTestSupport
@_spi(Testing) import MemberKit

/// A club on an in-memory database, with MQTT settings pointing at `url`.
struct MQTTFixture {
    let database: AppDatabase
    let clock = FakeClock(Date())
    let bus = EventBus()
    let club: Club
    var settings: MQTTSettings

    init(url: String = "mqtt://127.0.0.1:1883", occupancy: OccupancySettings = OccupancySettings(),
         configure: (inout DeskConfig.MQTT) -> Void = { _ in }) throws {
        database = try AppDatabase.inMemory()
        let terminal = try database.terminalIdentity(name: "Front Desk")
        club = Club(database: database, terminal: terminal, settings: ClubSettings(debounce: 60, enrolment: .auto, occupancy: occupancy), bus: bus, clock: clock)
        var config = DeskConfig.MQTT()
        config.url = url
        configure(&config)
        settings = try MQTTSettings.resolve(config, terminal: terminal)
        settings.retryDelay = 0.05...0.2
        settings.connectTimeout = 2
    }

    func service(connector: @escaping MQTTConnector = MosquittoConnection.connector,
                 beacons: [NamedBeacon] = []) -> MQTTService {
        MQTTService(settings: settings, database: database, bus: bus, clock: clock, namedBeacons: { beacons },
                    capacity: club.settings.occupancy.capacity, softwareVersion: "9.9.9", connector: connector)
    }
}
