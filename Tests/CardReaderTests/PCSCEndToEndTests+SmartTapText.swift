import CardReader
import Foundation
import MemberDeskTestSupport
import MemberKit
import Testing

/// Google Wallet sends a pass's service number as an NFC Forum Text record (`02 "en" "GPHONE-ANN"`:
/// the status byte gives the language code's length) or as a primitive record (a format byte and
/// the value). The built binary's `scan --json` checks both members in by their whole pass id.
extension PCSCEndToEndTests {
    @Test func aGoogleServiceNumberAsATextRecordOrAPrimitiveChecksTheMemberIn() throws {
        let binary = try DeskBinary()
        let keyFile = binary.home.file("smart-tap-key.pem")
        try Self.collectorKey.pemRepresentation.write(toFile: keyFile, atomically: true, encoding: .utf8)
        try binary.writeConfig("""
            [wallet.google]
            collector_id = "\(Self.collector)"
            smart_tap_key_file = "\(keyFile)"
            smart_tap_key_version = 1
            """)
        let forms: [(pass: String, number: VirtualGooglePhone.ServiceNumber)] = [
            ("GPHONE-ANN", .text(language: "en")), ("GPHONE-BOB", .text(language: "en-GB")),
            ("GPHONE-CY", .primitive(format: 0x00)), ("GPHONE-DI", .primitive(format: 0x02)),
        ]
        for form in forms {
            #expect(try binary.run(["members", "add", "--pass", form.pass, "--name", form.pass]).status == 0)
        }
        let scan = try RunningDesk(binary, ["scan", "--json", "--reader", PCSCDaemon.virtualReader])
        #expect(waitUntil { scan.stdout.contains("\"readerAttached\"") }, "scan never saw the reader: \(scan.stderr)")
        for form in forms {
            let phone = VirtualGooglePhone(passes: [.init(collectorId: Self.collector, redemptionValue: form.pass,
                                                          collectorKey: Self.collectorKey.publicKey, number: form.number)])
            let before = scan.lines.count { $0.contains("\"outcome\"") }
            let card = phone.card()
            try card.insert()
            #expect(waitUntil { scan.lines.count { $0.contains("\"outcome\"") } > before }, "stdout: \(scan.stdout)")
            card.remove()
        }
        #expect(scan.signal(SIGINT) == 0)
        let outcomes = scan.lines.compactMap(Self.json).filter { $0["outcome"] != nil }
        #expect(outcomes.map { $0["passId"] as? String } == forms.map(\.pass), "\(scan.stdout)")
        #expect(outcomes.allSatisfy { $0["outcome"] as? String == "checkedIn" && $0["wallet"] as? String == "google" }, "\(scan.stdout)")
        let database = try AppDatabase.open(path: binary.databasePath, readOnly: true)
        for form in forms { #expect(try database.member(idOrPass: form.pass)?.numVisits == 1, "\(form.pass)") }
    }
}
