import DeskUI
import Foundation
import MemberKit

/// The export dialog's service: MemberKit's exporter, written atomically, with progress.
struct SyncExportService: ExportService {
    let club: Club
    /// The store the wiring opened, for the exporter's reads.
    let database: AppDatabase
    let directory: String

    var formats: [String] { ExchangeFormat.allCases.map(\.rawValue) }

    func defaultPath(format: String) -> String {
        let day = DateFormatter()
        day.locale = Locale(identifier: "en_US_POSIX")
        day.dateFormat = "yyyy-MM-dd"
        return directory + "/members-\(day.string(from: CommandClock.current.now())).\(format)"
    }

    func export(format: String, to path: String, by actor: AuditActor,
                progress: @escaping @Sendable (Double) -> Void) throws -> String {
        guard let chosen = ExchangeFormat(rawValue: format) else { throw DeskError.invalidInput("unknown format \(format)") }
        let trimmed = path.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { throw DeskError.invalidInput("type the path to write") }
        let expanded = (trimmed as NSString).expandingTildeInPath
        var lastReported = -1
        let count = try MemberExporter(database: database, memberFields: club.settings.memberFields).export(to: expanded, format: chosen) { done, total in
            // A redraw per percent is plenty.
            let percent = total > 0 ? done * 100 / total : 100
            if percent != lastReported {
                lastReported = percent
                progress(Double(percent) / 100)
            }
        }
        let notice = count.exportNotice(file: expanded, format: chosen)
        try club.record(notice, by: actor)
        return notice.summary
    }
}
