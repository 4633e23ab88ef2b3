import CardReader
import Foundation
import MemberDeskTestSupport
import MemberKit
import SecureCards
import Testing

/// Secure cards on real pcscd and vpcd: the virtual NTAG 424 DNA serves a fresh SUN URL on every
/// read; a copied read is refused; `memberdesk cards personalise` makes a fresh tag a member's card.
extension PCSCEndToEndTests {
    static let sunUID: [UInt8] = [0x04, 0x51, 0x7A, 0x2C, 0x6B, 0x12, 0x90]
    static let sunMaster = HexBytes.parse("C9EB67DF090AFF47C3B19A2516680B9D")!
    static let sunURL = "https://club.example/c?picc_data=\(String(repeating: "0", count: 32))&cmac=\(String(repeating: "0", count: 16))"

    @Test func secureCardTapsCountAndACopiedReadIsRefused() throws {
        let desk = try DeskUnderTest(debounce: 0, applications: [Type4NDEFReader(verifier: SUNVerifier(keys: .master(Self.sunMaster)))])
        #expect(desk.waitForReader())
        let tag = try VirtualNTAG424.personalised(uid: Self.sunUID, keys: .master(Self.sunMaster), url: Self.sunURL)
        let card = VirtualCard(.ntag424(tag))
        #expect(try desk.tap(card))
        // Someone reads the card with a phone and writes what it said onto a blank tag.
        let copied = try tag.readURL()
        #expect(try desk.tap(card))
        #expect(desk.checkIns.map(\.outcome.name) == ["enrolled", "checkedIn"], "failures: \(desk.failures)")
        #expect(desk.checkIns.allSatisfy { $0.passId == "SUN:04517A2C6B1290" && $0.secure == true })
        #expect(try desk.visits("SUN:04517A2C6B1290") == 2)
        let copy = VirtualCard(.ntag424(VirtualNTAG424.fixedURL(uid: [0x04, 0x99, 0x88, 0x77, 0x66, 0x55, 0x44], url: copied)))
        #expect(try desk.tap(copy))
        guard case .cardRefused(_, .replay) = desk.checkIns.last?.outcome else { Issue.record("got \(String(describing: desk.checkIns.last?.outcome))"); return }
        #expect(try desk.visits("SUN:04517A2C6B1290") == 2)
        #expect(try desk.database.lastSecureCounter(uid: "04517A2C6B1290") == 3)
    }

    @Test func aForgedOrCutSUNReadIsAnEventAndTheMonitorGoesOn() throws {
        let desk = try DeskUnderTest(debounce: 0, applications: [Type4NDEFReader(verifier: SUNVerifier(keys: .master(Self.sunMaster)))])
        #expect(desk.waitForReader())
        let forged = VirtualNTAG424.fixedURL(uid: Self.sunUID, url: "https://club.example/c?picc_data=EF963FF7828658A599F3041510671E88&cmac=94EED9EE65337086")
        #expect(try desk.tap(VirtualCard(.ntag424(forged)), expectCheckIn: false))
        #expect(desk.failures.last?.contains("secure card refused") == true, "failures: \(desk.failures)")
        var quirks = VirtualNTAG424.Quirks()
        quirks.liftAtCommand = 5
        let lifted = try VirtualNTAG424.personalised(uid: Self.sunUID, keys: .master(Self.sunMaster), url: Self.sunURL, quirks: quirks)
        #expect(try desk.tap(VirtualCard(.ntag424(lifted)), expectCheckIn: false))
        #expect(desk.checkIns.isEmpty)
        // The monitor goes on: a good tag still checks in.
        let good = try VirtualNTAG424.personalised(uid: Self.sunUID, keys: .master(Self.sunMaster), url: Self.sunURL)
        #expect(try desk.tap(VirtualCard(.ntag424(good))))
        #expect(desk.checkIns.count == 1 && desk.checkIns[0].secure == true)
    }

    @Test func personaliseThroughTheBinaryThenScanChecksTheMemberIn() throws {
        let binary = try DeskBinary()
        let keyFile = binary.home.file("sun-master.key")
        try (HexBytes.string(Self.sunMaster) + "\n").write(toFile: keyFile, atomically: true, encoding: .utf8)
        chmod(keyFile, 0o644)
        try binary.writeConfig("""
            [cards]
            sun_master_key_file = "\(keyFile)"
            sun_url = "\(Self.sunURL)"
            """)
        #expect(try binary.run(["members", "add", "--pass", "OLD-CARD-7", "--name", "Ada"]).status == 0)
        let tag = VirtualNTAG424(uid: Self.sunUID)
        let card = VirtualCard(.ntag424(tag))
        try card.insert()
        defer { card.remove() }
        #expect(waitUntil { (try? ReaderSnapshot.all(PCSCLiteContext()))?.contains { $0.cardPresent } == true })
        // A key file others may read is refused before the tag is touched.
        let open = try binary.run(["cards", "personalise", "--member", "OLD-CARD-7"])
        #expect(open.status == 1 && open.stderr.contains("chmod 600"), "\(open)")
        #expect(tag.sdmSettings == nil)
        chmod(keyFile, 0o600)
        let done = try binary.run(["cards", "personalise", "--member", "OLD-CARD-7", "--reader", PCSCDaemon.virtualReader])
        #expect(done.status == 0, "\(done)")
        #expect(done.stdout.contains("pass SUN:04517A2C6B1290, read back and verified"))
        #expect(done.stdout.contains("Ada's pass is now SUN:04517A2C6B1290"))
        let again = try binary.run(["cards", "personalise", "--reader", PCSCDaemon.virtualReader])
        #expect(again.status == 1 && again.stderr.contains("not factory-fresh"), "\(again)")
        card.remove()
        #expect(waitUntil { (try? ReaderSnapshot.all(PCSCLiteContext()))?.contains { $0.cardPresent } == false })

        let scan = try RunningDesk(binary, ["scan", "--json", "--reader", PCSCDaemon.virtualReader])
        #expect(waitUntil { scan.stdout.contains("\"readerAttached\"") }, "scan never saw the reader: \(scan.stderr)")
        try card.insert()
        #expect(waitUntil { scan.stdout.contains("\"outcome\":\"checkedIn\"") }, "stdout: \(scan.stdout) stderr: \(scan.stderr)")
        card.remove()
        #expect(scan.signal(SIGINT) == 0)
        let line = try #require(scan.lines.compactMap(Self.json).first { $0["outcome"] != nil })
        #expect(line["passId"] as? String == "SUN:04517A2C6B1290")
        #expect(line["secure"] as? Bool == true)
        #expect(line["username"] as? String == "Ada")
    }
}
