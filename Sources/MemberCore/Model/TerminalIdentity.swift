/// This terminal's stable id (minted on first run) and its human name (from the config).
public struct TerminalIdentity: Sendable, Equatable {
    public var id: String
    public var name: String

    public init(id: String, name: String) {
        self.id = id
        self.name = name
    }
}
