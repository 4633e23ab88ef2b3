import Foundation
import MemberKit

/// F6's jobs: a file's review (nothing saved), then its merge.
public enum ImportEffect: Sendable, Equatable {
    /// The merge's audit entry is made when it is planned, so the review names who imports.
    case preview(file: String, operator: String?)
    case apply(ImportPreview)
}

public enum ImportResult: Sendable, Equatable {
    case previewed(ImportPreview)
    case previewFailed(String)
    case imported(ImportNotice)
    case failed(String)
}

/// What reaches the import: its jobs' answers, and the prompt's file and the review's Merge.
enum ImportAction: Equatable, FinishingAction {
    case finished(ImportResult)
    case preview(file: String)
    case apply(ImportPreview)
}

/// F6: the file prompt becomes the review, Merge applies it, and the desk says how it ended.
/// A review nobody waits for (the prompt closed first) is dropped: that cancelled the import.
enum ImportFeature: DeskFeature {
    static var lens: SliceLens<RecordedDialogSlice> { RecordedDialogSlice.lens }

    static func reduce(_ slice: inout RecordedDialogSlice, _ action: ImportAction, now: Date) -> FeatureOutput {
        switch action {
        case .finished(let result): return finished(result, &slice)
        case .preview(let file): return FeatureOutput(effects: [.imports(.preview(file: file, operator: slice.operatorName))])
        case .apply(let preview): return FeatureOutput(effects: [.imports(.apply(preview))])
        }
    }

    private static func finished(_ result: ImportResult, _ slice: inout RecordedDialogSlice) -> FeatureOutput {
        let prompting = slice.dialog?[PromptDialog.self]?.purpose == .importFile
        switch result {
        case .previewed(let preview):
            if prompting { slice.dialog = .importReview(ImportReviewDialog(preview: preview)) }
            return FeatureOutput()
        case .previewFailed(let error):
            guard prompting else { return FeatureOutput(note: DeskNote(text: "import: \(error)", tone: .danger)) }
            slice.dialog?[PromptDialog.self]?.error = error
            return FeatureOutput()
        case .imported(let notice):
            slice.dialog = nil
            let (text, tone) = EventLogModel.describe(.imported(notice)) ?? ("imported \(notice.file)", .success)
            return FeatureOutput(note: DeskNote(text: text, tone: tone), membersChanged: true)
        case .failed(let error):
            slice.dialog = nil
            return FeatureOutput(notes: [DeskNote(text: "import failed: \(error)", tone: .danger)], bannerError: "Import failed: \(error)",
                                 membersChanged: true)
        }
    }

    static func run(_ effect: ImportEffect, on runner: DeskEffectRunner) {
        let imports = runner.clients[ImportClient.self]
        switch effect {
        case .preview(let file, let name):
            let actor = AuditActor(operator: name, method: .import)
            runner.submit({ .imports(.previewed(try imports.preview(file, actor))) }, failed: { .imports(.previewFailed($0)) })
        case .apply(let preview):
            runner.submit({ .imports(.imported(try imports.apply(preview))) }, failed: { .imports(.failed($0)) })
        }
    }
}

// Its jobs travel as `.feature`, named `.imports(…)` where they are made.
extension ImportEffect: FeatureEffect { typealias Feature = ImportFeature }
extension ImportResult: FeatureResult { typealias Feature = ImportFeature }
extension DeskEffect { static func imports(_ effect: ImportEffect) -> Self { .feature(AnyFeatureEffect(effect)) } }
extension JobResult { static func imports(_ result: ImportResult) -> Self { .feature(AnyFeatureResult(result)) } }
