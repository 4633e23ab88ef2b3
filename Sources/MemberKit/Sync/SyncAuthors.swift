import Foundation

/// Whose members a desk's snapshot carries: its own and those of the desks it took over
/// (`carried`), out of every desk it knows of in the folder (`known`, which includes `carried`).
/// Members authored by a terminal outside `known` are foreign (imports, ClubKit) and carried by
/// each desk that changed them itself.
package struct SyncAuthors: Sendable, Equatable {
    var carried: [String]
    var known: [String]

    package init(carried: [String], known: [String]) {
        self.carried = carried.sorted()
        self.known = Array(Set(known + carried)).sorted()
    }

    /// What desk `own` carries, out of the desks in `terminals` (`sync_terminal`).
    package init(own: String, terminals: [SyncTerminalRecord]) {
        self.init(carried: [own] + terminals.filter { $0.retiredBy == own }.map(\.terminalId), known: terminals.map(\.terminalId))
    }

    /// Whether a counter or event of `terminal` is this desk's to carry: its own, a desk's it took
    /// over, or a desk's outside the folder (an import, ClubKit). Another active desk's travel in
    /// that desk's files.
    func countedHere(_ terminal: String) -> Bool {
        carried.contains(terminal) || !known.contains(terminal)
    }

    var carriedJSON: String { Self.json(carried) }
    var knownJSON: String { Self.json(known) }

    /// Terminal ids are letters, digits, '-' and '_' (`SyncFolder.isTerminalId`); anything else is left out.
    private static func json(_ ids: [String]) -> String {
        "[" + ids.filter(SyncFolder.isTerminalId).map { "\"\($0)\"" }.joined(separator: ",") + "]"
    }
}
