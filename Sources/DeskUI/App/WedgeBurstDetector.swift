import Foundation
import MemberKit

/// Tells a keyboard-wedge reader from a person typing. A wedge "types" a pass id in one burst
/// of characters less than `maxGap` apart and ends it with Enter; people are slower.
///
/// Printable keys outside a text field are held back for up to `maxGap`: if the burst goes
/// on and ends in Enter, it is a scan; otherwise the held keys are handed back as ordinary keys.
public struct WedgeBurstDetector: Sendable, Equatable {
    public enum Verdict: Equatable, Sendable {
        /// Held back: call `flush(now:)` after `maxGap` if nothing more comes.
        case holding
        /// A complete burst: check this pass in.
        case scan(String)
        /// Ordinary keys, in order.
        case keys([Key])
    }

    public let maxGap: TimeInterval
    /// Shorter bursts are keys typed fast (or a paste of a short word), not a pass.
    public let minLength: Int
    private var held: [Character] = []
    private var lastTime: Date?

    public init(maxGap: TimeInterval = 0.030, minLength: Int = 4) {
        self.maxGap = maxGap
        self.minLength = minLength
    }

    public var isHolding: Bool { !held.isEmpty }

    /// When held keys must be released if nothing else arrives.
    public var deadline: Date? { held.isEmpty ? nil : lastTime.map { $0.addingTimeInterval(maxGap) } }

    public mutating func feed(_ key: Key, at time: Date) -> Verdict {
        let inTime = lastTime.map { time.timeIntervalSince($0) < maxGap } ?? false
        if case .character(let c) = key, key.isPrintable {
            if held.isEmpty || inTime {
                held.append(c)
                lastTime = time
                return .holding
            }
            // Too slow: the held keys were typed; this one may start a new burst.
            let released = release()
            held = [c]
            lastTime = time
            return .keys(released)
        }
        if key == .enter, !held.isEmpty, inTime, held.count >= minLength {
            let pass = String(held)
            held = []
            lastTime = nil
            return .scan(pass)
        }
        return .keys(release() + [key])
    }

    /// Releases held keys once the gap has passed with nothing more.
    public mutating func flush(now: Date) -> [Key] {
        guard let deadline, now >= deadline else { return [] }
        return release()
    }

    private mutating func release() -> [Key] {
        defer {
            held = []
            lastTime = nil
        }
        return held.map(Key.character)
    }
}
