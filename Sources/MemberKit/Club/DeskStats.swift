import Foundation

public struct DeskStats: Sendable, Equatable, Codable {
    public var memberCount: Int
    /// Every desk's visits today, as far as this desk holds them.
    public var visitsToday: Int
    /// Those made at this desk.
    public var visitsTodayHere: Int
    /// Check-ins per local hour today, 24 entries.
    public var perHourToday: [Int]
    /// Check-ins per local day for the last 30 days, oldest first; the last is today.
    public var perDayLast30: [Int]
    public var activeThisWeek: Int
    public var activeThisMonth: Int
}
