import Foundation
import MemberKit
import Synchronization

/// The front desk's state: every pane's view model, the open dialog, and what to do with each
/// key, bus event and finished job. It never touches the terminal (the driver draws the grid it
/// renders) and never waits on the database (the worker does, and posts results to the inbox).
/// Only the UI thread touches it.
public final class FrontDesk {
    public enum Dialog {
        case help(NoticeDialog)
        case notice(NoticeDialog)
        case form(MemberFormModel)
        case confirmDelete(ConfirmDeleteDialog)
        case prompt(PromptDialog)
        case importReview(ImportReviewDialog)
        case export(ExportDialog)
    }

    public enum Focus: Sendable { case members, log }
    public enum SidePane: Sendable { case log, beacons }

    public let services: DeskServices
    let worker: DeskWorker
    /// Match counts run apart from pages: counting a common word reads far more rows than a
    /// page does, and must never hold up the list that the next keystroke asks for.
    let countWorker: DeskWorker
    public let inbox: DeskInbox
    let subscription: EventSubscription
    /// The newest listing generation, read by queued jobs so that superseded queries are skipped.
    let latestGeneration = GenerationCounter()

    public var status: StatusBarModel
    public var banner: BannerModel
    public var list = MemberListModel()
    public var log = EventLogModel()
    public var beacons: BeaconPaneModel
    public var stats = StatsModel()
    public var dialog: Dialog?
    public var showStats = false
    public var focus: Focus = .members
    /// In a narrow terminal only one side pane fits: `b` swaps them.
    public var narrowSidePane: SidePane = .log
    public var wedge = WedgeBurstDetector()
    public private(set) var wantsQuit = false
    /// Something changed since the last render.
    public var needsRedraw = true
    var countInFlight = false
    var countStale = true
    /// When the search text last changed: the match count waits for typing to pause.
    var searchEditedAt: Date?
    var statsInFlight = false
    var lastClockSecond = -1
    var width = 80, height = 24

    public init(services: DeskServices, worker: DeskWorker = DeskWorker(), subscription: EventSubscription? = nil) {
        self.services = services
        self.worker = worker
        countWorker = worker.isInline ? worker : DeskWorker(label: "memberdesk.count-worker")
        inbox = DeskInbox()
        self.subscription = subscription ?? services.club.bus.subscribe()
        status = StatusBarModel(terminalName: services.terminalName,
                                reader: services.readerMonitorRunning ? .none : .notAvailable,
                                bluetooth: services.beaconScannerRunning ? .scanning : .notAvailable,
                                regions: services.regions.map { $0.isOn ? .on : .off } ?? .notAvailable)
        banner = BannerModel(duration: services.bannerSeconds)
        beacons = BeaconPaneModel(availability: services.beaconScannerRunning ? .scanning : .notAvailable)
        if !services.readerMonitorRunning { log.add("card reader: not available", tone: .warning, at: services.clock.now()) }
    }

    var now: Date { services.clock.now() }

    /// Starts listening and asks for the first rows and the member count.
    public func start(width: Int, height: Int) {
        resize(width: width, height: height)
        pollWork()
    }

    public func resize(width: Int, height: Int) {
        self.width = max(1, width)
        self.height = max(1, height)
        list.setViewport(DeskLayout(width: self.width, height: self.height, showStats: showStats).listRows)
        needsRedraw = true
    }

    /// One turn of the UI loop, never blocking: held wedge keys, bus events, finished jobs,
    /// the banner's fade, the clock, and any page the list now needs.
    public func tick() {
        for key in wedge.flush(now: now) { dispatch(key) }
        let events = subscription.drain(limit: 500)
        for event in events { handle(event) }
        for delivery in inbox.drain() {
            delivery(self)
            needsRedraw = true
        }
        if banner.expire(now: now) { needsRedraw = true }
        let second = Int(now.timeIntervalSince1970)
        if second != lastClockSecond {
            lastClockSecond = second
            needsRedraw = true
        }
        pollWork()
    }

    /// The soonest moment the loop must wake even without input (held wedge keys, banner fade).
    public var nextDeadline: Date? { wedge.deadline }

    /// Stops listening to the bus.
    public func stop() { subscription.cancel() }

    // MARK: Events

    public func handle(_ event: DeskEvent) {
        let time = now
        switch event {
        case .checkIn(let report):
            banner.show(report, policy: services.club.settings.enrolment, now: time)
            if let member = report.outcome.member { list.replace(member) }
            list.markStale()
            if case .enrolled = report.outcome { countStale = true }
            if showStats { stats.loading = true; requestStats() }
        case .memberCreated, .memberDeleted:
            countStale = true
            list.markStale()
        case .memberUpdated(let member):
            list.replace(member)
            list.markStale()
        case .imported:
            countStale = true
            list.markStale()
            needsRedraw = true
            return
        case .reader, .region:
            _ = status.apply(event)
        case .beacon(let beaconEvent):
            _ = status.apply(event)
            _ = beacons.apply(beaconEvent)
        case .error, .notification, .log:
            break
        }
        log.add(event, at: time)
        needsRedraw = true
    }

    func quit() { wantsQuit = true }
}

/// The newest listing generation, shared with queued jobs (a class, since a Mutex cannot be copied into a closure).
final class GenerationCounter: Sendable {
    private let value = Mutex(0)
    func withLock<T>(_ body: (inout Int) -> T) -> T { value.withLock { body(&$0) } }
}
