@testable import DeskUI
import Foundation
import MemberKit
import Testing

/// The desk's audit view (`a`) names members and desks, as `memberdesk audit` does, not by UUID.
@Suite struct AuditViewNamesTests {
    let time = Date(timeIntervalSince1970: 1_767_268_800)

    @Test func membersAndDesksAreNamedNotNumbered() throws {
        var state = DeskState(setup: DeskSetup(terminalName: "Desk 1"), now: time)
        let anna = "3F2A9C1B-0000-4000-8000-000000000001", deleted = "3F2A9C1B-0000-4000-8000-000000000002"
        let unnamedDesk = "9D8C7B6A-1111-4000-8000-000000000003"
        let entries = [
            AuditEntry(entryId: "1", time: 1_767_268_000, deskId: "T1", desk: "Front desk", operator: "Mia", method: .tap,
                       action: .visit, memberId: anna),
            AuditEntry(entryId: "2", time: 1_767_268_100, deskId: unnamedDesk, desk: unnamedDesk, operator: nil, method: .manual,
                       action: .delete, memberId: deleted),
        ]
        let names = RecordNames(desks: ["T1": "Front desk", unnamedDesk: "Back desk"], members: [
            anna: .init(name: "Anna Smith", passId: "P1", deleted: false),
            deleted: .init(name: nil, passId: "P2", deleted: true),
        ])
        _ = DeskReducer.reduce(&state, .finished(.audit(.loaded(entries, names))), now: time)
        guard case .notice(let notice) = state.dialog else { Issue.record("no audit view: \(String(describing: state.dialog))"); return }
        let text = notice.lines.joined(separator: "\n")
        #expect(text.contains("Front desk · Mia · tap · visit · Anna Smith"), "\(text)")
        #expect(text.contains("Back desk · — · manual · delete · pass P2 (deleted)"), "\(text)")
        #expect(!text.contains("3F2A9C1B") && !text.contains("9D8C7B6A"), "\(text)")
    }
}
