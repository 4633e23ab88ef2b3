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

/// The import's own dialogs, each nil when it is not the open one (its file prompt, its review),
/// and who the record names.
struct ImportSlice: Equatable {
    var prompt: PromptDialog?
    var review: ImportReviewDialog?
    let operatorName: String?
}

/// F6: the file prompt becomes the review, Merge applies it, and the desk says how it ended.
/// A review nobody waits for (the prompt closed first) is dropped: that cancelled the import.
enum ImportFeature: DeskFeature {
    static var lens: SliceLens<ImportSlice> {
        let read = { (state: DeskState) in
            ImportSlice(prompt: state.dialog?[PromptDialog.self].flatMap { $0.purpose == .importFile ? $0 : nil },
                        review: state.dialog?[ImportReviewDialog.self], operatorName: state.lock.operatorName)
        }
        return SliceLens(read: read) { slice, state in
            let was = read(state)
            SliceLens<ImportSlice>.putBack(slice.prompt, read: was.prompt, into: &state)
            SliceLens<ImportSlice>.putBack(slice.review, read: was.review, into: &state)
        }
    }

    static func reduce(_ slice: inout ImportSlice, _ action: ImportAction, now: Date) -> FeatureOutput {
        switch action {
        case .finished(let result): return finished(result, &slice)
        case .preview(let file): return FeatureOutput(effects: [.imports(.preview(file: file, operator: slice.operatorName))])
        case .apply(let preview): return FeatureOutput(effects: [.imports(.apply(preview))])
        }
    }

    private static func finished(_ result: ImportResult, _ slice: inout ImportSlice) -> FeatureOutput {
        switch result {
        case .previewed(let preview):
            // The prompt becomes the review: it closes, and the parent opens the review in its place.
            guard slice.prompt != nil else { return FeatureOutput() }
            slice.prompt = nil
            return FeatureOutput(dialog: .open(.importReview(ImportReviewDialog(preview: preview))))
        case .previewFailed(let error):
            guard slice.prompt != nil else { return FeatureOutput(note: DeskNote(text: "import: \(error)", tone: .danger)) }
            slice.prompt?.error = error
            return FeatureOutput()
        case .imported(let notice):
            slice.review = nil
            let (text, tone) = EventLogModel.describe(.imported(notice)) ?? ("imported \(notice.file)", .success)
            return FeatureOutput(note: DeskNote(text: text, tone: tone), membersChanged: true)
        case .failed(let error):
            slice.review = nil
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
