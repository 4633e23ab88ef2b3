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

/// The open export dialog (nil with none or another open), and who the record names.
struct ExportSlice: Equatable, OwnDialogSlice {
    var export: ExportDialog?
    let operatorName: String?

    var ownDialog: ExportDialog? { export }
}

/// F5: the export dialog shows its job's progress and answer; with the dialog closed first (Esc
/// while it ran) the event log says how it ended, for the file was written all the same.
enum ExportFeature: DeskFeature {
    static var lens: SliceLens<ExportSlice> {
        .ownDialog { ExportSlice(export: $0.dialog?[ExportDialog.self], operatorName: $0.lock.operatorName) }
    }

    static func reduce(_ slice: inout ExportSlice, _ action: ExportAction, now: Date) -> FeatureOutput {
        switch action {
        case .finished(let result): return finished(result, &slice)
        case .write(let format, let path):
            return FeatureOutput(effects: [.export(.write(format: format, path: path, operator: slice.operatorName))])
        }
    }

    private static func finished(_ result: ExportResult, _ slice: inout ExportSlice) -> FeatureOutput {
        if slice.export != nil {
            let note = slice.export?.receive(result)
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
