import Foundation
import MemberKit

/// Everything the effect runner reaches the core and the adapters through: small clients of
/// closures, each with a live value (over `Club` and the executable's parts) and a test value
/// whose every closure fails as unset, so a test sets only what its effects reach. A feature's
/// own client lives in its folder (`Features/Audit/AuditClient.swift`).
public struct DeskClients: Sendable {
    public var members: MembersClient
    public var checkIn: CheckInClient
    public var occupancy: OccupancyClient
    public var staff: StaffClient
    public var audit: AuditClient
    public var stats: StatsClient
    public var wallet: WalletClient
    public var regions: RegionsClient
    public var imports: ImportClient
    public var export: ExportClient

    public init(members: MembersClient, checkIn: CheckInClient, occupancy: OccupancyClient, staff: StaffClient,
                audit: AuditClient, stats: StatsClient, wallet: WalletClient, regions: RegionsClient, imports: ImportClient,
                export: ExportClient) {
        self.members = members
        self.checkIn = checkIn
        self.occupancy = occupancy
        self.staff = staff
        self.audit = audit
        self.stats = stats
        self.wallet = wallet
        self.regions = regions
        self.imports = imports
        self.export = export
    }

    public static func live(_ services: DeskServices) -> DeskClients {
        DeskClients(members: .live(services.club, clock: services.clock), checkIn: .live(services.club),
                    occupancy: .live(services.club), staff: .live(services.club, staff: services.staff),
                    audit: .live(services.club), stats: .live(services.club), wallet: .live(services.wallet),
                    regions: .live(services.regions), imports: .live(services.importer), export: .live(services.exporter))
    }

    public static let unimplemented = DeskClients(members: .unimplemented, checkIn: .unimplemented, occupancy: .unimplemented,
                                                  staff: .unimplemented, audit: .unimplemented, stats: .unimplemented,
                                                  wallet: .unimplemented, regions: .unimplemented, imports: .unimplemented,
                                                  export: .unimplemented)
}
