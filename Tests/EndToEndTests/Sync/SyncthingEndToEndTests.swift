import Foundation
import MemberDeskTestSupport
import Testing

/// Two desks, each with its own database, its own `memberdesk sync watch` and its own real
/// Syncthing on loopback, set up through `memberdesk sync syncthing add`. Every wait is on a
/// condition with a deadline.
@Suite("Sync through real Syncthing", .serialized, .enabled(if: SyncthingInstance.isInstalled))
struct SyncthingEndToEndTests {
    final class Site {
        let syncthing: SyncthingInstance
        var desk: DeskBinary
        var watch: ChildProcess?

        init(name: String) throws {
            syncthing = try SyncthingInstance()
            desk = try DeskBinary()
            try desk.writeConfig("terminal_name = \"\(name)\"\ndebounce_seconds = 0\n[sync]\nfolder = \"\(syncthing.folder)\"\nrescan_seconds = 5\n")
        }

        func startWatching() throws {
            watch = try ChildProcess(DeskBinary.path, ["sync", "watch"], environment: desk.environment,
                                     stdout: .file(desk.home.path + "/watch.log"), stderr: .stdout)
        }

        func stop() {
            if let watch, watch.isRunning {
                watch.signal(SIGTERM)
                if watch.wait(timeout: 10) == nil { _ = watch.killAndWait() }
            }
            syncthing.stop()
        }

        /// What to look at when a wait fails: the watcher's output, Syncthing's log tail, the folder.
        func logs() -> String {
            let watchLog = (try? String(contentsOfFile: desk.home.path + "/watch.log", encoding: .utf8)) ?? ""
            let syncthingLog = ((try? String(contentsOfFile: syncthing.home.path + "/syncthing.log", encoding: .utf8)) ?? "")
                .split(separator: "\n").suffix(25).joined(separator: "\n")
            let files = FileManager.default.enumerator(atPath: syncthing.folder)?.allObjects.map { "\($0)" }.sorted() ?? []
            return "watch:\n\(watchLog)\nsyncthing:\n\(syncthingLog)\nfolder: \(files)"
        }

