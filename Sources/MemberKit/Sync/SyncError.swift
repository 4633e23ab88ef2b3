import Foundation

/// Sync's errors, one line each.
public enum SyncError: Error, Sendable, Equatable, CustomStringConvertible, LocalizedError {
    case off
    case folderUnusable(String, String)
    case badFile(String, String)

    public var description: String {
        switch self {
        case .off: return "sync is off: set [sync] folder in the config"
        case .folderUnusable(let path, let reason): return "sync folder \(path) is unusable: \(reason)"
        case .badFile(let path, let reason): return "\(path): \(reason)"
        }
    }

    public var errorDescription: String? { description }
}
