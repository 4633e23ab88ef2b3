import Foundation
import MemberKit

/// F5's job: members to a file in a format, recorded under the operator.
public enum ExportEffect: Sendable, Equatable {
    case write(format: String, path: String, operator: String?)
}

public enum ExportResult: Sendable, Equatable {
    /// How far the writing is, from 0 to 1.
    case progress(Double)
    case written(summary: String)
    case failed(String)
}

/// What reaches the export: its job's answers, and the dialog's format and path.
enum ExportAction: Equatable, FinishingAction {
    case finished(ExportResult)
    case write(format: String, path: String)
}

/// F5: the export dialog shows its job's progress and answer; with the dialog closed first (Esc
/// while it ran) the event log says how it ended, for the file was written all the same.
enum ExportFeature: DeskFeature {
    static var lens: SliceLens<RecordedDialogSlice> { RecordedDialogSlice.lens }

    static func reduce(_ slice: inout RecordedDialogSlice, _ action: ExportAction, now: Date) -> FeatureOutput {
        switch action {
        case .finished(let result): return finished(result, &slice)
        case .write(let format, let path):
            return FeatureOutput(effects: [.export(.write(format: format, path: path, operator: slice.operatorName))])
        }
    }

    private static func finished(_ result: ExportResult, _ slice: inout RecordedDialogSlice) -> FeatureOutput {
        if var dialog = slice.dialog?[ExportDialog.self] {
            let note = dialog.receive(result)
            slice.dialog?[ExportDialog.self] = dialog
            return FeatureOutput(notes: note.map { [$0] } ?? [])
        }
        switch result {
        case .progress: return FeatureOutput()
        case .written(let summary): return FeatureOutput(note: writtenNote(summary))
        case .failed(let error): return FeatureOutput(note: DeskNote(text: "export failed: \(error)", tone: .danger))
        }
    }

    static func writtenNote(_ summary: String) -> DeskNote { DeskNote(text: "export: \(summary)", tone: .success) }

    static func run(_ effect: ExportEffect, on runner: DeskEffectRunner) {
        let export = runner.clients[ExportClient.self], inbox = runner.inbox
        switch effect {
        case .write(let format, let path, let name):
            let actor = AuditActor(operator: name, method: .manual)
            runner.submit({ .export(.written(summary: try export.write(format, path, actor) { inbox.post(.export(.progress($0))) })) },
                          failed: { .export(.failed($0)) })
        }
    }
}

// Its jobs travel as `.feature`, named `.export(…)` where they are made.
extension ExportEffect: FeatureEffect { typealias Feature = ExportFeature }
extension ExportResult: FeatureResult { typealias Feature = ExportFeature }
extension DeskEffect { static func export(_ effect: ExportEffect) -> Self { .feature(AnyFeatureEffect(effect)) } }
extension JobResult { static func export(_ result: ExportResult) -> Self { .feature(AnyFeatureResult(result)) } }
