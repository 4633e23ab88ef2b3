import DeskLanguage
import Foundation
import MemberKit

/// Today's occupancy for the stats pane: how many were inside through each quarter hour of the
/// day so far (as MemberKit's `OccupancyAccumulator` computes it for the report), the day's peak,
/// and how many are inside now of how many may be.
public struct OccupancyCurve: Sendable, Equatable {
    public static let quartersPerDay = 96

    /// The average number inside in each quarter hour of today, midnight first; 0 after now.
    public var quarters: [Double]
    /// The most inside at once today.
    public var peak: Int
    public var inside: Int
    /// 0: no limit.
    public var capacity: Int

    public init(quarters: [Double], peak: Int, inside: Int, capacity: Int) {
        self.quarters = quarters
        self.peak = peak
        self.inside = inside
        self.capacity = capacity
    }

    /// The finest of quarter hours, half hours and hours whose columns fit in `width`; each
    /// column the mean of the quarters it holds.
    public func columns(fitting width: Int) -> [Double] {
        let perColumn = [1, 2, 4].first { quarters.count / $0 <= width } ?? 4
        return stride(from: 0, to: quarters.count, by: perColumn).map { start in
            let slice = quarters[start..<min(quarters.count, start + perColumn)]
            return slice.reduce(0, +) / Double(slice.count)
        }
    }

    /// "People inside today (now 23 of 80, peak 31)".
    public var title: String {
        let now = capacity > 0 ? tr("now %@ of %@", DeskLanguage.number(inside), DeskLanguage.number(capacity))
            : tr("now %@", DeskLanguage.number(inside))
        return tr("People inside today (%@, peak %@)", now, DeskLanguage.number(peak))
    }
}
