import Foundation

/// Reads every other terminal's subfolder and merges what is new through the merge engine, in
/// sequence order. A file is read again only when its size or time changes. A bad file (cut
/// short, corrupt, too large, a symlink) is recorded with its error, skipped, and never stops
/// the others; merging runs in short transactions and is not recorded as this terminal's changes.
package struct SyncReader: Sendable {
    let database: AppDatabase
    let settings: SyncSettings
    package let terminal: TerminalIdentity
    let clock: any DeskClock
    let bus: EventBus?
    /// The club's MQTT hook as it is now (`Club.eventMessages`): a merge that brings entries or
    /// exits queues the new count in its own commit, so a desk killed after the merge still says it.
    let eventMessages: @Sendable () -> Club.EventMessages?
    let files: any SyncFolderFiles

    package init(database: AppDatabase, files: any SyncFolderFiles, settings: SyncSettings, terminal: TerminalIdentity,
                clock: any DeskClock = SystemClock(), bus: EventBus? = nil,
                eventMessages: @escaping @Sendable () -> Club.EventMessages? = { nil }) {
        self.database = database
        self.files = files
        self.settings = settings
        self.terminal = terminal
        self.clock = clock
        self.bus = bus
        self.eventMessages = eventMessages
    }

    /// Reads every other desk's subfolder (a rescan), or only `only`'s (the subfolders inotify
    /// named): then nothing else is listed, so the cost grows with what changed, not with the folder.
    package func read(only: Set<String>? = nil) throws -> SyncReadReport {
        try read(named: only.map(SyncNamedFiles.init(desks:)))
    }

    /// `named`: just these subfolders, or only the files inotify named in them (nil: all). A named
    /// changes file of a desk read before is merged without listing its subfolder; any other name
    /// (a snapshot, desk.json, a conflict copy) has the subfolder listed, as a rescan does.
    package func read(named: SyncNamedFiles?) throws -> SyncReadReport {
        let folder = SyncFolder(path: settings.folder, files: files)
        try folder.checkUsable()
        var report = SyncReadReport()
        var outbox = OutboxWrite(eventMessages())
        var listings: [SyncTerminalListing] = []
        let candidates: [SyncFolder.Entry]
        let seen = Set(try database.syncTerminals().filter(\.isDesk).map(\.terminalId))
        if let only = named?.subfolders {
            candidates = only.sorted().compactMap { name in
                guard let found = folder.entry(at: folder.subfolder(name)) else { return nil }
                let kind: SyncFolder.Entry.Kind = found.kind == .directory || found.kind == .symlink ? found.kind : .other
                return SyncFolder.Entry(name: name, kind: kind, size: 0, mtime: 0)
            }
        } else {
            candidates = try folder.entries(of: folder.path)
        }
        for entry in candidates where entry.name != terminal.id && SyncFolder.isTerminalId(entry.name) {
            switch entry.kind {
            case .directory:
                do {
                    let directory = folder.subfolder(entry.name)
                    if seen.contains(entry.name), let names = named?.names(in: entry.name),
                       let changes = SyncTerminalListing.namedChanges(names, in: directory, of: folder) {
                        guard !changes.isEmpty else { continue }  // none of the member files
                        listings.append(SyncTerminalListing(terminalId: entry.name, named: changes))
                        continue
                    }
                    listings.append(SyncTerminalListing(terminalId: entry.name, in: folder, entries: try folder.entries(of: directory)))
                } catch {
                    try noteTerminalError(entry.name, "\(error)", into: &report)
                }
            case .symlink:
                try noteTerminalError(entry.name, "\(folder.subfolder(entry.name)) is a symbolic link: not followed", into: &report)
            case .file, .other:
                continue  // not ours
            }
        }
        // The newest snapshot first: what it holds of the desks it took over lets their files be skipped.
        listings.sort { ($0.latestSnapshot?.entry.mtime ?? -1, $1.terminalId) > ($1.latestSnapshot?.entry.mtime ?? -1, $0.terminalId) }
        var newest = Dictionary(uniqueKeysWithValues: listings.map { ($0.terminalId, $0.newestThrough) })
        // A subfolder with no sync file and no desk.json is no desk (a person's folder of photos):
        // it is not recorded, so `sync status` never lists it. A desk seen before is read, even emptied.
        listings.removeAll { $0.files.isEmpty && $0.info == nil && !seen.contains($0.terminalId) }
        for listing in listings {
            if let info = listing.info, info.terminalId == listing.terminalId, !info.tookOver.isEmpty {
                try database.noteSyncTakeovers(info.tookOver.filter { $0.key != terminal.id }, by: listing.terminalId, own: terminal.id)
            }
            let held = try readTerminal(listing, in: folder, into: &report, outbox: &outbox)
            guard !held.isEmpty else { continue }
            // Never past a visible desk's newest file here: a claim cannot hide files not yet seen.
            // A desk whose subfolder is gone has nothing left to hide.
            var raise: [String: Int64] = [:]
            for (claimed, through) in held where claimed != terminal.id && claimed != listing.terminalId {
                if newest[claimed] == nil {
                    let directory = folder.subfolder(claimed)
                    newest[claimed] = folder.entry(at: directory, following: true) != nil
                        ? SyncTerminalListing(terminalId: claimed, in: folder, entries: (try? folder.entries(of: directory)) ?? []).newestThrough
                        : .some(nil)
                }
                if let visible = newest[claimed], let newestThrough = visible {
                    raise[claimed] = min(through, newestThrough)
                } else if newest[claimed] == .some(nil), folder.entry(at: folder.subfolder(claimed), following: true) == nil {
                    raise[claimed] = through
                }
            }
            try database.raiseSyncCoverage(raise)
        }
        let known = try database.syncTerminals()
        if named == nil {
            try noteGoneAuthors(known: known, present: Set(candidates.map(\.name)), folder: folder, into: &report)
        }
        let counted = named == nil
            ? listings.map(\.terminalId) + candidates.filter { $0.name != terminal.id && SyncFolder.isTerminalId($0.name) && $0.kind == .symlink }.map(\.name)
            : known.filter { $0.terminalId != terminal.id && $0.files > 0 }.map(\.terminalId)
        report.terminals = counted.count
        let retired = Set(known.filter { $0.retiredBy != nil }.map(\.terminalId))
        report.retiredTerminals = counted.filter(retired.contains).count
        if report.counts.futureEvents > 0 {
            publish("\(report.counts.futureEvents) entries or exits dated more than a day ahead were kept out of who is inside",
                    into: &report)
        }
        // Not errors (every file was good): staff read them in the event log.
        if report.counts.overdrawnPacks > 0 {
            bus?.publish(.log(LogLine(source: "sync", text: "\(CountText.of(report.counts.overdrawnPacks, "pack")) went below zero: "
                                      + "visits used on several desks offline (the next entry is refused until a top-up)")))
        }
        if report.counts.householdsRefused > 0 {
            bus?.publish(.log(LogLine(source: "sync", text: "\(CountText.of(report.counts.householdsRefused, "member's household was", plural: "members' households were")) "
                                      + "not taken: households do not nest")))
        }
        for conflict in report.counts.conflicts {
            bus?.publish(.log(LogLine(source: "sync", text: "conflict: \(conflict)")))
        }
        if report.counts.visitEvents > 0 {
            bus?.publish(.occupancy(outbox.queued(OccupancyNotice(insideCount: try database.insideCount(), checkedOut: 0, exitKind: nil))))
        }
        if report.counts.changed > 0 {
            bus?.publish(.imported(ImportNotice(file: "sync folder", new: report.counts.new, updated: report.counts.updated,
                                                unchanged: report.counts.unchanged, unified: report.counts.unified,
                                                deleted: report.counts.deleted)))
        }
        return report
    }

    /// A desk seen before whose subfolder is gone, and that no desk took over: the members only
    /// its files carried reach no desk that joins later. Reported (`sync status`, the event log),
    /// never silent, with what to do.
    private func noteGoneAuthors(known: [SyncTerminalRecord], present: Set<String>, folder: SyncFolder,
                                 into report: inout SyncReadReport) throws {
        for desk in known where desk.terminalId != terminal.id && desk.retiredBy == nil && desk.files > 0
            && !present.contains(desk.terminalId) {
            let members = try database.membersAuthored(by: desk.terminalId)
            guard members > 0 else { continue }
            try noteTerminalError(desk.terminalId, SyncError.authorFilesGone(desk.terminalId, members).description, into: &report)
        }
    }

    private func noteTerminalError(_ terminalId: String, _ message: String, into report: inout SyncReadReport) throws {
        let known = try database.syncTerminals().first { $0.terminalId == terminalId }
        if known?.lastError != message { publish(message, into: &report) }
        try database.noteSyncTerminal(terminalId, name: nil, lastFileTime: nil, files: 0, lastError: message)
    }

    private func publish(_ message: String, into report: inout SyncReadReport) {
        report.errors.append(message)
        bus?.publish(.error(DeskErrorNotice(source: "sync", message: message)))
    }

    /// Reads one terminal's new files; returns what its latest snapshot holds of the desks it took
    /// over when this read merged that snapshot (a claim is used only then, so it never hides a
    /// file that comes later).
    private func readTerminal(_ listing: SyncTerminalListing, in folder: SyncFolder, into report: inout SyncReadReport,
                              outbox: inout OutboxWrite) throws -> [String: Int64] {
        let terminalId = listing.terminalId
        let directory = folder.subfolder(terminalId)
        let files = listing.files
        var mergedSnapshot: SyncFileName?
        let listed = Set(files.map(\.entry.name))
        let known = try listing.partial ? database.syncFiles(terminalId: terminalId, names: listed) : database.syncFiles(terminalId: terminalId)
        // Forgetting files that went takes a write: only when some did (a rescan sees which).
        if !listing.partial, known.keys.contains(where: { !listed.contains($0) }) {
            try database.forgetSyncFiles(terminalId: terminalId, keeping: listed)
        }
        let terminals = try database.syncTerminals()
        var covered = terminals.first { $0.terminalId == terminalId }?.coveredThrough ?? 0
        let coverage = Dictionary(uniqueKeysWithValues: terminals.map { ($0.terminalId, $0.coveredThrough) })
        // What the latest snapshot holds of desks it took over; it is read until this desk holds that too.
        let claims = listing.info.flatMap { info in
            info.terminalId == terminalId ? info.snapshot.flatMap { $0.through == listing.latestSnapshot?.name.through ? $0.holds : nil } : nil
        } ?? [:]
        let claimsNew = claims.contains { $0.key != terminal.id && $0.value > (coverage[$0.key] ?? 0) }
        var lastError: String?
        for (name, entry) in files {
            let path = directory + "/" + entry.name
            let now = clock.now().timeIntervalSince1970
            var record = SyncFileRecord(terminalId: terminalId, name: entry.name, size: entry.size, mtime: entry.mtime, readAt: now)
            if let seen = known[entry.name], seen.size == entry.size, seen.mtime == entry.mtime {
                if seen.error == nil, !name.isConflictCopy { covered = max(covered, advance(covered, by: name) ?? covered) }
                lastError = seen.error ?? lastError
                continue  // read before (or found bad before, and not changed since)
            }
            // A file reaching no further than what is held adds nothing (the merge laws make reading it harmless, only slow).
            let holdsNew = claimsNew && name == listing.latestSnapshot?.name
            if !name.isConflictCopy, name.through <= covered, !holdsNew {
                try database.noteSyncFile(record)
                report.filesCovered += 1
                continue
            }
            do {
                let counts = try merge(path: path, entry: entry, record: record,
                                       coveredThrough: name.isConflictCopy ? nil : advance(covered, by: name), outbox: &outbox)
                report.filesRead += 1
                report.counts.add(counts)
                if name.isConflictCopy { report.conflictCopies.append(path) }
                if name.kind == .snapshot { report.snapshotsRead += 1 }
                if name.kind == .snapshot, !name.isConflictCopy, name == listing.latestSnapshot?.name { mergedSnapshot = name }
                if !name.isConflictCopy, let next = advance(covered, by: name) { covered = next }
            } catch {
                let message = (error as? LocalizedError)?.errorDescription ?? "\(error)"
                record.error = message
                try database.noteSyncFile(record)
                lastError = message
                publish(message, into: &report)
            }
        }
        // What a desk's files say in all (their count, the latest, an error) waits for a listing.
        if !listing.partial {
            try database.noteSyncTerminal(terminalId, name: listing.info?.name, lastFileTime: files.map(\.entry.mtime).max(),
                                          files: files.count, lastError: lastError)
        }
        return mergedSnapshot == nil ? [:] : claims
    }

    /// A member as this desk keeps it: control characters in its texts made "�" and over-long
    /// ones cut (`MemberFieldRules.sanitised`), the same on every desk, so desks still agree.
    private static func safeText(_ member: ExchangeMember) -> ExchangeMember {
        guard !member.isTally else { return member }
        var member = member
        member.record = MemberFieldRules.sanitised(member.record)
        return member
    }

    /// How far a terminal's changes are held after reading `name`: a snapshot holds all up to
    /// its number; a changes file extends an unbroken run.
    private func advance(_ covered: Int64, by name: SyncFileName) -> Int64? {
        switch name.kind {
        case .snapshot: return max(covered, name.through)
        case .changes: return name.from <= covered ? max(covered, name.through) : nil
        }
    }

    private func merge(path: String, entry: SyncFolder.Entry, record: SyncFileRecord, coveredThrough: Int64?,
                       outbox: inout OutboxWrite) throws -> MergeCounts {
        guard entry.kind == .file else {
            throw SyncError.badFile(path, entry.kind == .symlink ? "a symbolic link: not followed" : "not a regular file")
        }
        guard entry.size <= settings.maxFileBytes else {
            throw SyncError.badFile(path, "\(entry.size) bytes, more than sync.max_file_mb allows")
        }
        let editor = terminal.id, now = clock.now(), time = now.timeIntervalSince1970
        // The count as this chunk leaves it, in the chunk's commit (the last one queued is the latest).
        func queueCount(_ store: StoreTransaction, _ counts: MergeCounts) throws {
            guard counts.visitEvents > 0 else { return }
            try outbox.write(.occupancy(OccupancyNotice(insideCount: try store.insideCount(), checkedOut: 0, exitKind: nil)), in: store, at: now)
        }
        let first = try files.open(path, expected: entry)
        // A small file merges in one transaction. A larger one is read through once first, so that
        // a bad member near its end changes nothing, then merged in chunks.
        var buffered: [ExchangeMember] = []
        let decoder = MusrlDecoder(reader: first.reader, name: path)
        while buffered.count <= settings.mergeChunk, let member = try decoder.next() { buffered.append(member) }
        if buffered.count <= settings.mergeChunk {
            var iterator = buffered.makeIterator()
            return try database.mergeSyncMembers({ iterator.next().map(Self.safeText) }, chunk: buffered.count + 1, editor: editor, time: time, calendar: settings.calendar,
                                                 file: record, coveredThrough: coveredThrough, committing: queueCount)
        }
        while try decoder.next() != nil {}
        let second = try files.open(path, expected: entry)
        guard second.identity == first.identity else { throw SyncError.badFile(path, "changed while being read; read again later") }
        let again = MusrlDecoder(reader: second.reader, name: path)
        return try database.mergeSyncMembers({ try again.next().map(Self.safeText) }, chunk: settings.mergeChunk, editor: editor, time: time, calendar: settings.calendar,
                                             file: record, coveredThrough: coveredThrough, committing: queueCount)
    }
}
