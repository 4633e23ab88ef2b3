import MemberKit

/// What a finished (or progressing) job hands back to the reducer. Errors arrive as the text staff see.
/// A pane's results are one case of its own enum; a feature's are `.feature` (`.audit(.loaded(…))`).
public enum JobResult: Sendable, Equatable {
    /// The store's version as other processes' commits move it (nil: the probe failed).
    case storeProbed(version: Int?)
    /// The store could not be asked: said in the log when the reason is new, not at every probe.
    case storeProbeFailed(String)
    // The panes' and the lock's, each routed back to the child whose job it answers.
    case lock(LockResult)
    case memberList(MemberListResult)
    case inside(InsideResult)
    /// A dialog's or view's own, routed back to its feature by itself (`FeatureResult`).
    case feature(AnyFeatureResult)
}
