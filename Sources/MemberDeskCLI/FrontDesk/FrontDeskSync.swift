import DeskUI
import Foundation
import MemberKit

/// The import review dialog's service: MemberKit's merge planner previews without writing; on
/// Merge the file is read and merged again in one transaction. Holding the write lock while staff
/// read the preview would block every check-in meanwhile, so the plan is not kept open.
struct SyncImportService: ImportService {
    let database: AppDatabase
    let bus: EventBus

    func preview(file: String) throws -> ImportPreview {
        let plan = try MergePlanner(database: database, bus: bus, changeLimit: 1000).plan(file: file)
        var lines = plan.changes.map { change in
            "\(TextWidth.pad(change.kind.rawValue, to: 8)) \(TextWidth.pad(change.name, to: 28)) \(change.detail)"
        }
        if plan.changesTruncated { lines.append("…") }
        return ImportPreview(file: file, counts: plan.counts, lines: lines, plan: plan)
    }

    func apply(_ preview: ImportPreview) throws -> ImportNotice {
        guard let plan = preview.plan as? MergePlan else { throw DeskError.invalidInput("this preview is not an import plan") }
        return try plan.apply()
    }
}

/// The export dialog's service: MemberKit's exporter, written atomically, with progress.
struct SyncExportService: ExportService {
    let database: AppDatabase
    let memberFields: [String]
    let directory: String

    var formats: [String] { ExchangeFormat.allCases.map(\.rawValue) }

    func defaultPath(format: String) -> String {
        let day = DateFormatter()
        day.locale = Locale(identifier: "en_US_POSIX")
        day.dateFormat = "yyyy-MM-dd"
        return directory + "/members-\(day.string(from: Date())).\(format)"
    }

    func export(format: String, to path: String, progress: @escaping @Sendable (Double) -> Void) throws -> String {
        guard let chosen = ExchangeFormat(rawValue: format) else { throw DeskError.invalidInput("unknown format \(format)") }
        let trimmed = path.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { throw DeskError.invalidInput("type the path to write") }
        let expanded = (trimmed as NSString).expandingTildeInPath
        var lastReported = -1
        let count = try MemberExporter(database: database, memberFields: memberFields).export(to: expanded, format: chosen) { done, total in
            // A redraw per percent is plenty.
            let percent = total > 0 ? done * 100 / total : 100
            if percent != lastReported {
                lastReported = percent
                progress(Double(percent) / 100)
            }
        }
        return "exported \(count) members to \(expanded) (\(chosen.rawValue))"
    }
}
