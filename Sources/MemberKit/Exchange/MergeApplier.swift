import Foundation

/// Applies an import: the whole file is merged in one transaction, so a bad element, a crash or
/// a kill -9 part-way leaves the database as it was.
public struct MergeApplier: Sendable {
    let database: AppDatabase
    let bus: EventBus?
    let changeLimit: Int
    /// Who signs a spreadsheet edit found in the file (nil: the terminal id stored in the database).
    package let terminalId: String?
    let clock: any DeskClock
    /// The import's audit entry, made from what it did and written in its transaction (nil: none).
    package let audit: (@Sendable (ImportNotice) -> AuditEntry)?
    /// How a `.csv` from another system is read (`import --columns`, `--date-format`…).
    package var sheet = SheetOptions()
    /// The club's days, in which holds move a merged member's expiry out.
    package var calendar: Calendar = .gregorianUTC

    public init(database: AppDatabase, bus: EventBus? = nil, changeLimit: Int = 1000, terminalId: String? = nil,
                clock: any DeskClock = SystemClock(), audit: (@Sendable (ImportNotice) -> AuditEntry)? = nil) {
        self.audit = audit
        self.database = database
        self.bus = bus
        self.changeLimit = changeLimit
        self.terminalId = terminalId
        self.clock = clock
    }

    public struct Outcome: Sendable {
        public var counts: MergeCounts
        /// What the file holds, as people count it.
        var received: MemberFileCount
        public var changes: [MergeChange]
        public var changesTruncated: Bool
        var notice: ImportNotice
        /// For another system's spreadsheet: which column became what, and its first members as stored.
        package var sheetMapping: SheetMapping?
        package var firstRows: [MemberRecord] = []
        /// Its rows repeated word for word, read once.
        package var repeatedRows = 0
    }

    /// How many of a mapped spreadsheet's members the preview shows as they will be stored.
    static let firstRowsShown = 5

    /// Merges `source` and commits; publishes `.imported` (or `.error`).
    @discardableResult
    public func apply(_ source: MergeSource, progress: ((Int, Int?) -> Void)? = nil) throws -> Outcome {
        let outcome = try run(source, commit: true, progress: progress)
        bus?.publish(.imported(outcome.notice))
        return outcome
    }

    func run(_ source: MergeSource, commit: Bool, progress: ((Int, Int?) -> Void)?) throws -> Outcome {
        do {
            var sheet = sheet
            sheet.now = clock.now().timeIntervalSince1970
            let decoder = try source.decoder(sheet: sheet)
            // Planning runs the same merge and rolls it back, so the preview is exactly what applying does.
            return try database.write(commit: commit) { store in
                let editor = try terminalId ?? store.terminalId() ?? "import"
                var engine = MergeEngine(store: store, changeLimit: changeLimit,
                                         editor: (editor, clock.now().timeIntervalSince1970), calendar: calendar)
                var count = 0
                var received = MemberFileCount()
                var firstRows: [MemberRecord] = []
                while let member = try decoder.next() {
                    if !member.isTally, let problem = MemberFieldRules.textProblem(in: member.record) {
                        throw ExchangeError(file: source.name, element: count + 1, message: problem)
                    }
                    received.add(member)
                    try engine.merge(member)
                    if decoder.sheetMapping != nil, firstRows.count < Self.firstRowsShown,
                       let stored = try store.member(memberId: member.record.memberId) {
                        firstRows.append(stored)
                    }
                    count += 1
                    if count % 10_000 == 0 { progress?(decoder.bytesRead, decoder.totalBytes) }
                }
                progress?(decoder.bytesRead, decoder.totalBytes)
                let c = engine.counts
                let notice = ImportNotice(file: source.name, new: c.new, updated: c.updated,
                                          unchanged: c.unchanged, unified: c.unified, deleted: c.deleted)
                if let audit { try store.appendAudit(audit(notice)) }
                return Outcome(counts: c, received: received, changes: engine.changes, changesTruncated: engine.changesTruncated, notice: notice,
                               sheetMapping: decoder.sheetMapping, firstRows: firstRows, repeatedRows: decoder.repeatedRows)
            }
        } catch {
            Self.report(error, on: bus)
            throw error
        }
    }

    static func report(_ error: Error, on bus: EventBus?) {
        let message = (error as? LocalizedError)?.errorDescription ?? "\(error)"
        bus?.publish(.error(DeskErrorNotice(source: "import", message: message)))
    }
}
