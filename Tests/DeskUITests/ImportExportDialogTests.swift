@testable import DeskUI
import Foundation
import MemberDeskTestSupport
@_spi(Testing) import MemberKit
import Synchronization
import Testing

/// Test doubles for the sync module's services: the dialogs' behaviour, not the merge itself
/// (which the sync tests and the tmux test cover).
final class RecordingImporter: ImportService {
    let applied = Mutex(0)
    func preview(file: String, by actor: AuditActor) throws -> ImportPreview {
        guard file.hasSuffix(".musrl") else { throw DeskError.invalidInput("\(file): not a member list") }
        var counts = MergeCounts()
        (counts.new, counts.updated) = (2, 1)
        return ImportPreview(file: file, counts: counts, received: MemberFileCount(members: 3), lines: (0..<40).map { "new      Member \($0)" }, plan: file)
    }
    func apply(_ preview: ImportPreview) throws -> ImportNotice {
        applied.withLock { $0 += 1 }
        return ImportNotice(file: preview.file, new: 2, updated: 1, unchanged: 0, unified: 0, deleted: 0)
    }
}

final class RecordingExporter: ExportService {
    let written = Mutex<[String]>([])
    var formats: [String] { ["musrl", "mucsv"] }
    func defaultPath(format: String) -> String { "/tmp/members.\(format)" }
    func export(format: String, to path: String, by actor: AuditActor,
                progress: @escaping @Sendable (Double) -> Void) throws -> String {
        guard !path.hasPrefix("/nonexistent") else { throw DeskError.io("cannot write \(path)") }
        progress(0.5)
        written.withLock { $0.append("\(format) \(path)") }
        return "exported 3 members to \(path) (\(format))"
    }
}

/// The import and export dialogs under `DeskTestStore` (every change and effect said), their jobs
/// run by the effect runner over the recording services above (`ImportClient.live`, `ExportClient.live`), so what a
/// service answers or throws is what the dialog shows.
@Suite struct ImportExportDialogTests: DeskStoreFixture {
    /// Runs `effect` on an inline worker over the recording importer and exporter: what it posts.
    func run(_ effect: DeskEffect, importer: RecordingImporter? = nil, exporter: RecordingExporter? = nil) -> [JobResult] {
        var clients = DeskClients.unimplemented
        clients[ImportClient.self] = .live(importer)
        clients[ExportClient.self] = .live(exporter)
        let inbox = DeskInbox()
        DeskEffectRunner(clients: clients, worker: DeskWorker(inline: true), inbox: inbox).run(effect)
        return inbox.drain()
    }

    var importSetup: DeskSetup {
        var setup = openSetup
        setup.canImport = true
        return setup
    }

    /// F6, a file typed, Enter: the preview is asked for and answered by the importer.
    func askToPreview(_ file: String, on store: DeskTestStore, importer: RecordingImporter,
                 sourceLocation: SourceLocation = #_sourceLocation) -> [JobResult] {
        store.press(.function(6), sourceLocation: sourceLocation) {
            $0.needsRedraw = true
            $0.dialog = .prompt(.importFile())
        }
        store.receive(sourceLocation: sourceLocation)
        var prompt = PromptDialog.importFile()
        press(text(file), on: store, mirror: &prompt, as: DeskDialog.prompt, sourceLocation: sourceLocation)
        store.press(.enter, sourceLocation: sourceLocation) { $0.needsRedraw = true }
        store.receive(.imports(.preview(file: file, operator: nil)), sourceLocation: sourceLocation)
        return run(.imports(.preview(file: file, operator: nil)), importer: importer)
    }

