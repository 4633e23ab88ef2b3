import Foundation
import MemberKit

/// Everything that waits on the database, a file or another part runs here, on the worker;
/// results come back through the inbox as closures the UI thread applies.
extension FrontDesk {
    func bumpGeneration() {
        let generation = list.generation
        latestGeneration.withLock { $0 = generation }
        countStale = true
        needsRedraw = true
    }

    /// While staff type, a count would only compete with the pages they are waiting for.
    static let countDelay: TimeInterval = 0.2

    /// Asks for what the screen lacks: the member list's next page, and the counts once typing pauses.
    func pollWork() {
        latestGeneration.withLock { $0 = list.generation }
        if let request = list.nextRequest() { fetch(request) }
        let typing = searchEditedAt.map { now.timeIntervalSince($0) < Self.countDelay } ?? false
        if list.total == nil || countStale, !typing { requestCounts() }
    }

    func fetch(_ request: MemberPageRequest) {
        let database = services.database, inbox = self.inbox, latest = self.latestGeneration
        worker.submit {
            // A newer search or sort has superseded this one: skip the query.
            guard latest.withLock({ $0 }) == request.generation else {
                inbox.post { $0.list.failed(request) }
                return
            }
            do {
                let page = try Self.page(database, request)
                inbox.post { $0.list.receive(page, for: request) }
            } catch {
                inbox.post { desk in
                    desk.list.failed(request)
                    desk.log.add("member list: \(error)", tone: .danger, at: desk.now)
                }
            }
        }
    }

    static func page(_ database: AppDatabase, _ request: MemberPageRequest) throws -> [MemberRow] {
        let (search, sort, limit) = (request.search, request.sort, request.limit)
        switch request.kind {
        case .first: return try database.memberPage(matching: search, sort: sort, limit: limit)
        case .last: return try database.memberPage(matching: search, sort: sort, direction: .backward, limit: limit)
        case .after(let row): return try database.memberPage(matching: search, sort: sort, cursor: row, limit: limit)
        case .before(let row):
            return try database.memberPage(matching: search, sort: sort, cursor: row, direction: .backward, limit: limit)
        case .at(let offset): return try database.memberPage(matching: search, sort: sort, offset: offset, limit: limit)
        }
    }

    /// The listing's match count and the club's member count, one query each, never piled up.
    func requestCounts() {
        guard !countInFlight else { return }
        countInFlight = true
        countStale = false
        let database = services.database, inbox = self.inbox, latest = self.latestGeneration
        let generation = list.generation, search = list.searchText
        countWorker.submit {
            let matching: Int? = latest.withLock({ $0 }) == generation ? try? database.memberCount(matching: search) : nil
            let all = search == nil ? matching : try? database.memberCount()
            inbox.post { desk in
                desk.countInFlight = false
                if let matching { desk.list.receiveCount(matching, generation: generation) }
                if let all { desk.status.memberCount = all }
                if matching == nil { desk.countStale = true }
            }
        }
    }

    func requestStats() {
        guard !statsInFlight else { return }
        statsInFlight = true
        stats.loading = true
        let database = services.database, inbox = self.inbox, time = now
        worker.submit {
            let result = Result { try database.stats(now: time) }
            inbox.post { desk in
                desk.statsInFlight = false
                desk.stats.loading = false
                switch result {
                case .success(let stats): desk.stats.stats = stats
                case .failure(let error): desk.log.add("stats: \(error)", tone: .danger, at: desk.now)
                }
            }
        }
    }

    /// Manual entry and wedge bursts: `Club.checkIn` commits, then publishes `.checkIn`, which the banner shows.
    public func checkIn(_ pass: String, source: CheckInSource) {
        let club = services.club, inbox = self.inbox
        worker.submit {
            do {
                try club.checkIn(passId: pass, source: source)
            } catch {
                inbox.post { desk in desk.banner.showError("Not a pass: \(error)", now: desk.now) }
            }
        }
    }

    func enrol(_ pass: String, name: String?) {
        let club = services.club, inbox = self.inbox
        worker.submit {
            do {
                try club.enrol(passId: pass, username: name, source: .manual)
            } catch {
                inbox.post { desk in desk.banner.showError("Could not enrol: \(error)", now: desk.now) }
            }
        }
    }

