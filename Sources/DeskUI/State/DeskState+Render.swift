import Foundation
import MemberKit

extension DeskState {
    /// Draws the whole screen into a fresh grid (the driver sends only the rows that changed).
    /// `photos`: where the banner gets a member's photo (nil: it shows none).
    public func render(now: Date, photos: (any PhotoArtSource)? = nil) -> CellGrid {
        var grid = CellGrid(width: width, height: height)
        let layout = DeskLayout(width: width, height: height, showStats: showStats)
        status.render(into: &grid, y: layout.status.y, now: now)
        banner.render(into: &grid, rect: layout.banner, now: now, photos: photos)
        if showStats {
            stats.render(into: &grid, rect: layout.main)
        } else if showInside {
            inside.render(into: &grid, rect: layout.main, now: now, focused: focus == .members && dialog == nil,
                          capacity: status.occupancy.capacity)
        } else {
            list.render(into: &grid, rect: layout.main, now: now, focused: focus == .members && dialog == nil,
                        calendar: setup.plans.calendar)
        }
        if let beaconRect = layout.beacons {
            beacons.render(into: &grid, rect: beaconRect, now: now, focused: false)
            log.render(into: &grid, rect: layout.log, focused: focus == .log)
        } else if narrowSidePane == .beacons {
            beacons.render(into: &grid, rect: layout.log, now: now, focused: false)
        } else {
            log.render(into: &grid, rect: layout.log, focused: focus == .log)
        }
        FunctionBar.render(into: &grid, y: layout.functionBar.y)
        dialog?.render(into: &grid, now: now)
        return grid
    }
}
