import CardReader
import Foundation
import MemberDeskTestSupport
import MemberKit
import Testing

/// Real pcscd, real vpcd reader, a virtual card over TCP, real SQLite. One vpcd port means one
/// card at a time, so these run one after another.
@Suite(.serialized)
struct PCSCEndToEndTests {
    let daemon: PCSCDaemon

    init() throws {
        daemon = try PCSCDaemon.shared()
        // A test that ends right after taking its card off leaves pcscd to notice it: the next
        // test starts once the reader shows no card, or its first tap would be no change at all.
        let empty = try Self.waitForEmptyReader()
        try #require(empty, "the virtual reader still shows a card")
    }

    static func waitForEmptyReader() throws -> Bool {
        let context = PCSCLiteContext()
        try context.establish()
        defer { context.release() }
        return waitUntil(timeout: 10) {
            var states = [ReaderState(reader: PCSCDaemon.virtualReader)]
            guard (try? context.getStatusChange(&states, timeoutMilliseconds: 200)) != nil else { return false }
            return states[0].flags.contains(.empty)
        }
    }

    static let uid: [UInt8] = [0x04, 0xA2, 0x3B, 0x1C, 0x55, 0x80, 0x01]
    static let uidPass = "04A23B1C558001"

    @Test func oneTapThroughScanBinaryIsOneCheckIn() throws {
        let binary = try DeskBinary()
        let scan = try RunningDesk(binary, ["scan", "--json", "--reader", PCSCDaemon.virtualReader])
        #expect(waitUntil { scan.stdout.contains("\"readerAttached\"") }, "scan never saw the reader: \(scan.stderr)")
        let card = VirtualCard(.uidOnly(uid: Self.uid))
        try card.insert()
        #expect(waitUntil { scan.stdout.contains("\"outcome\":\"enrolled\"") }, "stdout: \(scan.stdout) stderr: \(scan.stderr)")
        card.remove()
        #expect(waitUntil { scan.stdout.contains("\"cardRemoved\"") })
        #expect(scan.signal(SIGINT) == 0)

        let checkIns = scan.lines.compactMap(Self.json).filter { $0["outcome"] != nil }
        #expect(checkIns.count == 1)
        let line = try #require(checkIns.first)
        #expect(line["passId"] as? String == Self.uidPass)
        #expect(line["source"] as? String == "nfc")
        #expect(line["numVisits"] as? Int == 1)
        for key in ["time", "memberId", "username"] { #expect(line.keys.contains(key)) }
        #expect(scan.lines.allSatisfy { Self.json($0) != nil }, "every line is one JSON object")
        let database = try AppDatabase.open(path: binary.databasePath, readOnly: true)
        #expect(try database.member(idOrPass: Self.uidPass)?.numVisits == 1)
        // The virtual reader is not ACR122-class: feedback is skipped, silently.
        #expect(!card.commands.contains { $0.starts(with: [0xFF, 0x00, 0x40]) })
        #expect(!scan.stdout.contains("readerError"))
    }

    @Test func cardLeftOnTheReaderCountsOnce() throws {
        // A 1 s debounce: were the card seen again while it lies there, it would count again.
        let desk = try DeskUnderTest(debounce: 1)
        #expect(desk.waitForReader())
        let card = VirtualCard(.uidOnly(uid: Self.uid))
        try card.insert()
        #expect(waitUntil { desk.checkIns.count == 1 })
        // The scenario itself: the card really lies on the reader for five seconds.
        let liftAt = Date().addingTimeInterval(5)
        _ = waitUntil(timeout: 6, poll: 0.1) { Date() >= liftAt }
        card.remove()
        #expect(waitUntil { desk.count(.cardRemoved(reader: PCSCDaemon.virtualReader)) == 1 })
        #expect(desk.checkIns.count == 1)
        #expect(desk.count(.cardPresented(reader: PCSCDaemon.virtualReader, atr: card.atr)) == 1)
        #expect(try desk.visits(Self.uidPass) == 1)
    }

    @Test(arguments: [(debounce: 1.0, visits: 3), (debounce: 60.0, visits: 1)])
    func threeTapsOneAndAHalfSecondsApart(debounce: Double, visits: Int) throws {
        let desk = try DeskUnderTest(debounce: debounce)
        #expect(desk.waitForReader())
        let card = VirtualCard(.uidOnly(uid: Self.uid))
        var next = Date()
        for _ in 0..<3 {
            // Taps start 1.5 s apart: the schedule of the scenario, not a wait for the system.
            _ = waitUntil(timeout: 3, poll: 0.02) { Date() >= next }
            next = Date().addingTimeInterval(1.5)
            #expect(try desk.tap(card))
        }
        #expect(desk.checkIns.count == 3)
        #expect(try desk.visits(Self.uidPass) == visits)
        let counted = desk.checkIns.filter { $0.outcome.name != "duplicate" }.count
        #expect(counted == visits)
    }

    @Test func aLockedDatabaseNeverStallsTheReaderAndTheTapsCountOnceItIsFree() throws {
        let desk = try DeskUnderTest(debounce: 60)
        #expect(desk.waitForReader())
        let reader = PCSCDaemon.virtualReader
        let other: [UInt8] = [0x04, 0x5E, 0xC0, 0x4D, 0x11, 0x22, 0x33]
        let cards = [VirtualCard(.uidOnly(uid: Self.uid)), VirtualCard(.uidOnly(uid: other))]
        // Another process holds the write lock; Club's write waits for it (busy timeout 10 s).
        let lock = try SQLiteWriteLock(path: desk.directory.file("members.sqlite"))
        for (index, card) in cards.enumerated() {
            try card.insert()
            #expect(waitUntil { desk.readerEvents.filter { if case .cardPresented = $0 { true } else { false } }.count == index + 1 },
                    "tap \(index + 1) is seen while a check-in waits for the lock")
            // Lifted only once the monitor has read it (its UID, and the Type 4 NDEF application it
            // does not have): this test is about the lock, not a card leaving mid-read.
            #expect(waitUntil { card.answered >= 2 }, "card \(index + 1) was read")
            card.remove()
            #expect(waitUntil { desk.count(.cardRemoved(reader: reader)) == index + 1 },
                    "lifting card \(index + 1) is seen while a check-in waits for the lock")
        }
        #expect(desk.checkIns.isEmpty, "nothing is counted while the lock is held")
        #expect(try desk.visits(Self.uidPass) == 0)

