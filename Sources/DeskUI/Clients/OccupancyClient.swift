import Foundation
import MemberKit

/// Who is inside (closing time applied first, by `Club`) and today's curve for the stats pane.
public struct OccupancyClient: Sendable {
    public var insideCount: @Sendable () throws -> Int
    public var insideMembers: @Sendable () throws -> [InsideMember]
    public var today: @Sendable (_ now: Date) throws -> OccupancyCurve

    public init(insideCount: @escaping @Sendable () throws -> Int, insideMembers: @escaping @Sendable () throws -> [InsideMember],
                today: @escaping @Sendable (Date) throws -> OccupancyCurve) {
        self.insideCount = insideCount
        self.insideMembers = insideMembers
        self.today = today
    }
}

extension OccupancyClient {
    public static func live(_ club: Club) -> OccupancyClient {
        OccupancyClient(insideCount: { try club.insideCount() }, insideMembers: { try club.insideMembers() },
                        today: { now in try TodayOccupancy.curve(club, now: now) })
    }

    public static let unimplemented = OccupancyClient(
        insideCount: { throw ClientUnavailable.unset("occupancy.insideCount") },
        insideMembers: { throw ClientUnavailable.unset("occupancy.insideMembers") },
        today: { _ in throw ClientUnavailable.unset("occupancy.today") })
}
