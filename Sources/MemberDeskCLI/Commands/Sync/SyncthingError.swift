import Foundation

struct SyncthingError: Error, CustomStringConvertible, LocalizedError {
    var description: String
    init(_ description: String) { self.description = description }
    var errorDescription: String? { description }
}
