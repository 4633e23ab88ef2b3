import Foundation
import MemberKit

/// Exports members to a file, reporting progress from 0 to 1.
public protocol ExportService: Sendable {
    /// Format names as the export dialog offers them, e.g. ["musrl", "mucsv"].
    var formats: [String] { get }
    func defaultPath(format: String) -> String
    /// Returns a one-line summary of what was written; the export is recorded under `actor`.
    func export(format: String, to path: String, by actor: AuditActor,
                progress: @escaping @Sendable (Double) -> Void) throws -> String
}
