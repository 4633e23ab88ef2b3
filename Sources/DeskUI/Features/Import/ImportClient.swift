import Foundation
import MemberKit

/// A file's review and its merge, through the executable's `ImportService` (nil: not in this build).
public struct ImportClient: Sendable {
    public var preview: @Sendable (_ file: String, AuditActor) throws -> ImportPreview
    public var apply: @Sendable (ImportPreview) throws -> ImportNotice

    public init(preview: @escaping @Sendable (String, AuditActor) throws -> ImportPreview,
                apply: @escaping @Sendable (ImportPreview) throws -> ImportNotice) {
        self.preview = preview
        self.apply = apply
    }
}

extension ImportClient {
    public static func live(_ importer: (any ImportService)?) -> ImportClient {
        ImportClient(
            preview: { file, actor in
                guard let importer else { throw ClientUnavailable("import is not available in this build") }
                return try importer.preview(file: file, by: actor)
            },
            apply: { preview in
                guard let importer else { throw ClientUnavailable("import is not available in this build") }
                return try importer.apply(preview)
            })
    }

    public static let unimplemented = ImportClient(preview: { _, _ in throw ClientUnavailable.unset("imports.preview") },
                                                   apply: { _ in throw ClientUnavailable.unset("imports.apply") })
}

extension ImportClient: DeskFeatureClient {
    public static func live(from services: DeskServices) -> ImportClient { .live(services.importer) }
}
