import CardReader
import Crypto
import Foundation
import MemberDeskTestSupport
import MemberKit
import Testing
import WalletReading

/// An Android phone held to the reader: real pcscd and vpcd, `VirtualGooglePhone` answering Smart
/// Tap 2.1 as Google Wallet does (every pass answer in parts, so GET MORE DATA is always used),
/// real SQLite. Part of the serialized vpcd suite.
extension PCSCEndToEndTests {
    static let collector: UInt32 = 20_180_608
    static let collectorKey = P256.Signing.PrivateKey()

    static var googleWallet: WalletReaders {
        WalletReaders(google: SmartTapSetup(collectorId: collector, keyVersion: 1, key: collectorKey))
    }

    static func googlePhone(_ pass: String = "ANN-1", collector: UInt32 = collector,
                            mode: VirtualGooglePhone.Mode = .present) -> VirtualGooglePhone {
        VirtualGooglePhone(passes: [.init(collectorId: collector, redemptionValue: pass, collectorKey: collectorKey.publicKey)], mode: mode)
    }

    @Test func aGooglePassIsCheckedInWithSourceWalletGoogle() throws {
        // Apple set up too: the Android phone answers Apple's SELECT as AndroidPay, and Google reads it.
        var wallet = Self.googleWallet
        wallet.apple = VASSetup(passTypeIds: [Self.passType], keys: [Self.readerKey])
        let desk = try DeskUnderTest(debounce: 60, wallet: wallet)
        #expect(desk.waitForReader())
        let member = try Self.member(desk, pass: "ANN-1")
        let phone = Self.googlePhone()
        #expect(try desk.tap(phone.card()))
        let report = try #require(desk.checkIns.last)
        guard case .checkedIn(let checked, 1) = report.outcome else { Issue.record("outcome \(report.outcome.name) \(desk.failures)"); return }
        #expect(checked.memberId == member.memberId)
        #expect(report.source == .wallet && report.wallet == .google && report.passId == "ANN-1")
        let audit = try desk.database.auditEntries(AuditQuery(action: .visit)).last
        #expect(audit?.method == .wallet && audit?.detail["wallet"] == "google")
        // And an iPhone still reads as Apple on the same desk.
        _ = try Self.member(desk, pass: "BOB-2")
        let iPhone = VirtualPhone(passes: [.init(passTypeId: Self.passType, message: "BOB-2", readerKey: Self.readerKey.publicKey)])
        #expect(try desk.tap(iPhone.card()))
        #expect(desk.checkIns.last?.wallet == .apple && desk.checkIns.last?.passId == "BOB-2")
    }

    @Test func aGooglePhoneWithNoPassOfOursIsRefused() throws {
        let desk = try DeskUnderTest(debounce: 60, wallet: Self.googleWallet)
        #expect(desk.waitForReader())
        let phone = Self.googlePhone(collector: 1234)
        #expect(try desk.tap(phone.card()))
        let report = try #require(desk.checkIns.last)
        guard case .walletRefused(.noWalletPass, _) = report.outcome else { Issue.record("outcome \(report.outcome.name)"); return }
        #expect(report.outcome.message == "No Test club pass on this phone" && report.wallet == .google)
        #expect(try desk.database.memberCount() == 0)
    }

    @Test func aPickerOnThePhoneAsksForAnotherTap() throws {
        let desk = try DeskUnderTest(debounce: 60, wallet: Self.googleWallet)
        #expect(desk.waitForReader())
        _ = try Self.member(desk, pass: "ANN-1")
        let phone = Self.googlePhone(mode: .picker)
        #expect(try desk.tap(phone.card()))
        let report = try #require(desk.checkIns.last)
        guard case .walletRefused(.choosePassOnPhone, _) = report.outcome else { Issue.record("outcome \(report.outcome.name)"); return }
        #expect(report.outcome.message == "Choose the pass on the phone, then hold it here again")
        #expect(try desk.visits("ANN-1") == 0)
        // The member picks the pass and taps again.
        phone.set(mode: .present)
        #expect(try desk.tap(phone.card()))
        #expect(desk.checkIns.last?.outcome.name == "checkedIn")
    }

    @Test func aWrongCollectorKeyIsSaidClearlyAndNoVisit() throws {
        let desk = try DeskUnderTest(debounce: 60, wallet: WalletReaders(google: SmartTapSetup(
            collectorId: Self.collector, keyVersion: 1, key: P256.Signing.PrivateKey())))
        #expect(desk.waitForReader())
        _ = try Self.member(desk, pass: "ANN-1")
        #expect(try desk.tap(Self.googlePhone().card(), expectCheckIn: false))
        let failure = try #require(desk.failures.last)
        #expect(failure.contains("Google Wallet did not accept our Smart Tap signature (95 00"), "\(failure)")
        #expect(failure.contains("wallet.google.collector_id"))
        #expect(desk.checkIns.isEmpty)
        #expect(try desk.visits("ANN-1") == 0)
    }

