/// This terminal's stable id (minted on first run) and its human name (from the config).
public struct TerminalIdentity: Sendable, Equatable {
    public var id: String
    public var name: String
}
