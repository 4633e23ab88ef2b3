import Foundation
import MemberKit

/// Everything the effect runner reaches the core and the adapters through: small clients of
/// closures, each with a live value (over `Club` and the executable's parts) and a test value
/// whose every closure fails as unset, so a test sets only what its effects reach.
public struct DeskClients: Sendable {
    public var members: MembersClient
    public var checkIn: CheckInClient
    public var occupancy: OccupancyClient
    public var staff: StaffClient
    public var audit: AuditClient
    public var exchange: ExchangeClient

    public init(members: MembersClient, checkIn: CheckInClient, occupancy: OccupancyClient, staff: StaffClient,
                audit: AuditClient, exchange: ExchangeClient) {
        self.members = members
        self.checkIn = checkIn
        self.occupancy = occupancy
        self.staff = staff
        self.audit = audit
        self.exchange = exchange
    }

    public static func live(_ services: DeskServices) -> DeskClients {
        DeskClients(members: .live(services.club, clock: services.clock), checkIn: .live(services.club),
                    occupancy: .live(services.club), staff: .live(services.club, staff: services.staff),
                    audit: .live(services.club),
                    exchange: .live(importer: services.importer, exporter: services.exporter, wallet: services.wallet,
                                    regions: services.regions))
    }

    public static let unimplemented = DeskClients(members: .unimplemented, checkIn: .unimplemented, occupancy: .unimplemented,
                                                  staff: .unimplemented, audit: .unimplemented, exchange: .unimplemented)
}
