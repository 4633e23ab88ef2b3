import Foundation

/// A bad exchange file: which file, where (line and, for .musrl, element), and what is wrong.
public struct ExchangeError: Error, Sendable, Equatable, CustomStringConvertible {
    package var file: String
    package var line: Int?
    /// The 1-based member element (.musrl) or data row (CSV), when known.
    var element: Int?
    package var message: String

    package init(file: String, line: Int? = nil, element: Int? = nil, message: String) {
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
