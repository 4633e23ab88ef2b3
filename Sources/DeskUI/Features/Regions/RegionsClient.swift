import Foundation
import MemberKit

/// The region watcher's switch, through the executable's `RegionToggle` (nil: not in this build).
public struct RegionsClient: Sendable {
    /// Turns regions the other way; returns whether they are now on.
    public var toggle: @Sendable () throws -> Bool

    public init(toggle: @escaping @Sendable () throws -> Bool) {
        self.toggle = toggle
    }
}

extension RegionsClient {
    public static func live(_ regions: (any RegionToggle)?) -> RegionsClient {
        RegionsClient {
            guard let regions else { throw ClientUnavailable("not available in this build") }
            let target = !regions.isOn
            try regions.set(on: target)
            return target
        }
    }

    public static let unimplemented = RegionsClient { throw ClientUnavailable.unset("regions.toggle") }
}

extension RegionsClient: DeskFeatureClient {
    public static func live(from services: DeskServices) -> RegionsClient { .live(services.regions) }
}
