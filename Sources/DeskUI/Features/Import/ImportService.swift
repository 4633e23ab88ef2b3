import Foundation
import MemberKit

/// Imports .musrl/.mucsv files: a preview first (no change), then, on Merge, the file is read and
/// merged again in one transaction: holding the write lock while staff read the preview would
/// block every check-in meanwhile. The executable wires in the real one.
public protocol ImportService: Sendable {
    /// `actor`: who the merge is recorded under once it is applied.
    func preview(file: String, by actor: AuditActor) throws -> ImportPreview
    func apply(_ preview: ImportPreview) throws -> ImportNotice
}