    func openForm(_ member: MemberRecord?) {
        dialog = .form(MemberFormModel(member: member, extraFields: services.club.settings.memberFields))
        guard let member else { return }
        let database = services.database, inbox = self.inbox
        worker.submit {
            let visits = (try? database.visits(memberId: member.memberId, limit: 50)) ?? []
            inbox.post { desk in
                if case .form(var form) = desk.dialog, form.original?.memberId == member.memberId {
                    form.visits = visits
                    desk.dialog = .form(form)
                }
            }
        }
    }

    func save(_ form: MemberFormModel, _ changes: MemberChanges) {
        let club = services.club, inbox = self.inbox, original = form.original
        worker.submit {
            do {
                if let original {
                    try club.updateMember(id: original.memberId, changes)
                } else {
                    try club.addMember(passId: changes.passId ?? "", username: changes.username ?? nil,
                                       fields: changes.fields.filter { $0.value != .null },
                                       status: changes.status ?? .active, expiresAt: changes.expiresAt ?? nil,
                                       note: changes.note ?? nil)
                }
                inbox.post { desk in if case .form = desk.dialog { desk.dialog = nil } }
            } catch {
                inbox.post { desk in
                    if case .form(var form) = desk.dialog {
                        form.saving = false
                        form.error = "\(error)"
                        desk.dialog = .form(form)
                    }
                }
            }
        }
    }

    func delete(_ member: MemberRecord) {
        let club = services.club, inbox = self.inbox
        worker.submit {
            do { try club.deleteMember(id: member.memberId) } catch {
                inbox.post { desk in desk.log.add("delete: \(error)", tone: .danger, at: desk.now) }
            }
        }
    }

    func toggleRegions() {
        guard let regions = services.regions else {
            log.add("regions: not available in this build", tone: .warning, at: now)
            return
        }
        let inbox = self.inbox
        worker.submit {
            let target = !regions.isOn
            do {
                try regions.set(on: target)
                inbox.post { desk in desk.status.regions = target ? .on : .off }
            } catch {
                inbox.post { desk in desk.log.add("regions: \(error)", tone: .danger, at: desk.now) }
            }
        }
    }

    func previewImport(_ file: String) {
        guard let importer = services.importer else { return }
        let inbox = self.inbox
        worker.submit {
            let result = Result { try importer.preview(file: file) }
            inbox.post { desk in
                guard case .prompt(var prompt) = desk.dialog, prompt.purpose == .importFile else { return }
                switch result {
                case .success(let preview): desk.dialog = .importReview(ImportReviewDialog(preview: preview))
                case .failure(let error):
                    prompt.error = "\(error)"
                    desk.dialog = .prompt(prompt)
                }
            }
        }
    }

    func applyImport(_ preview: ImportPreview) {
        guard let importer = services.importer else { return }
        let inbox = self.inbox
        worker.submit {
            let result = Result { try importer.apply(preview) }
            inbox.post { desk in
                desk.dialog = nil
                switch result {
                case .success(let n):
                    desk.log.add("imported \(n.file): \(n.new) new, \(n.updated) updated, \(n.unified) unified, \(n.deleted) deleted",
                                 tone: .success, at: desk.now)
                case .failure(let error):
                    desk.log.add("import failed: \(error)", tone: .danger, at: desk.now)
                    desk.banner.showError("Import failed: \(error)", now: desk.now)
                }
                desk.countStale = true
                desk.list.markStale()
            }
        }
    }

    func runExport(format: String, path: String) {
        guard let exporter = services.exporter else { return }
        let inbox = self.inbox
        worker.submit {
            let result = Result {
                try exporter.export(format: format, to: path) { fraction in
                    inbox.post { desk in
                        if case .export(var d) = desk.dialog, case .running = d.phase {
                            d.phase = .running(fraction)
                            desk.dialog = .export(d)
                        }
                    }
                }
            }
            inbox.post { desk in
                guard case .export(var d) = desk.dialog else { return }
                switch result {
                case .success(let summary):
                    d.phase = .done(summary)
                    desk.log.add("export: \(summary)", tone: .success, at: desk.now)
                case .failure(let error): d.phase = .failed("\(error)")
                }
                desk.dialog = .export(d)
            }
        }
    }
}
