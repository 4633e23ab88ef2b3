import Foundation

public enum SyncWatcherError: Error, CustomStringConvertible {
    case notify(String)
    public var description: String {
        switch self {
        case .notify(let reason): return "cannot watch the sync folder: \(reason)"
        }
    }
}