    @Test func importShowsTheReviewThenMergesOrCancels() throws {
        let importer = RecordingImporter()
        let store = makeStore(importSetup)
        // A file that is not a member list: the prompt says why, and stays.
        var results = askToPreview("bad.txt", on: store, importer: importer)
        #expect(results == [.imports(.previewFailed("bad.txt: not a member list"))])
        var prompt = PromptDialog.importFile()
        for key in text("bad.txt") { _ = prompt.onKey(key) }
        prompt.error = "bad.txt: not a member list"
        store.send(.finished(results[0])) {
            $0.needsRedraw = true
            $0.dialog = .prompt(prompt)
        }
        store.receive()
        #expect(store.state.render(now: now).text.contains("bad.txt: not a member list"))
        press(Array(repeating: .backspace, count: 7) + text("other.musrl"), on: store, mirror: &prompt, as: DeskDialog.prompt)
        store.press(.enter) { $0.needsRedraw = true }
        store.receive(.imports(.preview(file: "other.musrl", operator: nil)))
        results = run(.imports(.preview(file: "other.musrl", operator: nil)), importer: importer)
        guard case .previewed(let preview)? = results.first?.feature(ImportResult.self), results.count == 1 else {
            Issue.record("no preview: \(results)"); return
        }
        #expect(preview.file == "other.musrl" && preview.lines.count == 40)
        // The review replaces the prompt.
        var review = ImportReviewDialog(preview: preview)
        store.send(.finished(results[0])) {
            $0.needsRedraw = true
            $0.dialog = .importReview(review)
        }
        store.receive()
        #expect(store.state.render(now: now).text.contains("Received 3 users to import. Would you like to save them?"))
        #expect(store.state.render(now: now).text.contains("2 new · 1 updated"))
        press([.pageDown], on: store, mirror: &review, as: DeskDialog.importReview)
        #expect(review.scroll == 15)
        #expect(store.state.render(now: now).text.contains("Member 20"))
        // Tab to Cancel, Enter: closed, nothing merged.
        press([.tab], on: store, mirror: &review, as: DeskDialog.importReview)
        store.press(.enter) {
            $0.needsRedraw = true
            $0.dialog = nil
        }
        store.receive()
        #expect(importer.applied.withLock { $0 } == 0)
        #expect(!store.state.render(now: now).text.contains("Received 3 users"))
        // Again, and Merge.
        results = askToPreview("other.musrl", on: store, importer: importer)
        #expect(results == [.imports(.previewed(preview))])
        reviewAndMerge(preview, on: store)
        results = run(.imports(.apply(preview)), importer: importer)
        #expect(importer.applied.withLock { $0 } == 1)
        let notice = ImportNotice(file: "other.musrl", new: 2, updated: 1, unchanged: 0, unified: 0, deleted: 0)
        #expect(results == [.imports(.imported(notice))])
        importedReloads(notice, on: store)
        #expect(store.state.render(now: now).text.contains("imported other.musrl: 2 new, 1 updated"))
        store.finish()
    }

    @Test func exportShowsFormatPathProgressAndResult() throws {
        let exporter = RecordingExporter()
        let store = makeStore(DeskSetup(terminalName: "Desk 1", exportFormats: exporter.formats, exportPath: exporter.defaultPath))
        let opened = ExportDialog(formats: ["musrl", "mucsv"], defaultPaths: ["/tmp/members.musrl", "/tmp/members.mucsv"])
        store.press(.function(5)) {
            $0.needsRedraw = true
            $0.dialog = .export(opened)
        }
        store.receive()
        #expect(store.state.render(now: now).text.contains("(•) musrl"))
        // Tab: the other format, and its path.
        var export = opened
        press([.tab], on: store, mirror: &export, as: DeskDialog.export)
        #expect(export.format == 1 && export.path.text == "/tmp/members.mucsv")
        #expect(store.state.render(now: now).text.contains("(•) mucsv"))
        #expect(store.state.render(now: now).text.contains("/tmp/members.mucsv"))
        store.press(.enter) {
            $0.needsRedraw = true
            $0.dialog?[ExportDialog.self]?.phase = .running(0)
        }
        store.receive(.export(.write(format: "mucsv", path: "/tmp/members.mucsv", operator: nil)))
        let results = run(.export(.write(format: "mucsv", path: "/tmp/members.mucsv", operator: nil)), exporter: exporter)
        let summary = "exported 3 members to /tmp/members.mucsv (mucsv)"
        #expect(results == [.export(.progress(0.5)), .export(.written(summary: summary))])
        store.send(.finished(results[0])) {
            $0.needsRedraw = true
            $0.dialog?[ExportDialog.self]?.phase = .running(0.5)
        }
        store.receive()
        store.send(.finished(results[1])) {
            $0.needsRedraw = true
            $0.dialog?[ExportDialog.self]?.phase = .done(summary)
            $0.log.add("export: \(summary)", tone: .success, at: now)
        }
        store.receive()
        #expect(store.state.render(now: now).text.contains("✓ " + summary))
        #expect(store.state.render(now: now).text.contains("100%"))
        store.press(.enter) {
            $0.needsRedraw = true
            $0.dialog = nil
        }
        store.receive()
        #expect(!store.state.render(now: now).text.contains("Export members"))
        // A path that cannot be written: the dialog says why.
        store.press(.function(5)) {
            $0.needsRedraw = true
            $0.dialog = .export(opened)
        }
        store.receive()
        export = opened
        press(Array(repeating: .backspace, count: 30) + text("/nonexistent/x.musrl"), on: store, mirror: &export, as: DeskDialog.export)
        store.press(.enter) {
            $0.needsRedraw = true
            $0.dialog?[ExportDialog.self]?.phase = .running(0)
        }
        store.receive(.export(.write(format: "musrl", path: "/nonexistent/x.musrl", operator: nil)))
        let failed = run(.export(.write(format: "musrl", path: "/nonexistent/x.musrl", operator: nil)), exporter: exporter)
        #expect(failed == [.export(.failed("cannot write /nonexistent/x.musrl"))])
        store.send(.finished(failed[0])) {
            $0.needsRedraw = true
            $0.dialog?[ExportDialog.self]?.phase = .failed("cannot write /nonexistent/x.musrl")
        }
        store.receive()
        #expect(store.state.render(now: now).text.contains("✗ cannot write /nonexistent/x.musrl"))
        #expect(exporter.written.withLock { $0 } == ["mucsv /tmp/members.mucsv"])
        store.finish()
    }

