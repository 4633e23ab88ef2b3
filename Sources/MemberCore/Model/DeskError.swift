import Foundation

/// Errors a person can act on. `description` is the one line the CLI prints.
public enum DeskError: Error, Sendable, Equatable, CustomStringConvertible {
    case invalidInput(String)
    case invalidPass(String)
    case notFound(String)
    case conflict(String)
    case config(String)
    case database(String)
    case io(String)

    public var description: String {
        switch self {
        case .invalidInput(let m), .invalidPass(let m), .notFound(let m), .conflict(let m),
             .config(let m), .database(let m), .io(let m):
            return m
        }
    }
}

extension DeskError: LocalizedError {
    public var errorDescription: String? { description }
}
