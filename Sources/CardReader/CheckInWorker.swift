import Foundation
import MemberKit

/// Checks taps in through the port on its own serial queue, in tap order, so that a slow or
/// locked database (SQLite waits up to its busy timeout for the lock) never holds up the thread
/// that watches the readers. A tap queued meanwhile is checked in once the lock is free.
final class CheckInWorker: Sendable {
    private let port: any CheckInPort
    private let queue = DispatchQueue(label: "memberdesk.check-in")

    init(port: any CheckInPort) { self.port = port }

    /// Queues what a presentation gave: a card's credential (source `nfc`) or a phone's pass.
    /// `answered` runs on the worker with the outcome, or with nil when the port threw (the core
    /// has published why).
    func submit(_ credential: WalletReaders.Credential, answered: @escaping @Sendable (CheckInOutcome?) -> Void) {
        queue.async { [port] in
            switch credential {
            case .card(let pass, let secure): answered(try? port.checkIn(pass: pass, source: .nfc, secure: secure))
            case .wallet(let presentation): answered(try? port.checkIn(wallet: presentation))
            }
        }
    }

    /// Returns once every check-in queued so far has been answered.
    func drain() { queue.sync {} }
}
