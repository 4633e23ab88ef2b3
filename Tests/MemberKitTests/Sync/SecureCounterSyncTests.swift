import Foundation
import MemberDeskTestSupport
@testable import MemberKit
import Testing

/// Two desks through one folder: a SUN read used at one is refused at the other once the folder
/// has been synced; one admitted before that shows in `sync status` after the merge.
@Suite("SUN counters through the folder")
struct SecureCounterSyncTests {
    final class Desks: TwoSyncDesks {
        init() throws { try super.init(folderPrefix: "sun", settings: ClubSettings(debounce: 0)) }

        func tap(_ desk: SyncTestTerminal, _ counter: UInt32) throws -> CheckInOutcome {
            let secure = SecureTap(uid: "04DE5F1EACC040", counter: counter)
            return try desk.club.checkIn(passId: secure.passId, source: .nfc, secure: secure).outcome
        }
    }

    @Test("a read used at desk A is refused at desk B after one sync")
    func refusedAfterSync() throws {
        let desks = try Desks()
        guard case .enrolled = try desks.tap(desks.a, 7) else { Issue.record("A admits"); return }
        _ = try desks.syncA.pass()
        let pass = try desks.syncB.pass()
        #expect(pass.read.errors.isEmpty)
        guard case .cardRefused(_, .replay) = try desks.tap(desks.b, 7) else { Issue.record("B must refuse the replay"); return }
        guard case .checkedIn = try desks.tap(desks.b, 8) else { Issue.record("B admits the next read"); return }
        #expect(try desks.syncB.status().replays.isEmpty)
    }

    @Test("a replay admitted before the desks synced is found at the merge and shown by sync status, at both desks")
    func admittedReplayFound() throws {
        let desks = try Desks()
        guard case .enrolled = try desks.tap(desks.a, 7) else { Issue.record("A admits"); return }
        // B has not synced: it admits the same read once.
        guard case .enrolled = try desks.tap(desks.b, 7) else { Issue.record("B admits, not knowing"); return }
        _ = try desks.syncA.pass()
        let merged = try desks.syncB.pass()
        #expect(merged.read.replaysFound.map(\.counter) == [7])
        let status = try desks.syncB.status()
        #expect(status.replays.count == 1 && status.replays[0].terminals == ["DA", "DB"] && status.replays[0].uid == "04DE5F1EACC040")
        _ = try desks.syncA.pass()
        #expect(try desks.syncA.status().replays.map(\.counter) == [7])
        // Found once: later passes add nothing.
        #expect(try desks.syncB.pass().read.replaysFound.isEmpty)
    }

    @Test("a bad counters file is reported once and changes nothing", arguments: [
        #"{"terminalId":"DA","counters":[{"uid":"04de","counter":1,"recent":[1]}]}"#,
        #"{"terminalId":"DA","counters":[{"uid":"04DE5F1EACC040","counter":16777216,"recent":[]}]}"#,
        #"{"terminalId":"DA","counters":[{"uid":"04DE5F1EACC040","counter":3,"recent":[4]}]}"#,
        #"{"terminalId":"DX","counters":[]}"#,
        #"{"terminalId":"DA","counters":"#,
    ])
    func badFile(text: String) throws {
        let desks = try Desks()
        let directory = desks.folder + "/DA"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: directory + "/" + SecureCounterFile.fileName))
        let first = try desks.syncB.pass()
        #expect(first.read.errors.count == 1 && first.read.errors[0].contains(SecureCounterFile.fileName))
        #expect(try desks.b.database.allSecureCounters().isEmpty)
        #expect(try desks.syncB.pass().read.errors.isEmpty)
    }
}
