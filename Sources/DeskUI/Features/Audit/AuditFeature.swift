import Foundation
import MemberKit

/// The audit view's job: read the newest entries with the names they refer to.
public enum AuditEffect: Sendable, Equatable {
    case load
}

/// The audit record as read, or why it could not be.
public enum AuditResult: Sendable, Equatable {
    case loaded([AuditEntry], RecordNames)
    case failed(String)
}

/// `a` (managers): the audit record opens as a notice once it is read (`DialogOpener.audit`),
/// in place of whatever opened meanwhile (its key asked for it); a failure is a line in the event log.
/// It holds no dialog: the parent opens the view.
enum AuditFeature: DeskFeature {
    static var lens: SliceLens<Void> { .readOnly { _ in } }

    static func reduce(_ slice: inout Void, _ result: AuditResult, now: Date) -> FeatureOutput {
        switch result {
        case .loaded(let entries, let names):
            return FeatureOutput(dialog: .replace(.notice(view(entries, names: names))))
        case .failed(let error):
            return FeatureOutput(note: DeskNote(text: "audit: \(error)", tone: .danger))
        }
    }

    static func run(_ effect: AuditEffect, on runner: DeskEffectRunner) {
        let audit = runner.clients[AuditClient.self]
        switch effect {
        case .load:
            runner.submit({
                let newest = try audit.newest(500)
                return .audit(.loaded(newest.entries, newest.names))
            }, failed: { .audit(.failed($0)) })
        }
    }
}

// Its jobs travel as `.feature`, named `.audit(…)` where they are made.
extension AuditEffect: FeatureEffect { typealias Feature = AuditFeature }
extension AuditResult: FeatureResult { typealias Feature = AuditFeature }
extension DeskEffect { static func audit(_ effect: AuditEffect) -> Self { .feature(AnyFeatureEffect(effect)) } }
extension JobResult { static func audit(_ result: AuditResult) -> Self { .feature(AnyFeatureResult(result)) } }
