import Foundation

/// A problem found while reading bytes, before the caller knows which element it belongs to.
struct ByteReadError: Error {
    var line: Int
    var message: String
}
