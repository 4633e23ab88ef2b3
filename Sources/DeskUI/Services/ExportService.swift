import Foundation
import MemberKit

/// Exports members to a file, reporting progress from 0 to 1.
public protocol ExportService: Sendable {
    /// Format names as the export dialog offers them, e.g. ["musrl", "mucsv"].
    var formats: [String] { get }
    func defaultPath(format: String) -> String
    /// Returns a one-line summary of what was written.
    func export(format: String, to path: String, progress: @escaping @Sendable (Double) -> Void) throws -> String
}
