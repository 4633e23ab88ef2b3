import Foundation

/// A wrong or missing field in one member; the decoder adds the file, line and element.
struct FieldError: Error {
    var message: String
    init(_ message: String) { self.message = message }
}
