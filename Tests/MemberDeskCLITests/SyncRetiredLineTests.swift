@testable import MemberDeskCLI
@testable import MemberKit
import Testing

/// `sync status`'s line for a retired desk: its subfolder may go only once the desks read the
/// takeover and its side files are carried; until then the line says what it waits for.
@Suite struct SyncRetiredLineTests {
    static func desk(waitingFor: [String] = [], uncarried: [String] = []) -> SyncRetiredDesk {
        SyncRetiredDesk(terminalId: "DA", name: "Front desk", takenOverBy: "DN", through: 10, waitingFor: waitingFor,
                        subfolderPresent: true, uncarriedSideFiles: uncarried)
    }

    @Test func theLineSaysWhatTheSubfolderWaitsFor() {
        #expect(SyncText.retiredLine(Self.desk()).hasSuffix("its subfolder can be deleted"))
        #expect(SyncText.retiredLine(Self.desk(waitingFor: ["DB"])).hasSuffix("keep its subfolder until these desks have read the takeover: DB"))
        let sides = SyncText.retiredLine(Self.desk(uncarried: ["staff.json", "audit files"]))
        #expect(!Self.desk(uncarried: ["staff.json"]).canDeleteSubfolder)
        #expect(sides.hasSuffix("keep its subfolder until an active desk's side files carry its staff.json, audit files"), "\(sides)")
    }
}
