import Foundation
import MemberKit

/// Members to a file, through the executable's `ExportService` (nil: not in this build).
public struct ExportClient: Sendable {
    /// Returns the summary line; `progress` is called on the worker as rows are written.
    public var write: @Sendable (_ format: String, _ path: String, AuditActor, _ progress: @escaping @Sendable (Double) -> Void) throws -> String

    public init(write: @escaping @Sendable (String, String, AuditActor, @escaping @Sendable (Double) -> Void) throws -> String) {
        self.write = write
    }
}

extension ExportClient {
    public static func live(_ exporter: (any ExportService)?) -> ExportClient {
        ExportClient { format, path, actor, progress in
            guard let exporter else { throw ClientUnavailable("export is not available in this build") }
            return try exporter.export(format: format, to: path, by: actor, progress: progress)
        }
    }

    public static let unimplemented = ExportClient { _, _, _, _ in throw ClientUnavailable.unset("export.write") }
}

extension ExportClient: DeskFeatureClient {
    public static func live(from services: DeskServices) -> ExportClient { .live(services.exporter) }
}
