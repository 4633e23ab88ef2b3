import Foundation
import MemberKit

/// Fills the report's cache of past days in the background of a long-running desk (`scan`, the
/// front desk, `sync watch`), so that a manager's first report after an upgrade, or after days
/// nobody reported, finds its days cached. The core does a slice (`Club.warmReportCache`: a week
/// of days, two short writes around one read); this thread, at the lowest CPU priority, runs one,
/// pauses so that taps take the write lock between slices, and once caught up looks again every
/// `recheck` seconds (a day settles each night; a late event drops the days it changes). A failure
/// (a busy or full database) waits for the next look.
final class ReportWarmer: @unchecked Sendable {
    private let club: Club
    private let pause: TimeInterval
    private let recheck: TimeInterval
    private let delay: TimeInterval
    private let condition = NSCondition()
    private var stopped = false

    /// `delay`: the first slice waits this long, so a desk's start-up comes first.
    init(club: Club, pause: TimeInterval = 0.5, recheck: TimeInterval = 3600, delay: TimeInterval = 5) {
        self.club = club
        self.pause = pause
        self.recheck = recheck
        self.delay = delay
    }

    func start() {
        let thread = Thread { [self] in
            // Linux gives each thread its own nice value (0: the calling thread): this one yields
            // the CPU to the taps. The store's reads run on the calling thread.
            _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 19)
            var wait = delay
            while sleep(wait) {
                let progress = try? club.warmReportCache(timeZone: club.settings.occupancy.calendar.timeZone)
                let more = (progress?.daysStored ?? 0) > 0 && progress?.caughtUp == false
                wait = more ? pause : recheck
            }
        }
        thread.name = "memberdesk.report-warm-up"
        thread.start()
    }

    func stop() {
        condition.lock()
        stopped = true
        condition.broadcast()
        condition.unlock()
    }

    /// Waits `seconds` or until stopped; false once stopped.
    private func sleep(_ seconds: TimeInterval) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        // `NSCondition` waits until a wall-clock date: the system clock's.
        let until = SystemClock().now().addingTimeInterval(seconds)
        while !stopped, condition.wait(until: until) {}
        return !stopped
    }
}
