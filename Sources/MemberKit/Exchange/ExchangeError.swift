import Foundation

/// A bad exchange file: which file, where (line and, for .musrl, element), and what is wrong.
public struct ExchangeError: Error, Sendable, Equatable, CustomStringConvertible {
    public var file: String
    public var line: Int?
    /// The 1-based member element (.musrl) or data row (CSV), when known.
    public var element: Int?
    public var message: String

    public init(file: String, line: Int? = nil, element: Int? = nil, message: String) {
        self.file = file
        self.line = line
        self.element = element
        self.message = message
    }

    public var description: String {
        var place: [String] = []
        if let element { place.append("member \(element)") }
        if let line { place.append("line \(line)") }
        let location = place.isEmpty ? "" : " (\(place.joined(separator: ", ")))"
        return "\(file)\(location): \(message)"
    }
}

extension ExchangeError: LocalizedError {
    public var errorDescription: String? { description }
}
