import Foundation
import MemberKit

/// Runs closing time for a long-running desk (`scan`, the front desk, `sync watch`): at start,
/// then every `interval` seconds, it calls the core's one function for it. A failure is already
/// published on the bus by the core; the next round tries again.
final class ClosingTimer: @unchecked Sendable {
    private let club: Club
    private let timer: DispatchSourceTimer

    init(club: Club, interval: TimeInterval = 30) {
        self.club = club
        timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "memberdesk.closing"))
        timer.schedule(deadline: .now(), repeating: interval, leeway: .seconds(1))
        timer.setEventHandler { [club] in _ = try? club.closeOverdueVisits() }
    }

    func start() { timer.resume() }

    func stop() { timer.cancel() }
}
