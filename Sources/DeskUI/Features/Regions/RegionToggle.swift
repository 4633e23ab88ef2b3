import Foundation
import MemberKit

/// Turns region monitoring on and off (F9). The regions module provides the real one.
public protocol RegionToggle: Sendable {
    var isOn: Bool { get }
    func set(on: Bool) throws
}
