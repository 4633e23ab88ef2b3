extension AppDatabase {
    /// The desks this one carries: those it took over (retired desks, a restored desk's earlier
    /// selves), whose side-file entries its own side files carry (`SideFileFormat`).
    func carriedDesks(by terminalId: String) throws -> [String] {
        try syncTerminals().filter { $0.retiredBy == terminalId }.map(\.terminalId)
    }
}
