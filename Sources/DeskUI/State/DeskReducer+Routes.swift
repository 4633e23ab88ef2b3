import Foundation
import MemberKit

extension DeskReducer {
    /// A job the effect runner finished (or reports progress on), back to the feature whose job it
    /// answers: one line each, and nothing here writes a feature's state. No dialog takes a result
    /// itself: a dialog's job is its feature's, which changes the dialog on its slice.
    static func apply(_ result: JobResult, _ state: inout DeskState, _ effects: inout [DeskEffect], now: Date) {
        switch result {
        case .lock(let result): lock(.finished(result), &state, &effects, now: now)
        case .memberList(let result): memberList(.finished(result), &state, &effects, now: now)
        case .inside(let result): inside(.finished(result), &state, &effects, now: now)
        // Every feature's (the form's, the audit's …): to the feature that asked, by the result itself.
        case .feature(let result): result.base.route(&state, &effects, now: now)
        case .storeProbed(let version): storeProbed(version, &state, &effects, now: now)
        // Reached only through `apply` called directly: `reduce` takes it first.
        case .storeProbeFailed(let error): storeProbeFailed(error, &state, now: now)
        }
    }
}
