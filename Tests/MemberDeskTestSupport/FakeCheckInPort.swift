import Foundation
import MemberKit

/// A `CheckInPort` for adapter tests (the card reader, the wedge): records each pass as the
/// adapter reported it, answers by a rule instead of a database, and can be held shut to play a
/// database waiting for its lock.
public final class FakeCheckInPort: CheckInPort, @unchecked Sendable {
    public struct Call: Sendable, Equatable {
        public var pass: String
        public var source: CheckInSource
        public var secure: SecureTap? = nil
    }

    /// How the fake answers: everyone comes in (as first enrolled), or nobody is known.
    public enum Rule: Sendable { case admit, deny }

    private let condition = NSCondition()  // guards everything below
    private var recorded: [Call] = []
    private var wallets: [WalletPresentation] = []
    private var held = false
    private var waiting = 0
    private let rule: Rule

    public init(_ rule: Rule = .admit) { self.rule = rule }

    public func checkIn(pass: String, source: CheckInSource, secure: SecureTap?) throws -> CheckInOutcome {
        condition.lock()
        defer { condition.unlock() }
        waiting += 1
        condition.broadcast()
        while held { condition.wait() }
        waiting -= 1
        recorded.append(Call(pass: pass, source: source, secure: secure))
        condition.broadcast()
        switch rule {
        case .admit: return .enrolled(MemberRecord(memberId: UUID().uuidString, passId: pass, timeStampAdded: 0, modifiedAt: 0, modifiedBy: "fake"))
        case .deny: return .unknownPass(pass)
        }
    }

    /// Phones' presentations answered so far, in order (recorded apart from passes).
    public var walletCalls: [WalletPresentation] { locked { wallets } }

    public func checkIn(wallet: WalletPresentation) throws -> CheckInOutcome {
        locked { wallets.append(wallet) }
        switch wallet.read {
        case .refused(let refusal): return .walletRefused(refusal, organization: "")
        case .pass(let passId, _, _): return try checkIn(pass: passId, source: .wallet)
        case .unverified(_, let problem): throw WalletUnverified(problem: problem)
        }
    }

    /// Check-ins answered so far, in order.
    public var calls: [Call] { locked { recorded } }

    /// How many check-ins of this pass were answered.
    public func count(_ pass: String) -> Int { locked { recorded.filter { $0.pass == pass }.count } }

    /// Check-ins that arrived while held and wait for `release()`.
    public var waitingCount: Int { locked { waiting } }

    /// From now on check-ins wait, as they would for a database locked by another process.
    public func hold() { locked { held = true } }

    public func release() {
        locked {
            held = false
            condition.broadcast()
        }
    }

    private func locked<T>(_ body: () -> T) -> T {
        condition.lock()
        defer { condition.unlock() }
        return body()
    }
}
