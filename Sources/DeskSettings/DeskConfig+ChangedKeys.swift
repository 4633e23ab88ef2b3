extension DeskConfig {
    /// The keys whose value differs from the default: what a config file changed.
    public var changedKeys: [String] {
        let defaults = DeskConfig()
        return ConfigKey.all.filter { $0.current(self) != $0.current(defaults) }.map(\.name)
    }
}
