@testable import DeskUI
import Foundation
import MemberDeskTestSupport
import MemberKit
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

@Suite struct ImportExportDialogTests {
    @Test func importShowsTheReviewThenMergesOrCancels() throws {
        let importer = RecordingImporter()
        let f = try DeskFixture(importer: importer)
        f.press(.function(6))
        f.type("bad.txt")
        f.press(.enter)
        #expect(f.screen.contains("bad.txt: not a member list"))
        for _ in 0..<7 { f.press(.backspace) }
        f.type("other.musrl")
        f.press(.enter)
        #expect(f.screen.contains("Received 3 users to import. Would you like to save them?"))
        #expect(f.screen.contains("2 new · 1 updated"))
        f.press(.pageDown)
        #expect(f.screen.contains("Member 20"))
        f.press(.tab, .enter)  // Cancel
        #expect(importer.applied.withLock { $0 } == 0)
        #expect(!f.screen.contains("Received 3 users"))
        f.press(.function(6))
        f.type("other.musrl")
        f.press(.enter, .enter)  // Merge
        #expect(importer.applied.withLock { $0 } == 1)
        #expect(f.screen.contains("imported other.musrl: 2 new, 1 updated"))
    }

    @Test func exportShowsFormatPathProgressAndResult() throws {
        let exporter = RecordingExporter()
        let f = try DeskFixture(exporter: exporter)
        f.press(.function(5))
        #expect(f.screen.contains("(•) musrl"))
        f.press(.tab)
        #expect(f.screen.contains("(•) mucsv"))
        #expect(f.screen.contains("/tmp/members.mucsv"))
        f.press(.enter)
        #expect(f.screen.contains("✓ exported 3 members to /tmp/members.mucsv (mucsv)"))
        #expect(f.screen.contains("100%"))
        f.press(.enter)
        #expect(!f.screen.contains("Export members"))
        f.press(.function(5))
        for _ in 0..<30 { f.press(.backspace) }
        f.type("/nonexistent/x.musrl")
        f.press(.enter)
        #expect(f.screen.contains("✗ cannot write /nonexistent/x.musrl"))
        #expect(exporter.written.withLock { $0 } == ["mucsv /tmp/members.mucsv"])
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
