import Foundation
import MemberKit

/// Everything the effect runner reaches the core and the adapters through: small clients of
/// closures, each with a live value (over `Club` and the executable's parts) and a test value
/// whose every closure fails as unset, so a test sets only what its effects reach. The panes'
/// and the lock's clients are fields; a feature's own client lives in its folder and is held by
/// its type (`clients[AuditClient.self]`), so a new feature adds no field here.
public struct DeskClients: Sendable {
    public var members: MembersClient
    public var occupancy: OccupancyClient
    public var staff: StaffClient
    /// Where the features' live clients come from (nil: each is `unimplemented` until set).
    private let services: DeskServices?
    private var featureClients: [ObjectIdentifier: any Sendable] = [:]

    public init(members: MembersClient, occupancy: OccupancyClient, staff: StaffClient, services: DeskServices? = nil) {
        self.members = members
        self.occupancy = occupancy
        self.staff = staff
        self.services = services
    }

    /// A feature's client: the one a test set, else its live value over the services, else unset.
    public subscript<Client: DeskFeatureClient>(_ type: Client.Type) -> Client {
        get {
            if let set = featureClients[ObjectIdentifier(type)] as? Client { return set }
            return services.map(Client.live(from:)) ?? Client.unimplemented
        }
        set { featureClients[ObjectIdentifier(type)] = newValue }
    }

    public static func live(_ services: DeskServices) -> DeskClients {
        DeskClients(members: .live(services.club, clock: services.clock), occupancy: .live(services.club),
                    staff: .live(services.club, staff: services.staff), services: services)
    }

    public static let unimplemented = DeskClients(members: .unimplemented, occupancy: .unimplemented, staff: .unimplemented)
}
