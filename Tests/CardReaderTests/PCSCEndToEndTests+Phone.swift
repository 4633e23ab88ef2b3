import CardReader
import Crypto
import Foundation
import MemberDeskTestSupport
import MemberKit
import Testing
import WalletReading

/// A phone held to the reader offers a random 4-byte UID (08…), a new one at every tap: it is
/// refused as `noWalletPass`, never enrolled, whatever the enrolment policy.
extension PCSCEndToEndTests {
    @Test func aPhonesRandomUIDIsRefusedAndNeverEnrolled() throws {
        let binary = try DeskBinary()
        let scan = try RunningDesk(binary, ["scan", "--json", "--reader", PCSCDaemon.virtualReader])
        #expect(waitUntil { scan.stdout.contains("\"readerAttached\"") }, "scan never saw the reader: \(scan.stderr)")
        let phones: [[UInt8]] = [[0x08, 0x3A, 0x91, 0x5C], [0x08, 0x01, 0x02, 0x03]]
        for (index, uid) in phones.enumerated() {
            let phone = VirtualCard(.uidOnly(uid: uid))
            try phone.insert()
            let pass = PassIdNormalizer.uid(uid)
            #expect(waitUntil { scan.stdout.contains("\"passId\":\"\(pass)\"") }, "stdout: \(scan.stdout) stderr: \(scan.stderr)")
            phone.remove()
            #expect(waitUntil { scan.stdout.components(separatedBy: "\"cardRemoved\"").count - 1 == index + 1 })
        }
        // A card with a real UID still enrols as before.
        let card = VirtualCard(.uidOnly(uid: Self.uid))
        try card.insert()
        #expect(waitUntil { scan.stdout.contains("\"outcome\":\"enrolled\"") }, "stdout: \(scan.stdout)")
        card.remove()
        #expect(scan.signal(SIGINT) == 0)

        let outcomes = scan.lines.compactMap(Self.json).filter { $0["outcome"] != nil }
        #expect(outcomes.count == 3)
        for line in outcomes.prefix(2) {
            #expect(line["outcome"] as? String == "refused")
            #expect(line["reason"] as? String == "noWalletPass")
        }
        let database = try AppDatabase.open(path: binary.databasePath, readOnly: true)
        #expect(try database.member(idOrPass: "083A915C") == nil)
        #expect(try database.member(idOrPass: "08010203") == nil)
        #expect(try database.member(idOrPass: Self.uidPass)?.numVisits == 1)
    }
}

/// A phone held to the reader: real pcscd and vpcd, `VirtualPhone` answering as Apple Wallet does,
/// real SQLite. Part of the serialized vpcd suite: one virtual reader, one card at a time.
extension PCSCEndToEndTests {
    static let passType = "pass.org.example.club"
    static let readerKey = P256.KeyAgreement.PrivateKey()

    static var wallet: WalletReaders { WalletReaders(apple: VASSetup(passTypeIds: [passType], keys: [readerKey])) }

    static func member(_ desk: DeskUnderTest, pass: String) throws -> MemberRecord {
        try desk.club.addMember(passId: pass, username: "Ann")
    }

    @Test func aPhoneWithNoPassOfOursIsOneRefusalAndNoMember() throws {
        let desk = try DeskUnderTest(debounce: 60, wallet: Self.wallet)
        #expect(desk.waitForReader())
        let phone = VirtualPhone(passes: [])
        #expect(try desk.tap(phone.card()))
        let report = try #require(desk.checkIns.last)
        guard case .walletRefused(.noWalletPass, _) = report.outcome else {
            Issue.record("outcome \(report.outcome.name)"); return
        }
        #expect(report.outcome.message == "No Test club pass on this phone")
        #expect(report.source == .wallet && report.wallet == .apple)
        #expect(try desk.database.memberCount() == 0)
        #expect(try desk.database.member(idOrPass: PassIdNormalizer.uid(phone.uid)) == nil)
    }

