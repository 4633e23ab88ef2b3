import Foundation
import MemberKit

/// Everything the front desk shows and remembers, as one value: every pane's model, the open
/// dialog, the focus, and the jobs the panes wait on. Only `DeskReducer` changes it, through the
/// slices it scopes (read-only outside DeskUI; inside, `DeskStateBoundaryTests` checks who writes
/// it, as Swift cannot); `render` draws it.
public struct DeskState: Sendable, Equatable {
    public enum Focus: Sendable, Equatable { case members, log }
    public enum SidePane: Sendable, Equatable { case log, beacons }

    public let setup: DeskSetup
    public private(set) var width = 80
    public private(set) var height = 24
    public internal(set) var status: StatusBarModel
    public internal(set) var banner: BannerModel
    public internal(set) var list = MemberListModel()
    /// "Inside now", shown in the main pane instead of the member list while `showInside`.
    public internal(set) var inside = InsideListModel()
    public internal(set) var log = EventLogModel()
    public internal(set) var beacons: BeaconPaneModel
    public internal(set) var stats = StatsModel()
    public internal(set) var dialog: DeskDialog?
    public internal(set) var showStats = false
    public internal(set) var showInside = false
    public internal(set) var focus: Focus = .members
    /// In a narrow terminal only one side pane fits: `b` swaps them.
    public internal(set) var narrowSidePane: SidePane = .log
    public internal(set) var wedge = WedgeBurstDetector()
    public internal(set) var jobs = DeskJobs()
    public internal(set) var wantsQuit = false
    public internal(set) var lock: DeskLock
    /// Something changed since the last render.
    public internal(set) var needsRedraw = true
    /// The status bar's clock shows seconds: a new second redraws.
    var clockSecond = -1

    public init(setup: DeskSetup, now: Date) {
        self.setup = setup
        status = StatusBarModel(terminalName: setup.terminalName,
                                reader: setup.readerMonitorRunning ? .none : .notAvailable,
                                bluetooth: setup.beaconScannerRunning ? .scanning : .notAvailable,
                                regions: setup.regionsOn.map { $0 ? .on : .off } ?? .notAvailable)
        status.occupancy.capacity = setup.capacity
        if setup.syncEnabled {
            status.sync = .some(nil)
            // Until the first pass merges the folder, the count is at least as old as the desk's start.
            status.occupancy.mergedAt = now
        }
        banner = BannerModel(duration: setup.bannerSeconds)
        lock = DeskLock(enabled: setup.lockEnabled, idleMinutes: setup.idleMinutes, now: now)
        status.duty = lock.barText
        beacons = BeaconPaneModel(availability: setup.beaconScannerRunning ? .scanning : .notAvailable)
        DeskReducer.logNotes(setup.startNotes, &self, now: now)
    }

    var screen: Rect { Rect(x: 0, y: 0, width: width, height: height) }

    mutating func resize(width: Int, height: Int) {
        self.width = max(1, width)
        self.height = max(1, height)
        let rows = DeskLayout(width: self.width, height: self.height, showStats: showStats).listRows
        list.setViewport(rows)
        inside.setViewport(rows)
        needsRedraw = true
    }

    /// The member the member list has selected, when that list is what the main pane shows
    /// ("Inside now" names people, not the list's hidden selection: F2 and F8 do nothing there).
    var listSelection: MemberRecord? { showInside ? nil : list.selectedMember }

    /// The member list, as the main pane shows it, has not read its selected row yet.
    var listSelectionLoading: Bool { !showInside && list.selectionLoading }

    /// Is a text field taking keys? Then a fast burst is typing (or a paste), not a scan.
    var textFieldFocused: Bool { list.isSearching || dialog?.takesText == true }

    /// The soonest moment the desk must look again without input: held wedge keys released,
    /// the banner faded, a delayed count asked for, the clock's next second.
    public func nextDeadline(after now: Date) -> Date {
        var deadlines = [Date(timeIntervalSince1970: (now.timeIntervalSince1970 + 1e-6).rounded(.down) + 1)]
        if let held = wedge.deadline { deadlines.append(held) }
        if let shown = banner.current { deadlines.append(shown.shownAt.addingTimeInterval(banner.duration)) }
        if let edited = jobs.searchEditedAt, jobs.typing(at: now) { deadlines.append(edited.addingTimeInterval(DeskJobs.countDelay)) }
        if !jobs.storeProbeInFlight, let probe = jobs.nextStoreProbe { deadlines.append(probe) }
        if let idle = lock.idleDeadline { deadlines.append(idle) }
        return deadlines.min()!
    }
}
