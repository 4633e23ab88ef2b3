import DeskUI
import Foundation
import MemberDeskTestSupport
import MemberKit
import Synchronization

/// From a commit by another process (a shell's `members add`, the scan service) to the frame that
/// shows it on the front desk, which hears nothing on its bus and learns of it from its store
/// probe (`PRAGMA data_version`, every `DeskJobs.storeProbeInterval`); beside the bare commit in
/// that process. Goal: p99 under 1 s (issue #23). The writer is this binary, run as `commit-writer`.
func runOtherProcessCommitBench(rounds: Int = 120) throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("other-process-bench-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("members.sqlite").path
    let database = try AppDatabase.open(path: path)
    let club = Club(database: database, terminal: try database.terminalIdentity(name: "bench"))
    for i in 0..<10 { try club.addMember(passId: String(format: "07%06X", i), username: "Seed \(i)") }

    /// The status bar's count the frames are watched for, and when one first showed it.
    struct Watch { var expected = ""; var shownAt: UInt64? }
    let watch = Mutex(Watch())
    let shown = DispatchSemaphore(value: 0)
    let desk = HeadlessFrontDesk(services: DeskServices(club: club, terminalName: "bench"), width: 120, height: 40) { grid in
        let now = DispatchTime.now().uptimeNanoseconds
        let text = grid.text
        let hit = watch.withLock { watch -> Bool in
            guard watch.shownAt == nil, !watch.expected.isEmpty, text.contains(watch.expected) else { return false }
            watch.shownAt = now
            return true
        }
        if hit { shown.signal() }
    }
    defer { desk.stop() }

    let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    let writer = try ChildProcess(exe, ["commit-writer", path], stdin: .pipe, stdout: .pipe, stderr: .null)
    defer { _ = writer.killAndWait() }
    guard let stream = writer.output.map({ fdopen($0.fileDescriptor, "r") }) ?? nil else { throw DeskError.io("no pipe from the writer") }
    func answer() throws -> [UInt64] {
        var line: UnsafeMutablePointer<CChar>?
        var capacity = 0
        defer { free(line) }
        guard getline(&line, &capacity, stream) > 0, let line else { throw DeskError.io("the writer ended") }
        return String(cString: line).split(separator: " ").compactMap { UInt64($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    var visible: [Double] = [], commit: [Double] = []
    for i in 0..<rounds {
        let expected = "│ \(11 + i) members"
        watch.withLock { $0 = Watch(expected: expected) }
        writer.write("\(i)\n")
        let times = try answer()
        guard times.count == 2 else { throw DeskError.io("the writer said \(times)") }
        guard shown.wait(timeout: .now() + 5) == .success, let shownAt = watch.withLock({ $0.shownAt }) else {
            throw DeskError.io("'\(expected)' never showed on the desk")
        }
        commit.append(Double(times[1] - times[0]) / 1e6)
        visible.append(Double(shownAt - min(times[1], shownAt)) / 1e6)
        // Commits land at every phase of the probe's cycle, as real ones do (deterministic spread).
        usleep(UInt32((Double(i * 37 % 100) / 100 * DeskJobs.storeProbeInterval) * 1e6))
    }
    writer.closeInput()
    func p(_ values: [Double], _ q: Double) -> Double { TUIBenchData.percentile(values, q) }
    print(String(format: "another process's commit → visible on the desk  p50 %.1f ms  p99 %.1f ms (goal p99 < 1000 ms)   bare commit there p50 %.2f ms  p99 %.2f ms   ratio of p99s %.0f",
                 p(visible, 0.5), p(visible, 0.99), p(commit, 0.5), p(commit, 0.99), p(visible, 0.99) / max(p(commit, 0.99), 0.001)))
    print(String(format: "  %d commits (members added) by a second process; the desk probes its store every %.0f ms",
                 rounds, DeskJobs.storeProbeInterval * 1000))
}

/// The bench's second process: for each line on stdin, adds a member in its own connection and
/// prints the monotonic times (ns, system-wide) before and after the commit.
func runCommitWriter(_ arguments: [String]) throws {
    guard let path = arguments.first else { throw DeskError.invalidInput("usage: commit-writer DATABASE") }
    let database = try AppDatabase.open(path: path)
    let club = Club(database: database, terminal: try database.terminalIdentity(name: "writer"))
    while let line = readLine() {
        let t0 = DispatchTime.now().uptimeNanoseconds
        try club.addMember(passId: "W-\(line)", username: "Written \(line)")
        let t1 = DispatchTime.now().uptimeNanoseconds
        print("\(t0) \(t1)")
        fflush(nil)
    }
}