    @Test func progressBarsFillWithBlocks() {
        #expect(ExportDialog.progressBar(0.5, width: 10) == "█████░░░░░  50%")
        #expect(StatsModel.chart([0, 4, 8], height: 1) == [" ▄█"])
        #expect(StatsModel.chart([1, 0, 16], height: 2) == ["  █", "▁ █"])
        #expect(BeaconPaneModel.rssiBar(-30) == "████████")
        #expect(BeaconPaneModel.rssiBar(-100) == "        ")
    }

    @Test func beaconsAreSortedByProximity() {
        var pane = BeaconPaneModel()
        let now = Date(timeIntervalSince1970: 1000)
        func beacon(_ minor: UInt16, _ proximity: Proximity, _ rssi: Double) -> BeaconSnapshot {
            BeaconSnapshot(identity: BeaconIdentity(kind: .iBeacon, uuid: "E2C56DB5-DFFB-48D2-B060-D0F5A71096E0", major: 1, minor: minor),
                           address: "AA:BB:CC:00:00:0\(minor)", proximity: proximity, smoothedRSSI: rssi, distance: 1.5,
                           lastSeen: now, reports: 3)
        }
        _ = pane.apply(.appeared(beacon(1, .far, -90)))
        _ = pane.apply(.appeared(beacon(2, .immediate, -40)))
        _ = pane.apply(.appeared(beacon(3, .near, -60)))
        #expect(pane.sorted.map(\.identity.minor) == [2, 3, 1])
        var grid = CellGrid(width: 90, height: 6)
        pane.render(into: &grid, rect: grid.bounds, now: now, focused: false)
        #expect(grid.text(row: 1).contains("immediate"))
        #expect(grid.text(row: 3).contains("far"))
        _ = pane.apply(.lost(beacon(2, .immediate, -40)))
        #expect(pane.sorted.map(\.identity.minor) == [3, 1])
    }

    @Test func eventLogIsNewestFirstAndScrolls() {
        var log = EventLogModel(capacity: 5)
        let now = Date(timeIntervalSince1970: 0)
        for i in 0..<8 { log.add("line \(i)", at: now) }
        #expect(log.entries.map(\.text) == ["line 7", "line 6", "line 5", "line 4", "line 3"])
        log.scroll(by: 2)
        var grid = CellGrid(width: 40, height: 4)
        log.render(into: &grid, rect: grid.bounds, focused: true)
        #expect(grid.text(row: 1).contains("line 5"))
        let logged = log.add(.region(.entered(identifier: "r1", name: "Lobby")), at: now)
        #expect(logged)
        #expect(log.entries.first?.text == "entered region Lobby")
    }

    /// Issue #23 item 2: the review's "Received N users" counts the file's live members; the
    /// deletions that travel beside them are counted apart.
    @Test func theReviewCountsLiveMembersAndDeletionsApart() throws {
        let source = try AppDatabase.inMemory()
        let club = Club(database: source, terminal: try source.terminalIdentity(name: "Other"))
        for pass in ["P1", "P2", "P3"] { try club.addMember(passId: pass) }
        try club.deleteMember(id: try #require(try source.member(idOrPass: "P3")).memberId)
        let home = try TemporaryDirectory()
        let file = home.file("other.musrl")
        try Data(try MemberExporter(database: source).exportBytes(format: .musrl)).write(to: URL(fileURLWithPath: file))

        let plan = try MergePlanner(database: try AppDatabase.inMemory()).plan(file: file)
        #expect(plan.received == MemberFileCount(members: 2, deletions: 1))
        let dialog = ImportReviewDialog(preview: ImportPreview(file: file, counts: plan.counts, received: plan.received,
                                                               lines: [], plan: plan))
        #expect(dialog.headline == "Received 2 users (and 1 deletion) to import. Would you like to save them?")
    }
}
