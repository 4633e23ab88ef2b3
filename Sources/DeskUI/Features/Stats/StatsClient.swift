import Foundation
import MemberKit

/// The stats view's way to the club: its figures, and today's occupancy curve (by `Club`, which
/// applies closing time first).
public struct StatsClient: Sendable {
    public var figures: @Sendable (_ now: Date) throws -> DeskStats
    public var today: @Sendable (_ now: Date) throws -> OccupancyCurve

    public init(figures: @escaping @Sendable (Date) throws -> DeskStats, today: @escaping @Sendable (Date) throws -> OccupancyCurve) {
        self.figures = figures
        self.today = today
    }
}

extension StatsClient {
    public static func live(_ club: Club) -> StatsClient {
        StatsClient(figures: { now in try club.deskStats(at: now) },
                    today: { now in try TodayOccupancy.curve(club, now: now) })
    }

    public static let unimplemented = StatsClient(figures: { _ in throw ClientUnavailable.unset("stats.figures") },
                                                  today: { _ in throw ClientUnavailable.unset("stats.today") })
}

extension StatsClient: DeskFeatureClient {
    public static func live(from services: DeskServices) -> StatsClient { .live(services.club) }
}