    @Test func aRandomUIDAloneIsNeverEnrolledEvenWithoutWalletSetUp() throws {
        // No [wallet] at all, enrolment auto: before this, the phone became a member under its UID.
        let desk = try DeskUnderTest(debounce: 60)
        #expect(desk.waitForReader())
        let phone = VirtualPhone(hasWallet: false)
        #expect(try desk.tap(phone.card()))
        #expect(try desk.tap(phone.card()))
        #expect(desk.checkIns.count == 2)
        for report in desk.checkIns {
            guard case .cardRefused(_, .noWalletPass) = report.outcome else { Issue.record("outcome \(report.outcome.name)"); continue }
            #expect(report.wallet == nil)
        }
        #expect(try desk.database.memberCount() == 0)
    }

    @Test func aPassOfOursIsCheckedInAsTheMemberWithSourceWallet() throws {
        let desk = try DeskUnderTest(debounce: 60, wallet: Self.wallet)
        #expect(desk.waitForReader())
        let member = try Self.member(desk, pass: "ANN-1")
        let phone = VirtualPhone(passes: [.init(passTypeId: Self.passType, message: "ANN-1", readerKey: Self.readerKey.publicKey)])
        #expect(try desk.tap(phone.card()))
        let report = try #require(desk.checkIns.last)
        guard case .checkedIn(let checked, 1) = report.outcome else { Issue.record("outcome \(report.outcome.name)"); return }
        #expect(checked.memberId == member.memberId)
        #expect(report.source == .wallet && report.wallet == .apple && report.passId == "ANN-1")
        #expect(try desk.database.memberCount() == 1)
        let audit = try desk.database.auditEntries(AuditQuery(action: .visit)).last
        #expect(audit?.method == .wallet && audit?.detail["wallet"] == "apple")
    }

    @Test func aPhoneWithAnotherClubsPassIsRefused() throws {
        let desk = try DeskUnderTest(debounce: 60, wallet: Self.wallet)
        #expect(desk.waitForReader())
        _ = try Self.member(desk, pass: "ANN-1")
        let phone = VirtualPhone(passes: [.init(passTypeId: "pass.com.other.gym", message: "ANN-1", readerKey: Self.readerKey.publicKey)])
        #expect(try desk.tap(phone.card()))
        guard case .walletRefused(.noWalletPass, _) = desk.checkIns.last?.outcome else { Issue.record("not refused"); return }
        #expect(try desk.visits("ANN-1") == 0)
    }

    @Test func aLockedPhoneIsAskedToConfirm() throws {
        let desk = try DeskUnderTest(debounce: 60, wallet: Self.wallet)
        #expect(desk.waitForReader())
        _ = try Self.member(desk, pass: "ANN-1")
        let phone = VirtualPhone(passes: [.init(passTypeId: Self.passType, message: "ANN-1", readerKey: Self.readerKey.publicKey)],
                                 mode: .locked)
        #expect(try desk.tap(phone.card()))
        let report = try #require(desk.checkIns.last)
        #expect(report.outcome.message == "Confirm on the phone, then hold it here again")
        #expect(try desk.visits("ANN-1") == 0)
    }

    @Test func aStaleCryptogramIsRefused() throws {
        let desk = try DeskUnderTest(debounce: 60, wallet: Self.wallet)
        #expect(desk.waitForReader())
        _ = try Self.member(desk, pass: "ANN-1")
        let phone = VirtualPhone(passes: [.init(passTypeId: Self.passType, message: "ANN-1", readerKey: Self.readerKey.publicKey)],
                                 timeOffset: -600)
        #expect(try desk.tap(phone.card()))
        guard case .walletRefused(.stale, _) = desk.checkIns.last?.outcome else { Issue.record("not stale"); return }
        #expect(try desk.visits("ANN-1") == 0)
    }

