import Foundation

/// Whose members a desk's snapshot carries: its own and those of the desks it took over
/// (`carried`), out of every desk it knows of in the folder (`known`, which includes `carried`).
/// Members authored by a terminal outside `known` are foreign (imports, ClubKit) and carried by
/// each desk that changed them itself.
public struct SyncAuthors: Sendable, Equatable {
    public var carried: [String]
    public var known: [String]

    public init(carried: [String], known: [String]) {
        self.carried = carried.sorted()
        self.known = Array(Set(known + carried)).sorted()
    }

    var carriedJSON: String { Self.json(carried) }
    var knownJSON: String { Self.json(known) }

    /// Terminal ids are letters, digits, '-' and '_' (`SyncFolder.isTerminalId`); anything else is left out.
    private static func json(_ ids: [String]) -> String {
        "[" + ids.filter(SyncFolder.isTerminalId).map { "\"\($0)\"" }.joined(separator: ",") + "]"
    }
}
