import CardReader
import Foundation
import MemberDeskTestSupport
import MemberKit
import Testing

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
