import DeskLanguage
import Foundation

/// The repository and the catalogues `make translations` compiled into it.
enum CatalogueFolder {
    struct Missing: Error, CustomStringConvertible {
        var path: String
        var description: String { "\(path) has no compiled catalogue: run `make translations` first" }
    }

    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    /// The folder a build tree's binary reads (`.build/locale`), as DeskLanguage finds it from the test binary.
    static func built() throws -> String {
        let folder = DeskLanguage.localeDirectory(environment: [:])
        guard FileManager.default.fileExists(atPath: folder + "/de/LC_MESSAGES/memberdesk.mo") else { throw Missing(path: folder) }
        return folder
    }
}
