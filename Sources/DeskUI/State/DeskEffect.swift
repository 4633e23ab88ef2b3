import Foundation
import MemberKit

/// Work the reducer asks for; `DeskEffectRunner` does it on the worker and answers with a `JobResult`.
/// A pane's effects are one case of its own enum (`.memberList(.fetchPage(…))`); a feature's are `.feature`.
public enum DeskEffect: Sendable, Equatable {
    /// Asks whether another process committed (`AppDatabase.otherConnectionsVersion`).
    case probeStore
    // The panes' and the lock's, each run by its own function (`MemberListFeature.run`).
    case lock(LockEffect)
    case memberList(MemberListEffect)
    case inside(InsideEffect)
    /// A dialog's or view's own, run by its feature and named by none of the desk's switches
    /// (`.audit(.load)` is `AuditEffect.load`, a `FeatureEffect`).
    case feature(AnyFeatureEffect)
}
