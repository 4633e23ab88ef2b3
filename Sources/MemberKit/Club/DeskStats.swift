import Foundation

public struct DeskStats: Sendable, Equatable, Codable {
    public var memberCount: Int
    public var visitsToday: Int
    /// Check-ins per local hour today, 24 entries.
    public var perHourToday: [Int]
    /// Check-ins per local day for the last 30 days, oldest first; the last is today.
    public var perDayLast30: [Int]
    public var activeThisWeek: Int
    public var activeThisMonth: Int
}
