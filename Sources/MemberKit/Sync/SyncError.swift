import Foundation

/// Sync's errors, one line each.
public enum SyncError: Error, Sendable, Equatable, CustomStringConvertible, LocalizedError {
    case off
    case folderUnusable(String, String)
    case badFile(String, String)
    /// This desk stopped writing: another machine writes under its terminal id, or its database
    /// was restored from a backup (its sequence went back).
    case stopped(String)
    /// A desk's subfolder went before another desk took it over: N members only its files carried.
    case authorFilesGone(String, Int)
    case unknownDesk(String)
    case retireSelf

    public var description: String {
        switch self {
        case .off: return "sync is off: set [sync] folder in the config"
        case .folderUnusable(let path, let reason): return "sync folder \(path) is unusable: \(reason)"
        case .badFile(let path, let reason): return "\(path): \(reason)"
        case .authorFilesGone(let terminalId, let members):
            return "\(members) members whose author's files are gone: desk \(terminalId)'s subfolder was deleted before another desk took it over; run `memberdesk sync retire \(terminalId)` on one desk that still holds them"
        case .unknownDesk(let terminalId): return "no desk \(terminalId) has been seen in the sync folder (see `memberdesk sync status`)"
        case .retireSelf: return "a desk cannot retire itself: run `memberdesk sync retire` on another desk"
        case .stopped(let reason):
            return "sync writing stopped: \(reason); run `memberdesk sync reset-id` to give this desk a new terminal id"
        }
    }

    public var errorDescription: String? { description }
}
