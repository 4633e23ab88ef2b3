import CardReader
import Crypto
import Foundation
import MemberDeskTestSupport
import MemberKit
import WalletReading

/// A phone held to the reader through real pcscd and the virtual phones on vpcd, for each wallet:
/// from SCardGetStatusChange returning in the monitor to the visit committed (GET UID, the card
/// applications' SELECTs, then Apple's SELECT OSE.VAS.01 and GET VAS DATA with the cryptogram
/// opened, or Google's SELECTs, NEGOTIATE SECURE SESSION with its signature and key agreement,
/// GET DATA and GET MORE DATA with the bundle verified and opened; then the replay claim and the
/// commit). The reference, in the same run: a bare PC/SC client that, on each tap of the same
/// phone, connects and sends exactly the APDUs the monitor sent on its last tap, and nothing else.
/// The phone does the same work for both (a fresh cryptogram, or a session with its own key
/// agreement and encryption), so the ratio is memberdesk's share.
func runWalletBench(_ arguments: [String]) throws {
    let taps = max(2, Int(arguments.first ?? "") ?? 200)
    let rig = try PCSCTapRig()
    print("wallet-reading: \(taps) taps of a phone for each wallet (vpcd), pcscd \(rig.daemon.isOurs ? "started by the bench" : "already running")")
    try benchApple(rig, taps: taps)
    try benchGoogle(rig, taps: taps)
}

private func benchClub(_ directory: TemporaryDirectory, member: String) throws -> (Club, AppDatabase) {
    let database = try AppDatabase.open(path: directory.file("bench.sqlite"))
    let club = Club(database: database, terminal: try database.terminalIdentity(name: "bench"), settings: ClubSettings(debounce: 0))
    _ = try club.addMember(passId: member, username: "Bench")
    return (club, database)
}

/// The monitor's taps, then the bare client resending what the monitor sent on its last tap.
private func benchPhone(_ rig: PCSCTapRig, taps: Int, wallet: WalletReaders, member: String, present: () -> VirtualCard,
                        received: () -> [[UInt8]], beforeBare: () -> Void = {}) throws
    -> (bare: [Duration], measured: (commit: [Duration], cardIO: [Duration]), apdus: Int) {
    let directory = try TemporaryDirectory()
    let (club, database) = try benchClub(directory, member: member)
    var lastTap: [[UInt8]] = []
    var before = 0
    let measured = try rig.monitored(club: club, options: .init(readerName: rig.reader, feedback: false, wallet: wallet),
                                     taps: taps, what: "phone", present: { before = received().count; return present() },
                                     afterTap: { _ in lastTap = Array(received().dropFirst(before)) })
    let visits = try database.member(idOrPass: member)?.numVisits ?? 0
    guard visits == taps else { throw CardBenchError("\(visits) visits for \(taps) phone taps") }
    beforeBare()
    let bare = try rig.bare(taps: taps, what: "phone", present: present) { channel in
        for apdu in lastTap { _ = try channel.transmit(apdu) }
    }
    return (bare, measured, lastTap.count)
}

private func benchApple(_ rig: PCSCTapRig, taps: Int) throws {
    let passType = "pass.org.example.bench"
    let key = P256.KeyAgreement.PrivateKey()
    let phone = VirtualPhone(passes: [.init(passTypeId: passType, message: "WALLET-BENCH", readerKey: key.publicKey)])
    let wallet = WalletReaders(apple: VASSetup(passTypeIds: [passType], keys: [key]))
    let run = try benchPhone(rig, taps: taps, wallet: wallet, member: "WALLET-BENCH", present: { phone.card() }, received: { phone.received })
    print("  Apple Wallet (VAS):")
    rig.report(bare: run.bare, bareLabel: "the same \(run.apdus) APDUs (GET UID, SELECTs, GET VAS DATA)", measured: run.measured,
               cardIOLabel: "card I/O and opening the cryptogram", goalMilliseconds: 25, goalLabel: "VAS")
}

private func benchGoogle(_ rig: PCSCTapRig, taps: Int) throws {
    let collector: UInt32 = 20_180_608
    let key = P256.Signing.PrivateKey()
    let phone = VirtualGooglePhone(passes: [.init(collectorId: collector, redemptionValue: "GOOGLE-BENCH", collectorKey: key.publicKey)])
    let wallet = WalletReaders(google: SmartTapSetup(collectorId: collector, keyVersion: 1, key: key))
    // The bare client's NEGOTIATE carries the last tap's signature: the phone checks it, then goes on.
    let run = try benchPhone(rig, taps: taps, wallet: wallet, member: "GOOGLE-BENCH", present: { phone.card() },
                             received: { phone.received }, beforeBare: { phone.set(mode: .ignoresFailedSignature) })
    print("  Google Wallet (Smart Tap 2.1):")
    rig.report(bare: run.bare, bareLabel: "the same \(run.apdus) APDUs (GET UID, SELECTs, NEGOTIATE, GET DATA, GET MORE DATA)",
               measured: run.measured, cardIOLabel: "card I/O, the session and opening the bundle", goalMilliseconds: 40,
               goalLabel: "Smart Tap")
}