        /// Desks whose desk.json this site's folder holds (its own included).
        func desksInFolder() -> Int {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: syncthing.folder)) ?? []
            return names.filter { FileManager.default.fileExists(atPath: syncthing.folder + "/" + $0 + "/desk.json") }.count
        }

        /// How many are inside, as `inside --json`'s last line says.
        func inside() -> Int? {
            guard let shown = try? desk.run(["inside", "--json"]), shown.status == 0,
                  let last = shown.stdout.split(separator: "\n").last,
                  let object = try? JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any] else { return nil }
            return object["inside"] as? Int
        }

        func visits(_ pass: String) -> Int? {
            guard let shown = try? desk.run(["members", "show", pass, "--json"]), shown.status == 0,
                  let object = try? JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any] else { return nil }
            return object["numVisits"] as? Int
        }
    }

    @Test("check-ins, a suspension and a deletion travel; check-ins made while paused meet after resuming")
    func twoDesks() throws {
        let a = try Site(name: "Desk A"), b = try Site(name: "Desk B")
        defer {
            a.stop()
            b.stop()
        }
        try a.syncthing.start()
        try b.syncthing.start()
        // Set up through memberdesk itself: each desk shares the folder with the other.
        for (site, other) in [(a, b), (b, a)] {
            let id = try site.desk.run(["sync", "syncthing", "id", "--syncthing-home", site.syncthing.syncthingHome])
            #expect(id.status == 0 && id.stdout == site.syncthing.deviceId + "\n")
            let added = try site.desk.run(["sync", "syncthing", "add", other.syncthing.deviceId, "--name", "other",
                                           "--address", other.syncthing.listenAddress, "--syncthing-home", site.syncthing.syncthingHome])
            #expect(added.status == 0 && added.stdout.contains("added folder memberdesk"), "\(added.stdout)\(added.stderr)")
        }
        #expect(waitUntil(timeout: 60, poll: 0.2) { a.syncthing.isConnected(to: b.syncthing.deviceId) })
        let status = try a.desk.run(["sync", "syncthing", "status", "--syncthing-home", a.syncthing.syncthingHome])
        #expect(status.status == 0 && status.stdout.contains("connected"), "\(status.stdout)\(status.stderr)")
        try a.startWatching()
        try b.startWatching()
        // Each desk's first snapshot has reached the other: the carrier works end to end.
        #expect(waitUntil(timeout: 120, poll: 0.2) { a.desksInFolder() == 2 && b.desksInFolder() == 2 },
                "A:\n\(a.logs())\nB:\n\(b.logs())")

        // A file under the temporary name our writer uses (as a crash would leave it) is never
        // carried: planted before the check-in, it would travel with the check-in's file if it were.
        let subfolders = try FileManager.default.contentsOfDirectory(atPath: a.syncthing.folder).filter { !$0.hasPrefix(".") }
        let temporary = ".syncthing.changes-000000000900-000000000901.musrl.Q7xK2p.tmp"
        for subfolder in subfolders {
            try Data("[]\n".utf8).write(to: URL(fileURLWithPath: a.syncthing.folder + "/" + subfolder + "/" + temporary))
        }

        // A check-in on A is counted on B.
        #expect(try a.desk.run(["checkin", "04E1E2E3"]).status == 0)
        #expect(waitUntil(timeout: 60, poll: 0.2) { b.visits("04E1E2E3") == 1 }, "A:\n\(a.logs())\nB:\n\(b.logs())")
        let carried = FileManager.default.enumerator(atPath: b.syncthing.folder)?.allObjects.map { "\($0)" } ?? []
        #expect(!subfolders.isEmpty && !carried.contains { $0.hasSuffix(temporary) }, "\(carried)")

        // The entry at A travelled with it; an exit at B leaves the member outside on both.
        #expect(waitUntil(timeout: 60, poll: 0.2) { b.inside() == 1 })
        #expect(try b.desk.run(["checkout", "04E1E2E3"]).status == 0)
        #expect(waitUntil(timeout: 60, poll: 0.2) { a.inside() == 0 }, "A:\n\(a.logs())\nB:\n\(b.logs())")
        #expect(b.inside() == 0 && a.visits("04E1E2E3") == 1)

        // A suspension on A is refused on B.
        #expect(try a.desk.run(["members", "edit", "04E1E2E3", "--status", "suspended"]).status == 0)
        #expect(waitUntil(timeout: 60, poll: 0.2) {
            (try? b.desk.run(["members", "show", "04E1E2E3", "--json"]).stdout.contains("\"status\":\"suspended\"")) == true
        })
        let refused = try b.desk.run(["checkin", "04E1E2E3"])
        #expect(refused.status == 3, "\(refused.stdout)")

        // A deletion on A disappears on B.
        #expect(try a.desk.run(["members", "delete", "04E1E2E3", "--yes"]).status == 0)
        #expect(waitUntil(timeout: 60, poll: 0.2) { (try? b.desk.run(["members", "show", "04E1E2E3"]).status) == 1 })

        // Both check the same card in while Syncthing is paused; after resuming both see both visits.
        try a.syncthing.pause()
        try b.syncthing.pause()
        #expect(try a.desk.run(["checkin", "04F1F2F3"]).status == 0)
        #expect(try b.desk.run(["checkin", "04F1F2F3"]).status == 0)
        #expect(a.visits("04F1F2F3") == 1 && b.visits("04F1F2F3") == 1)
        try a.syncthing.resume()
        try b.syncthing.resume()
        #expect(waitUntil(timeout: 90, poll: 0.2) { a.visits("04F1F2F3") == 2 && b.visits("04F1F2F3") == 2 })

        // Nothing was reported bad on the way.
        let shown = try b.desk.run(["sync", "status"])
        #expect(shown.status == 0 && !shown.stdout.contains("bad file"), "\(shown.stdout)")
    }
}
