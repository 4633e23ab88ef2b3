import Foundation
import MemberDeskTestSupport
import Testing

/// `SyncthingScan` against real Syncthing: after each file it writes, the desk asks the Syncthing
/// whose config.xml it finds in its home (as on a real machine) to scan its own subfolder. Here
/// Syncthing's own watcher is off and its rescan an hour away, so only that request can make it
/// notice a file. Taps come through `memberdesk scan --stdin`, the headless desk, which prints
/// the bus's errors. Every wait is on a condition with a deadline.
@Suite("Syncthing scan request", .serialized, .enabled(if: SyncthingInstance.isInstalled))
struct SyncthingScanEndToEndTests {
    /// A desk syncing through `folder` that finds Syncthing's config in `syncthingHome` (where
    /// `SyncthingAPI` looks first: `$XDG_STATE_HOME/syncthing`); nil: no Syncthing config, no scan.
    static func desk(_ name: String, folder: String, syncthingHome: String?) throws -> DeskBinary {
        let desk = try DeskBinary()
        try desk.writeConfig("terminal_name = \"\(name)\"\ndebounce_seconds = 0\n[sync]\nfolder = \"\(folder)\"\nrescan_seconds = 5\n")
        if let syncthingHome {
            try FileManager.default.createDirectory(atPath: desk.home.path + "/state", withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(atPath: desk.home.path + "/state/syncthing", withDestinationPath: syncthingHome)
        }
        return desk
    }

    static func visits(_ desk: DeskBinary, _ pass: String) -> Int? {
        guard let shown = try? desk.run(["members", "show", pass, "--json"]), shown.status == 0,
              let object = try? JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any] else { return nil }
        return object["numVisits"] as? Int
    }

    /// The files in `folder` (paths inside it) that hold `pass`: where the desk wrote that tap.
    static func files(in folder: String, holding pass: String) -> [String] {
        (FileManager.default.enumerator(atPath: folder)?.allObjects.map { "\($0)" } ?? []).filter {
            (try? String(contentsOfFile: folder + "/" + $0, encoding: .utf8))?.contains(pass) == true
        }
    }

    static func log(_ desk: DeskBinary) -> String {
        (try? String(contentsOfFile: desk.home.path + "/state/memberdesk/memberdesk.log", encoding: .utf8)) ?? ""
    }

