import Foundation

/// The layout's slice of the desk: what the main pane shows (the member list, the stats view or
/// "Inside now"), which pane has the focus, and which side pane a narrow screen shows.
struct LayoutSlice: Equatable {
    var showStats: Bool
    var showInside: Bool
    var focus: DeskState.Focus
    var narrowSidePane: DeskState.SidePane
}

extension LayoutSlice {
    static var scope: DeskScope<LayoutSlice, Bool, Bool, DeskState.Focus, DeskState.SidePane> {
        DeskScope(LayoutSlice.init, .init(\.showStats, at: \.showStats), .init(\.showInside, at: \.showInside),
                  .init(\.focus, at: \.focus), .init(\.narrowSidePane, at: \.narrowSidePane))
    }
}

enum LayoutAction: Equatable {
    /// `s`: the stats view, or the list again.
    case toggleStats
    /// `i`: "Inside now", or the member list again.
    case toggleInside
    /// `b`: the beacons or the event log, on a narrow screen.
    case swapSidePane
    /// Tab: the member list or the event log.
    case switchFocus
    /// The search starts: the member list, focused.
    case showMembers
}

/// What the parent does after a layout change: the lists and the jobs are not the layout's.
struct LayoutOutput: Equatable {
    /// The main pane's rows changed (the stats view takes some): the lists' viewports follow.
    var resized = false
    /// "Inside now" opened: a fresh read with its list, whatever a count in flight was asked for.
    var readInside = false
    /// The stats view opened: read its figures.
    var loadStats = false
}

/// The layout's reducer: which view, which focus. The main pane shows one view at a time.
enum LayoutReducer {
    static func reduce(_ slice: inout LayoutSlice, _ action: LayoutAction) -> LayoutOutput {
        var out = LayoutOutput()
        switch action {
        case .toggleStats:
            slice.showStats.toggle()
            if slice.showStats {
                slice.showInside = false
                out.loadStats = true
            }
            out.resized = true
        case .toggleInside:
            slice.showInside.toggle()
            if slice.showInside {
                slice.showStats = false
                slice.focus = .members
                out.readInside = true
            }
            out.resized = true
        case .swapSidePane:
            slice.narrowSidePane = slice.narrowSidePane == .log ? .beacons : .log
        case .switchFocus:
            slice.focus = slice.focus == .members ? .log : .members
        case .showMembers:
            slice.showStats = false
            slice.showInside = false
            slice.focus = .members
        }
        return out
    }
}
