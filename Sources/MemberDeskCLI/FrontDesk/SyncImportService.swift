import DeskUI
import Foundation
import MemberKit

/// The import review dialog's service: MemberKit's merge planner previews without writing; on
/// Merge the file is read and merged again in one transaction. Holding the write lock while staff
/// read the preview would block every check-in meanwhile, so the plan is not kept open.
struct SyncImportService: ImportService {
    let club: Club
    /// The store the wiring opened, which the planner reads and merges into.
    let database: AppDatabase

    func preview(file: String, by actor: AuditActor) throws -> ImportPreview {
        let planner = MergePlanner(database: database, bus: club.bus, changeLimit: 1000, audit: club.importAudit(by: actor),
                                   calendar: club.settings.plans.calendar)
        return try ImportPreview(file: file, plan: planner.plan(file: file))
    }

    func apply(_ preview: ImportPreview) throws -> ImportNotice {
        guard let plan = preview.plan as? MergePlan else { throw DeskError.invalidInput("this preview is not an import plan") }
        return try plan.apply()
    }
}
