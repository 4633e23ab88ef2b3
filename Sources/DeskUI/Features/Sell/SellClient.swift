import Foundation
import MemberKit

/// Selling a plan of the catalogue to a member (`Club.sell`): the member as sold and the sale.
public struct SellClient: Sendable {
    public var sell: @Sendable (_ plan: String, _ memberId: String, AuditActor) throws -> (member: MemberRecord, sale: SaleRecord)

    public init(sell: @escaping @Sendable (String, String, AuditActor) throws -> (member: MemberRecord, sale: SaleRecord)) {
        self.sell = sell
    }
}

extension SellClient {
    public static func live(_ club: Club) -> SellClient {
        SellClient { plan, memberId, actor in try club.sell(plan, to: memberId, by: actor) }
    }

    public static let unimplemented = SellClient { _, _, _ in throw ClientUnavailable.unset("sell.sell") }
}

extension SellClient: DeskFeatureClient {
    public static func live(from services: DeskServices) -> SellClient { .live(services.club) }
}