    @Test("a tap on A is counted on B with Syncthing's watcher off: the scan request alone carries it")
    func scanRequestCarriesTheTap() throws {
        let syncthingA = try SyncthingInstance(), syncthingB = try SyncthingInstance()
        defer {
            syncthingA.stop()
            syncthingB.stop()
        }
        try syncthingA.start(trace: "api")  // logs each REST request: the proof that the desk asked
        try syncthingB.start()
        try syncthingA.share(with: syncthingB, rescanSeconds: 3600, watcher: false)
        try syncthingB.share(with: syncthingA, rescanSeconds: 3600, watcher: false)
        #expect(waitUntil(timeout: 60, poll: 0.2) { syncthingA.isConnected(to: syncthingB.deviceId) })
        // Only a scan makes Syncthing notice a file now: no watcher, and the next rescan an hour
        // away, as Syncthing A itself holds its folder's settings.
        let folder = try JSONSerialization.jsonObject(with: syncthingA.call("GET", "/rest/config/folders/memberdesk")) as? [String: Any]
        #expect(folder?["fsWatcherEnabled"] as? Bool == false && folder?["rescanIntervalS"] as? Int == 3600)

        let a = try Self.desk("Desk A", folder: syncthingA.folder, syncthingHome: syncthingA.syncthingHome)
        let b = try Self.desk("Desk B", folder: syncthingB.folder, syncthingHome: nil)
        let watchB = try RunningDesk(b, ["sync", "watch"])
        let scanA = try RunningDesk(a, ["scan", "--stdin"])
        defer {
            scanA.closeInput()
            _ = scanA.waitForExit(timeout: 30)
            _ = watchB.signal(SIGTERM)
        }
        func logs() -> String { "A:\n\(scanA.stdout)\(scanA.stderr)\(Self.log(a))\nB:\n\(watchB.stdout)\(watchB.stderr)" }
        // Desk A's first files reach B: its subfolder is the only one in A's folder (B's desk
        // asks no Syncthing, so nothing of B's travels).
        func subfolderA() -> String? {
            try? FileManager.default.contentsOfDirectory(atPath: syncthingA.folder)
                .first { FileManager.default.fileExists(atPath: syncthingA.folder + "/" + $0 + "/desk.json") }
        }
        #expect(waitUntil(timeout: 60, poll: 0.2) {
            subfolderA().map { FileManager.default.fileExists(atPath: syncthingB.folder + "/" + $0 + "/desk.json") } ?? false
        }, "\(logs())")

        scanA.write("04E1E2E3\n")
        #expect(waitUntil(timeout: 60, poll: 0.2) { Self.visits(b, "04E1E2E3") == 1 }, "\(logs())")
        // What carried it: the desk asked Syncthing A to scan A's subfolder, and it took the
        // request (the desk said no error). Its API log names the request; the log is a fact,
        // where "not carried within N seconds without the request" would be a timing guess.
        #expect(syncthingA.log.contains("POST \"/rest/db/scan?folder=memberdesk&sub=\(subfolderA() ?? "?")\""), "\(syncthingA.log)")
        #expect(!scanA.stdout.contains("error"), "\(logs())")
    }

    /// A desk whose scan request fails still writes every tap, says why once (on `scan`'s
    /// output and in the log), and does not ask again for five minutes.
    func failingScan(syncthingHome: String, says expected: String) throws {
        let folder = try TemporaryDirectory()
        let desk = try Self.desk("Desk", folder: folder.path, syncthingHome: syncthingHome)
        let scan = try RunningDesk(desk, ["scan", "--stdin"])
        scan.write("04E1E2E3\n")
        #expect(waitUntil(timeout: 60, poll: 0.1) {
            scan.stdout.contains("cannot ask Syncthing to scan") && !Self.files(in: folder.path, holding: "04E1E2E3").isEmpty
        }, "\(scan.stdout)\(scan.stderr)")
        #expect(scan.stdout.contains("wedge 04E1E2E3: Welcome"), "\(scan.stdout)")
        scan.write("04E1E2E4\n")
        #expect(waitUntil(timeout: 60, poll: 0.1) { !Self.files(in: folder.path, holding: "04E1E2E4").isEmpty }, "\(scan.stdout)")
        scan.closeInput()
        #expect(scan.waitForExit(timeout: 30) == 0)

        let said = scan.stdout.split(separator: "\n").filter { $0.contains("error (sync)") }
        #expect(said.count == 1 && said[0].contains(expected), "\(scan.stdout)")
        #expect(Self.log(desk).components(separatedBy: "cannot ask Syncthing to scan").count - 1 == 1, "\(Self.log(desk))")
        #expect(Self.visits(desk, "04E1E2E3") == 1 && Self.visits(desk, "04E1E2E4") == 1)
    }

    @Test("a wrong API key: the taps are written, and one line says Syncthing refused the key")
    func wrongAPIKey() throws {
        let syncthing = try SyncthingInstance()
        defer { syncthing.stop() }
        try syncthing.start()
        // Syncthing's config as the desk finds it, but with a key the running Syncthing does not take.
        let stale = try TemporaryDirectory()
        let xml = try String(contentsOfFile: syncthing.syncthingHome + "/config.xml", encoding: .utf8)
        try xml.replacingOccurrences(of: "<apikey>\(syncthing.apiKey)</apikey>", with: "<apikey>not-the-key</apikey>")
            .write(toFile: stale.path + "/config.xml", atomically: true, encoding: .utf8)
        try failingScan(syncthingHome: stale.path, says: "refused the API key (HTTP 403)")
    }

    @Test("Syncthing not running: the taps are written, and one line says it is not running")
    func syncthingNotRunning() throws {
        let syncthing = try SyncthingInstance()  // configured, never started: nothing listens on its port
        try failingScan(syncthingHome: syncthing.syncthingHome, says: "Syncthing is not running at \(syncthing.guiURL)")
    }
}
