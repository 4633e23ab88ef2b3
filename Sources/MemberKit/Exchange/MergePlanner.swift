import Foundation

/// Computes an import's preview without writing: it merges inside a transaction and rolls it back.
public struct MergePlanner: Sendable {
    /// Planning is the applier's merge run with the commit left out.
    var applier: MergeApplier

    public init(database: AppDatabase, bus: EventBus? = nil, changeLimit: Int = 1000, terminalId: String? = nil,
                clock: any DeskClock = SystemClock(), audit: (@Sendable (ImportNotice) -> AuditEntry)? = nil,
                calendar: Calendar = .gregorianUTC) {
        applier = MergeApplier(database: database, bus: bus, changeLimit: changeLimit, terminalId: terminalId, clock: clock,
                               audit: audit)
        applier.calendar = calendar
    }

    /// How a `.csv` from another system is read.
    package var sheet: SheetOptions {
        get { applier.sheet }
        set { applier.sheet = newValue }
    }

    /// The preview of importing `file`, in `format` or else the one its extension names.
    public func plan(file: String, format: ExchangeFormat? = nil, progress: ((Int, Int?) -> Void)? = nil) throws -> MergePlan {
        let chosen: ExchangeFormat
        do {
            chosen = try ExchangeFormat(path: file, override: format)
        } catch {
            MergeApplier.report(error, on: applier.bus)
            throw error
        }
        return try plan(.file(path: file, format: chosen), progress: progress)
    }

    func plan(_ source: MergeSource, progress: ((Int, Int?) -> Void)? = nil) throws -> MergePlan {
        let outcome = try applier.run(source, commit: false, progress: progress)
        return MergePlan(source: source, counts: outcome.counts, received: outcome.received, changes: outcome.changes,
                         changesTruncated: outcome.changesTruncated, applier: applier, sheetMapping: outcome.sheetMapping,
                         firstRows: outcome.firstRows, repeatedRows: outcome.repeatedRows)
    }
}