    @Test func theSameCryptogramAgainIsAReplay() throws {
        // Debounce 0: the second tap is refused as a replay, not as a duplicate.
        let desk = try DeskUnderTest(debounce: 0, wallet: Self.wallet)
        #expect(desk.waitForReader())
        _ = try Self.member(desk, pass: "ANN-1")
        let phone = VirtualPhone(passes: [.init(passTypeId: Self.passType, message: "ANN-1", readerKey: Self.readerKey.publicKey)])
        #expect(try desk.tap(phone.card()))
        #expect(desk.checkIns.last?.outcome.name == "checkedIn")
        phone.set(mode: .replay(try #require(phone.cryptogramsSent.last)))
        #expect(try desk.tap(phone.card()))
        guard case .walletRefused(.replay, _) = desk.checkIns.last?.outcome else { Issue.record("not a replay"); return }
        #expect(try desk.visits("ANN-1") == 1)
    }

    @Test func aCryptogramForAnotherKeyIsAReaderErrorAndNoVisit() throws {
        let desk = try DeskUnderTest(debounce: 60, wallet: Self.wallet)
        #expect(desk.waitForReader())
        _ = try Self.member(desk, pass: "ANN-1")
        let phone = VirtualPhone(passes: [.init(passTypeId: Self.passType, message: "ANN-1",
                                                readerKey: P256.KeyAgreement.PrivateKey().publicKey)])
        #expect(try desk.tap(phone.card(), expectCheckIn: false))
        #expect(desk.failures.last?.contains("none of ours") == true, "\(desk.failures)")
        #expect(desk.checkIns.isEmpty)
        #expect(try desk.visits("ANN-1") == 0)
    }

    @Test func scanJSONSaysWalletAndNeverEnrolsThePhone() throws {
        let binary = try DeskBinary()
        let keyFile = binary.home.file("reader-key.pem")
        try Self.readerKey.pemRepresentation.write(toFile: keyFile, atomically: true, encoding: .utf8)
        try binary.writeConfig("""
            [wallet]
            organization = "Harbour Gym"
            [wallet.apple]
            pass_type_id = "\(Self.passType)"
            nfc_key_file = "\(keyFile)"
            """)
        #expect(try binary.run(["members", "add", "--pass", "ANN-1", "--name", "Ann"]).status == 0)
        let scan = try RunningDesk(binary, ["scan", "--json", "--reader", PCSCDaemon.virtualReader])
        #expect(waitUntil { scan.stdout.contains("\"readerAttached\"") }, "scan never saw the reader: \(scan.stderr)")
        let member = VirtualPhone(passes: [.init(passTypeId: Self.passType, message: "ANN-1", readerKey: Self.readerKey.publicKey)])
        let stranger = VirtualPhone(passes: [])
        for phone in [member, stranger] {
            let before = scan.lines.count { $0.contains("\"outcome\"") }
            let card = phone.card()
            try card.insert()
            #expect(waitUntil { scan.lines.count { $0.contains("\"outcome\"") } > before }, "stdout: \(scan.stdout)")
            card.remove()
        }
        #expect(scan.signal(SIGINT) == 0)
        let outcomes = scan.lines.compactMap(Self.json).filter { $0["outcome"] != nil }
        #expect(outcomes.count == 2)
        #expect(outcomes.first?["outcome"] as? String == "checkedIn")
        #expect(outcomes.first?["source"] as? String == "wallet" && outcomes.first?["wallet"] as? String == "apple")
        #expect(outcomes.first?["passId"] as? String == "ANN-1")
        #expect(outcomes.last?["outcome"] as? String == "refused" && outcomes.last?["reason"] as? String == "noWalletPass")
        #expect(outcomes.last?["message"] as? String == "No Harbour Gym pass on this phone")
        let database = try AppDatabase.open(path: binary.databasePath, readOnly: true)
        #expect(try database.memberCount() == 1)
    }
}
