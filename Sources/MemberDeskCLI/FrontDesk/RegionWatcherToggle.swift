import DeskUI
import RegionKit

/// F9: the region watcher's persisted on/off switch.
struct RegionWatcherToggle: RegionToggle {
    let watcher: RegionWatcher
    var isOn: Bool { watcher.isOn }
    func set(on: Bool) throws { try watcher.setOn(on) }
}
