import DeskUI
import Foundation
@_spi(Testing) import MemberKit
import Testing

/// Issue 28 #9: a bidi override pasted into the name (it would show the rest of the line reversed)
/// is refused with one line naming the character; a name that arrived with an escape sequence
/// anyway (an older desk's sync) is drawn with "�".
@Test func anEscapeInANameIsRefusedAndNeverDrawn() throws {
    let scenario = try Scenario()
    try scenario.waitFor("Members (2)")
    try scenario.database.insertMember(MemberRecord(memberId: UUID().uuidString, passId: "EVIL-1", username: "\u{1B}[2JEve\u{202E}x", timeStampAdded: 1,
                                                    modifiedAt: 1, modifiedBy: "old-desk"))
    try scenario.tap("EVIL-1")
    let shown = try scenario.waitFor("Eve's banner") { $0.contains("\u{FFFD}[2JEve\u{FFFD}x") }
    #expect(!shown.contains("\u{1B}") && !shown.contains("\u{202E}"))

    scenario.terminal.press(.function(7))
    try scenario.waitFor("New member")
    scenario.terminal.type("Ann\u{202E}eeL")
    scenario.terminal.press(.tab)
    scenario.terminal.type("NEW-1")
    scenario.terminal.press(.enter)
    try scenario.waitFor("✗ Name: a control character (U+202E) at character 4")
    #expect(try scenario.database.member(idOrPass: "NEW-1") == nil)
}
