import Foundation
import MemberKit

/// A one-line progress bar on stderr, drawn only when stderr is a terminal (so logs and pipes
/// stay clean), and at most ten times a second.
final class ProgressBar {
    private let label: String
    private let enabled = isatty(STDERR_FILENO) == 1
    /// By elapsed time: a progress bar has no business with the wall clock.
    private var lastDraw: ContinuousClock.Instant?
    private var drawn = false

    /// The label may name a file: made safe here, as the bar's own "\r" is written raw.
    init(label: String) { self.label = PlainText.shown(label) }

    func update(done: Int, total: Int?) {
        guard enabled else { return }
        let now = ContinuousClock.now
        guard lastDraw.map({ now - $0 >= .milliseconds(100) }) ?? true || done == total else { return }
        lastDraw = now
        drawn = true
        let width = 30
        guard let total, total > 0 else {
            writeErrorControls("\r\(label) \(done)")
            return
        }
        let fraction = min(1, Double(done) / Double(total))
        let filled = Int(fraction * Double(width))
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
        writeErrorControls("\r\(label) [\(bar)] \(Int(fraction * 100))%")
    }

    /// Clears the bar's line.
    func finish() {
        guard enabled, drawn else { return }
        writeErrorControls("\r\u{1B}[K")
    }
}
