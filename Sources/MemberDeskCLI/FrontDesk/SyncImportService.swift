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
        try ImportPreview(file: file, plan: MergePlanner(database: database, bus: bus, changeLimit: 1000).plan(file: file))
    }

    func apply(_ preview: ImportPreview) throws -> ImportNotice {
        guard let plan = preview.plan as? MergePlan else { throw DeskError.invalidInput("this preview is not an import plan") }
        return try plan.apply()
    }
}