        #expect(lock.release())
        #expect(waitUntil { desk.checkIns.count == 2 }, "failures: \(desk.failures)")
        #expect(desk.checkIns.map(\.passId) == [Self.uidPass, "045EC04D112233"], "in tap order")
        #expect(try desk.visits(Self.uidPass) == 1)
        #expect(try desk.visits("045EC04D112233") == 1)
        #expect(desk.failures.isEmpty)
    }

    @Test func ndefPassGivesPassIdAndUsernameFromPayload() throws {
        let desk = try DeskUnderTest(debounce: 60)
        #expect(desk.waitForReader())
        let card = VirtualCard(.ntag215(uid: Self.uid, text: "7|PASS-0042|c2lnbmVk|ann"))
        #expect(try desk.tap(card))
        let report = try #require(desk.checkIns.first)
        #expect(report.passId == "PASS-0042")
        #expect(report.source == .nfc)
        let member = try #require(try desk.database.member(idOrPass: "PASS-0042"))
        #expect(member.username == "ann")
        #expect(try desk.database.member(idOrPass: Self.uidPass) == nil)
        #expect(card.commands.contains(APDU.readPages(from: 3)))
    }

    /// Whatever the reader calls an ISO 14443-3A card, the tag itself says whether it holds NDEF.
    @Test(arguments: [VirtualCard.ultralightEV1ATR, VirtualCard.storageATR(name: 0x00F7), VirtualCard.storageATR(name: 0x0000)])
    func aPassIsReadFromAType2TagOfAnyCardName(atr: [UInt8]) throws {
        let desk = try DeskUnderTest(debounce: 60)
        #expect(desk.waitForReader())
        let card = VirtualCard(.ntag215(uid: Self.uid, text: "3|PASS-EV1|c2lnbmVk|bo"), atr: atr)
        #expect(try desk.tap(card))
        #expect(desk.checkIns.first?.passId == "PASS-EV1", "commands: \(card.commands.map { hex($0) })")
        #expect(try desk.database.member(idOrPass: "PASS-EV1")?.username == "bo")
        #expect(try desk.database.member(idOrPass: Self.uidPass) == nil)
        #expect(desk.failures.isEmpty)
    }

    @Test func aMifareClassicThatRefusesTheReadChecksInItsUID() throws {
        let desk = try DeskUnderTest(debounce: 60)
        #expect(desk.waitForReader())
        let card = VirtualCard(.mifareClassic(uid: [0x5A, 0x3C, 0x11, 0x02]))
        #expect(try desk.tap(card))
        #expect(desk.checkIns.first?.passId == "5A3C1102")
        #expect(try desk.visits("5A3C1102") == 1)
        // It was asked, and its 69 82 is an answer, not a failure.
        #expect(card.commands.contains(APDU.readPages(from: 3)))
        #expect(desk.failures.isEmpty, "failures: \(desk.failures)")
    }

    @Test func ntagWithoutPassFallsBackToUID() throws {
        let desk = try DeskUnderTest(debounce: 60)
        #expect(desk.waitForReader())
        let card = VirtualCard(.ntag215(uid: Self.uid, text: "hello, not a pass"))
        #expect(try desk.tap(card))
        #expect(desk.checkIns.first?.passId == Self.uidPass)
    }

    @Test(arguments: [
        (VirtualCard.Behaviour.failing(sw1: 0x6A, sw2: 0x81), "6A 81 to GET UID (function not supported)"),
        (.truncated, "answer to GET UID was truncated"),
        // vpcd turns a card gone mid-command into an empty answer or SCARD_E_NOT_TRANSACTED, as the
        // timing falls: either way the message names the command and asks for another tap.
        (.removedMidRead(uid: uid), "READ BINARY page 3"),
        (.ntag215Area(uid: uid, area: [0x03, 0xFF, 0x10, 0x00, 0xD1]), "NDEF TLV says 4096 bytes"),
    ])
    func badCardsGiveAClearEventAndNoCheckIn(behaviour: VirtualCard.Behaviour, message: String) throws {
        let desk = try DeskUnderTest(debounce: 60)
        #expect(desk.waitForReader())
        let card = VirtualCard(behaviour)
        #expect(try desk.tap(card, expectCheckIn: false))
        // One line, the reader named once: "Virtual PCD 00 00: <what failed>".
        let reader = PCSCDaemon.virtualReader + ": "
        #expect(desk.failures.contains { $0.hasPrefix(reader) && !$0.dropFirst(reader.count).contains(reader) && $0.contains(message) },
                "failures: \(desk.failures) commands: \(card.commands.map { hex($0) })")
        if case .removedMidRead = behaviour {
            #expect(desk.failures.contains { $0.hasSuffix("tap again") || $0.contains("tap again (SCARD_") })
        }
        #expect(desk.checkIns.isEmpty)
        #expect(try desk.database.memberCount() == 0)
        // The monitor keeps running: the next good tap counts.
        #expect(try desk.tap(VirtualCard(.uidOnly(uid: Self.uid))))
        #expect(try desk.visits(Self.uidPass) == 1)
    }

    @Test func scanReconnectsAfterPcscdRestart() throws {
        guard daemon.isOurs else {
            try Test.cancel("pcscd was already running and was not started by these tests, so it cannot be restarted")
        }
        let binary = try DeskBinary()
        try binary.writeConfig("debounce_seconds = 0\n")
        let scan = try RunningDesk(binary, ["scan", "--json"])
        defer { _ = scan.signal(SIGTERM) }
        #expect(waitUntil { scan.stdout.contains("\"readerAttached\"") }, "\(scan.stderr)")
        let card = VirtualCard(.uidOnly(uid: Self.uid))
        try card.insert()
        #expect(waitUntil { scan.stdout.contains("\"numVisits\":1") })
        card.remove()
        #expect(waitUntil { scan.stdout.contains("\"cardRemoved\"") })

        daemon.kill()
        #expect(waitUntil { scan.stdout.contains("\"available\":false") })
        let readers = try binary.run(["readers"])
        #expect(readers.status == 1)
        #expect(readers.stderr == "memberdesk: pcscd is not running (SCARD_E_NO_SERVICE): start it with 'pcscd' (or 'systemctl start pcscd.socket')\n")
        try daemon.start()
        #expect(waitUntil { scan.stdout.components(separatedBy: "\"available\":true").count == 3 },
                "scan did not reconnect: \(scan.stdout)")
        #expect(waitUntil { scan.stdout.components(separatedBy: "\"readerAttached\"").count >= 4 })
        try card.insert()
        #expect(waitUntil { scan.stdout.contains("\"numVisits\":2") }, "\(scan.stdout)")
        card.remove()
        #expect(scan.signal(SIGTERM) == 0)
        let database = try AppDatabase.open(path: binary.databasePath, readOnly: true)
        #expect(try database.member(idOrPass: Self.uidPass)?.numVisits == 2)
    }

    @Test func readersCommandShowsTheCardAndItsATR() throws {
        let binary = try DeskBinary()
        let card = VirtualCard(.ntag215(uid: Self.uid, text: "x"))
        try card.insert()
        defer { card.remove() }
        var lines: [[String: Any]] = []
        let seen = try waitUntil {
            lines = try binary.run(["readers", "--json"]).stdout.split(separator: "\n").compactMap { Self.json(String($0)) }
            // Until pcscd polls the reader, it may still report the previous card.
            return lines.contains { $0["reader"] as? String == PCSCDaemon.virtualReader && $0["cardPresent"] as? Bool == true
                && $0["atr"] as? String == hex(VirtualCard.ntagATR) }
        }
        #expect(seen)
        let line = try #require(lines.first { $0["reader"] as? String == PCSCDaemon.virtualReader })
        #expect(line["atr"] as? String == hex(VirtualCard.ntagATR))
        #expect(line["card"] as? String == "MIFARE Ultralight / NTAG21x")
    }

    static func json(_ line: String) -> [String: Any]? {
        (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
    }
}
