import Foundation
import MemberDeskTestSupport
@testable import MemberKit
import Testing

/// Issue 47 item 3: a pass is normalised in one place, where it enters the store (`PassEntry`):
/// every way a file brings one in stores it as a tap reads it, and no other source normalises.
@Suite struct PassEntryTests {
    static let home = "MemberKit/Store/PassEntry.swift"

    /// `passId` imported as `format`, then what the store holds for member M1.
    private func storedPass(_ passId: String, format: ExchangeFormat) throws -> String? {
        let f = try ClubFixture()
        let file: String
        switch format {
        case .csv: file = "Member ID,Pass ID,Name,Added,Visits,Last visit\nM1,\(passId),Ann,2026-01-05T10:00:00Z,0,"
        case .mucsv: file = "memberId,passId,username,timeStampAdded,numVisits,timeStampOfLastVisit\nM1,\(passId),Ann,1,0,0"
        default:
            file = #"[{"memberId":"M1","passId":"\#(passId)","username":"Ann","timeStampAdded":1,"numVisits":0,"timeStampOfLastVisit":0}]"#
        }
        try MergeApplier(database: f.database, clock: f.clock).apply(.bytes(Array(file.utf8), format: format, name: "list.\(format.rawValue)"))
        return try f.database.member(id: "M1")?.passId
    }

    @Test(arguments: [ExchangeFormat.csv, .mucsv, .musrl])
    func everyImportStoresThePassAsATapReadsIt(format: ExchangeFormat) throws {
        #expect(try storedPass("04a23c99", format: format) == "04A23C99", "lower-case hex")
        #expect(try storedPass("04 a2 3c 99", format: format) == "04A23C99", "spaces")
        #expect(try storedPass("04:A2:3C:99", format: format) == "04A23C99", "colons")
        #expect(try storedPass("1|P-9|x|Ann", format: format) == "P-9", "a card's NDEF text")
    }

    /// A synced operator's card is stored as a tap reads it, whatever its file's codec checked.
    @Test func aSyncedOperatorsCardIsStoredAsATapReadsIt() throws {
        let f = try ClubFixture()
        let version = StaffAccount(name: "Mia", role: .desk, card: "04:aa:bb:cc", pinHash: "h", addedAt: 1, modifiedAt: 2,
                                   modifiedBy: "T-2")
        #expect(try f.database.mergeStaffVersions([version]) == 1)
        #expect(try f.database.staffAccount(named: "Mia")?.card == "04AABBCC")
    }

    @Test func onlyTheHomeNormalisesAPass() throws {
        var offending: [String] = []
        for file in StoreBoundaryTests.swiftFiles() where file != Self.home {
            let text = try String(contentsOf: StoreBoundaryTests.sources.appendingPathComponent(file), encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where line.contains("PassIdNormalizer.normalize(") || line.contains("PassIdNormalizer.stored(") {
                offending.append("\(file):\(number + 1)")
            }
        }
        #expect(offending.isEmpty, "a pass normalised outside \(Self.home):\n\(offending.joined(separator: "\n"))")
        #expect(FileManager.default.fileExists(atPath: StoreBoundaryTests.sources.appendingPathComponent(Self.home).path))
    }
}
