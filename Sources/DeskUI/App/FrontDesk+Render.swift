import Foundation
import MemberKit

extension FrontDesk {
    /// Draws the whole screen into a fresh grid (the driver sends only the rows that changed).
    public func render() -> CellGrid {
        let time = now
        var grid = CellGrid(width: width, height: height)
        let layout = DeskLayout(width: width, height: height, showStats: showStats)
        status.render(into: &grid, y: layout.status.y, now: time)
        banner.render(into: &grid, rect: layout.banner, now: time)
        if showStats {
            stats.render(into: &grid, rect: layout.main)
        } else {
            list.render(into: &grid, rect: layout.main, now: time, focused: focus == .members && dialog == nil)
        }
        if let beaconRect = layout.beacons {
            beacons.render(into: &grid, rect: beaconRect, now: time, focused: false)
            log.render(into: &grid, rect: layout.log, focused: focus == .log)
        } else if narrowSidePane == .beacons {
            beacons.render(into: &grid, rect: layout.log, now: time, focused: false)
        } else {
            log.render(into: &grid, rect: layout.log, focused: focus == .log)
        }
        FunctionBar.render(into: &grid, y: layout.functionBar.y)
        switch dialog {
        case .help(let d), .notice(let d): d.render(into: &grid)
        case .form(let form):
            let frame = DialogFrame.centred(in: grid.bounds, width: 86, height: max(16, min(grid.height - 2, 30)))
            form.render(into: &grid, rect: frame, now: time)
        case .confirmDelete(let d): d.render(into: &grid)
        case .prompt(let d): d.render(into: &grid)
        case .importReview(let d): d.render(into: &grid)
        case .export(let d): d.render(into: &grid)
        case nil: break
        }
        needsRedraw = false
        return grid
    }
}

/// The htop-style key bar along the bottom.
public enum FunctionBar {
    static let keys: [(String, String, String)] = [
        ("F1", "Help", "Help"), ("F2", "Edit", "Edit"), ("F3", "Search", "Search"), ("F4", "Check in", "Check"),
        ("F5", "Export", "Export"), ("F6", "Import", "Import"), ("F7", "New", "New"), ("F8", "Delete", "Delete"),
        ("F9", "Regions", "Region"), ("F10", "Quit", "Quit"),
    ]

    public static func render(into grid: inout CellGrid, y: Int) {
        grid.fill(Rect(x: 0, y: y, width: grid.width, height: 1), style: CellStyle(.key, reverse: true))
        let long = keys.map { $0.0.count + $0.1.count + 2 }.reduce(0, +)
        let useLong = long <= grid.width
        var x = 0
        for (key, longLabel, shortLabel) in keys {
            x = grid.put(key, x: x, y: y, style: CellStyle(.normal, bold: true))
            x = grid.put(useLong ? longLabel + " " : shortLabel, x: x, y: y, style: CellStyle(.key, reverse: true))
            x = grid.put(" ", x: x, y: y, style: CellStyle(.key, reverse: true))
            if x >= grid.width { break }
        }
    }
}
