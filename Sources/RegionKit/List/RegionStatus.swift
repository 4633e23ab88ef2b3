import Foundation
import MemberKit

/// Where the desk stands with a region, as `regions list` shows it.
public enum RegionStatus: String, Sendable {
    case inside, outside, expired

    /// Each region's status from the monitor's persisted states: inside only while the recorded
    /// geometry is still the region's (an edited region is re-armed, so it counts as outside).
    public static func of(_ regions: [Region], states: [RegionStateRow], at now: Date) -> [RegionStatus] {
        let byId = Dictionary(states.map { ($0.identifier, $0) }, uniquingKeysWith: { first, _ in first })
        return regions.map { region in
            if region.isExpired(at: now) { return .expired }
            let inside = byId[region.identifier].map { $0.inside && $0.geometry == region.geometry } ?? false
            return inside ? .inside : .outside
        }
    }
}
