/// Where each pane goes for a screen size: status bar on top, the banner under it, the member
/// list (or stats) with the side panes to its right on wide screens or below it on narrow
/// ones, and the function bar at the bottom.
public struct DeskLayout: Equatable {
    public var status: Rect
    public var banner: Rect
    public var main: Rect
    /// Wide screens: both side panes; narrow: only `log` (which shows whichever side pane is chosen).
    public var beacons: Rect?
    public var log: Rect
    public var functionBar: Rect
    public var isWide: Bool

    public init(width: Int, height: Int, showStats: Bool = false) {
        status = Rect(x: 0, y: 0, width: width, height: 1)
        functionBar = Rect(x: 0, y: height - 1, width: width, height: 1)
        let bannerHeight = height >= 40 ? 6 : 4
        banner = Rect(x: 0, y: 1, width: width, height: bannerHeight)
        let bodyTop = 1 + bannerHeight
        let bodyHeight = max(0, height - bodyTop - 1)
        isWide = width >= 110
        if isWide {
            let side = max(40, width / 3)
            main = Rect(x: 0, y: bodyTop, width: width - side, height: bodyHeight)
            let beaconHeight = min(max(4, bodyHeight / 3), 12)
            beacons = Rect(x: width - side, y: bodyTop, width: side, height: beaconHeight)
            log = Rect(x: width - side, y: bodyTop + beaconHeight, width: side, height: bodyHeight - beaconHeight)
        } else {
            let bottom = max(4, bodyHeight / 3)
            main = Rect(x: 0, y: bodyTop, width: width, height: bodyHeight - bottom)
            beacons = nil
            log = Rect(x: 0, y: bodyTop + bodyHeight - bottom, width: width, height: bottom)
        }
    }

    /// Member rows that fit: the list box less its border, search line and header.
    public var listRows: Int { max(1, main.height - 4) }
}
