/// A client's answer when its part is missing: a live value for a part not in this build or run
/// (no importer, no PIN checker), or a test value a test did not set. Its text is what staff see.
public struct ClientUnavailable: Error, Sendable, Equatable, CustomStringConvertible {
    public var description: String

    public init(_ description: String) { self.description = description }

    /// A test value's closure that a test did not replace.
    static func unset(_ name: String) -> ClientUnavailable { ClientUnavailable("\(name): not set in this test") }
}
