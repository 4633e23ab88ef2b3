import Foundation
import MemberKit

/// A config file and who chose it. The default path may be absent (the defaults apply); a file
/// named by `--config` or MEMBERDESK_CONFIG must exist, or a typo would run on the defaults unseen.
public struct ConfigFile: Sendable, Equatable {
    public var path: String
    /// "--config" or "MEMBERDESK_CONFIG"; nil for the default path.
    package var namedBy: String?

    package init(path: String, namedBy: String? = nil) {
        self.path = path
        self.namedBy = namedBy
    }

    /// Why this file cannot be used although it is absent, or nil when it exists or may be absent.
    public var missingError: DeskError? {
        guard let namedBy, !FileManager.default.fileExists(atPath: path) else { return nil }
        return .config("config file \(path) does not exist (named by \(namedBy))")
    }
}

extension DeskConfig {
    /// Reads the file; a missing file gives the defaults only at the default path.
    public static func load(_ file: ConfigFile) throws -> DeskConfig {
        if let error = file.missingError { throw error }
        return try load(path: file.path)
    }
}
