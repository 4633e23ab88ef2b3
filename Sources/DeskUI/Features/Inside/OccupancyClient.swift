import Foundation
import MemberKit

/// Who is inside (closing time applied first, by `Club`).
public struct OccupancyClient: Sendable {
    public var insideCount: @Sendable () throws -> Int
    public var insideMembers: @Sendable () throws -> [InsideMember]

    public init(insideCount: @escaping @Sendable () throws -> Int, insideMembers: @escaping @Sendable () throws -> [InsideMember]) {
        self.insideCount = insideCount
        self.insideMembers = insideMembers
    }
}

extension OccupancyClient {
    public static func live(_ club: Club) -> OccupancyClient {
        OccupancyClient(insideCount: { try club.insideCount() }, insideMembers: { try club.insideMembers() })
    }

    public static let unimplemented = OccupancyClient(
        insideCount: { throw ClientUnavailable.unset("occupancy.insideCount") },
        insideMembers: { throw ClientUnavailable.unset("occupancy.insideMembers") })
}
