import CardReader
import Foundation
import MemberDeskTestSupport
import MemberKit
import SecureCards

/// A SUN card's tap through real pcscd and the virtual NTAG 424 DNA: from SCardGetStatusChange
/// returning in the monitor to the visit committed (Type 4 NDEF read, SUN verification, replay
/// check, commit). The reference, in the same run: a bare PC/SC client that, on each tap of the
/// same tag, connects and sends the same APDUs (GET UID, the SELECTs and READ BINARYs) and
/// nothing else. The bare client goes first, so the tag's counter keeps rising for both.
func runSecureCardBench(_ arguments: [String]) throws {
    let taps = max(2, Int(arguments.first ?? "") ?? 200)
    let rig = try PCSCTapRig()
    let directory = try TemporaryDirectory()
    let database = try AppDatabase.open(path: directory.file("bench.sqlite"))
    let club = Club(database: database, terminal: try database.terminalIdentity(name: "bench"), settings: ClubSettings(debounce: 0))
    let master = [UInt8](repeating: 0x5A, count: 16)
    let url = "https://club.example/c?picc_data=\(String(repeating: "0", count: 32))&cmac=\(String(repeating: "0", count: 16))"
    let tag = try VirtualNTAG424.personalised(uid: [0x04, 0x22, 0x44, 0x66, 0x88, 0xAA, 0xCC], keys: .master(master), url: url)
    let card = VirtualCard(.ntag424(tag))

    let bare = try rig.bare(taps: taps, what: "tag", present: { card }) { channel in
        _ = try channel.transmit(APDU.getUID)
        guard try Type4NDEFReader.readMessage(channel) != nil else { throw CardBenchError("the bare client read no NDEF message") }
    }
    let options = ReaderMonitor.Options(readerName: rig.reader, feedback: false,
                                        applications: [Type4NDEFReader(verifier: SUNVerifier(keys: .master(master)))])
    let measured = try rig.monitored(club: club, options: options, taps: taps, what: "SUN", present: { card })
    let visits = try database.member(idOrPass: "SUN:0422446688AACC")?.numVisits ?? 0
    guard visits == taps else { throw CardBenchError("\(visits) visits for \(taps) SUN taps") }

    print("securecard: \(taps) taps of a SUN tag (NTAG 424 DNA on vpcd), pcscd \(rig.daemon.isOurs ? "started by the bench" : "already running")")
    rig.report(bare: bare, bareLabel: "the same APDUs (connect, GET UID, SELECTs, READ BINARYs)", measured: measured,
               cardIOLabel: "card I/O and SUN verification", goalMilliseconds: 20, goalLabel: "SUN")
}