    @Test func aReplayedGoogleAnswerIsRefusedAndNoVisit() throws {
        // Debounce 0: only the replay could stop the second visit. A recorded answer was encrypted for
        // the last session's keys; this tap's session has new ones, so its HMAC cannot verify, and
        // its digest, claimed at the first tap, says it is a replay.
        let desk = try DeskUnderTest(debounce: 0, wallet: Self.googleWallet)
        #expect(desk.waitForReader())
        _ = try Self.member(desk, pass: "ANN-1")
        let phone = Self.googlePhone()
        #expect(try desk.tap(phone.card()))
        #expect(desk.checkIns.last?.outcome.name == "checkedIn")
        let recorded = try #require(phone.answersSent.last)
        phone.set(mode: .replay(recorded))
        #expect(try desk.tap(phone.card()))
        guard case .walletRefused(.replay, _) = desk.checkIns.last?.outcome else {
            Issue.record("not refused as a replay: \(String(describing: desk.checkIns.last?.outcome)) \(desk.failures)")
            return
        }
        #expect(desk.checkIns.last?.wallet == .google)
        #expect(try desk.visits("ANN-1") == 1)

        // An answer that does not verify and was never read before (one bit of its HMAC changed): a reader error.
        var tampered = recorded
        tampered[tampered.count - 1] ^= 0x01  // the last byte of the HMAC
        phone.set(mode: .replay(tampered))
        #expect(try desk.tap(phone.card(), expectCheckIn: false))
        #expect(desk.failures.last?.contains("does not verify") == true, "\(desk.failures)")
        #expect(desk.checkIns.count == 2)
        #expect(try desk.visits("ANN-1") == 1)
    }

    @Test(arguments: [VirtualGooglePhone.Mode.liftedBeforeGetData, .liftedMidAnswer])
    func aPhoneLiftedMidExchangeIsAReaderEventAndTheMonitorGoesOn(mode: VirtualGooglePhone.Mode) throws {
        let desk = try DeskUnderTest(debounce: 60, wallet: Self.googleWallet)
        #expect(desk.waitForReader())
        _ = try Self.member(desk, pass: "ANN-1")
        let phone = Self.googlePhone(mode: mode)
        #expect(try desk.tap(phone.card(), expectCheckIn: false))
        #expect(desk.checkIns.isEmpty)
        #expect(try desk.visits("ANN-1") == 0)
        // Lifted before GET DATA's answer, or after its first part (so GET MORE DATA was asked).
        let command = if case .liftedMidAnswer = mode { "GET MORE DATA" } else { "GET DATA" }
        #expect(desk.failures.last?.contains("no answer to \(command) ") == true, "\(desk.failures)")
        // Held again, whole: the monitor is still there.
        phone.set(mode: .present)
        #expect(try desk.tap(phone.card()))
        #expect(desk.checkIns.last?.outcome.name == "checkedIn")
    }

    @Test func scanJSONSaysWalletGoogle() throws {
        let binary = try DeskBinary()
        let keyFile = binary.home.file("smart-tap-key.pem")
        try Self.collectorKey.pemRepresentation.write(toFile: keyFile, atomically: true, encoding: .utf8)
        try binary.writeConfig("""
            [wallet]
            organization = "Harbour Gym"
            [wallet.google]
            collector_id = "\(Self.collector)"
            smart_tap_key_file = "\(keyFile)"
            smart_tap_key_version = 1
            """)
        #expect(try binary.run(["members", "add", "--pass", "ANN-1", "--name", "Ann"]).status == 0)
        // `readers --json` says which wallets are read.
        let reader = try #require(try binary.run(["readers", "--json"]).stdout.split(separator: "\n").compactMap { Self.json(String($0)) }
            .first { $0["reader"] as? String == PCSCDaemon.virtualReader })
        #expect((reader["google"] as? [String: Any])?["state"] as? String == "ready")
        #expect((reader["google"] as? [String: Any])?["detail"] as? String == "Google passes of collector 20180608 are read with key version 1")
        #expect((reader["apple"] as? [String: Any])?["state"] as? String == "off")
        let scan = try RunningDesk(binary, ["scan", "--json", "--reader", PCSCDaemon.virtualReader])
        #expect(waitUntil { scan.stdout.contains("\"readerAttached\"") }, "scan never saw the reader: \(scan.stderr)")
        for phone in [Self.googlePhone(), Self.googlePhone(collector: 1234), Self.googlePhone(mode: .picker)] {
            let before = scan.lines.count { $0.contains("\"outcome\"") }
            let card = phone.card()
            try card.insert()
            #expect(waitUntil { scan.lines.count { $0.contains("\"outcome\"") } > before }, "stdout: \(scan.stdout)")
            card.remove()
        }
        #expect(scan.signal(SIGINT) == 0)
        let outcomes = scan.lines.compactMap(Self.json).filter { $0["outcome"] != nil }
        #expect(outcomes.count == 3)
        #expect(outcomes.first?["outcome"] as? String == "checkedIn" && outcomes.first?["passId"] as? String == "ANN-1")
        #expect(outcomes.allSatisfy { $0["source"] as? String == "wallet" && $0["wallet"] as? String == "google" })
        #expect(outcomes[1]["reason"] as? String == "noWalletPass" && outcomes[1]["message"] as? String == "No Harbour Gym pass on this phone")
        #expect(outcomes[2]["reason"] as? String == "choosePassOnPhone")
        let database = try AppDatabase.open(path: binary.databasePath, readOnly: true)
        #expect(try database.memberCount() == 1)
    }
}
