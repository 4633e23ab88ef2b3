import Foundation
@testable import MemberKit
import Testing

/// The side-file kinds (those of `SyncFileKinds.all`, in its order), and the keyed report a pass
/// gives of them: `--json` prints what it always printed (`replaysFound`, `walletReplaysFound`),
/// and nothing of the rest.
@Suite struct SideFileKindsTests {
    static let replay = SecureReplay(uid: "04DE5F1EACC040", counter: 7, terminals: ["DA", "DB"], foundAt: 1)
    static let walletReplay = WalletReplay(digest: "0707070707070707", terminals: ["DA", "DB"], foundAt: 2)

    @Test func eachKindHasItsOwnKeyAndTheKindsRunInTheOrderSyncStatusNamesThem() {
        #expect(SideFileKinds.all.map { $0.reportKey } == [StaffSyncFile.fileName, SecureCounterFile.fileName, WalletClaimFile.fileName,
                                                      PassCredentialFile.fileName, "audit files"])
    }

    @Test func theReportsFindingsAreReadByKindInTheKindsOrder() {
        var report = SyncReadReport()
        report.sideFiles[WalletClaimState.reportKey] = SideFileReport(merged: 1, found: [.walletReplay(Self.walletReplay)])
        report.sideFiles[SecureCounterState.reportKey] = SideFileReport(merged: 1, found: [.secureReplay(Self.replay)])
        #expect(report.replaysFound == [Self.replay])
        #expect(report.walletReplaysFound == [Self.walletReplay])
    }

    @Test func theJSONKeepsItsKeysAndReadsBackTheFindings() throws {
        var report = SyncReadReport()
        report.sideFiles[StaffState.reportKey] = SideFileReport(merged: 3, written: 2)
        report.sideFiles[SecureCounterState.reportKey] = SideFileReport(found: [.secureReplay(Self.replay)])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = try JSONSerialization.jsonObject(with: try encoder.encode(report)) as? [String: Any]
        #expect(json.map { Set($0.keys) } == ["filesRead", "filesCovered", "snapshotsRead", "counts", "conflictCopies", "errors",
                                              "terminals", "retiredTerminals", "replaysFound", "walletReplaysFound"])
        let read = try JSONDecoder().decode(SyncReadReport.self, from: try encoder.encode(report))
        #expect(read.replaysFound == [Self.replay] && read.walletReplaysFound.isEmpty)
    }
}
