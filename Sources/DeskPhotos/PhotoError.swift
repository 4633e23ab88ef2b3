/// Why a photo was refused, as the one line staff read (`members photo`, the sync's log).
public struct PhotoError: Error, Equatable, CustomStringConvertible, Sendable {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}
