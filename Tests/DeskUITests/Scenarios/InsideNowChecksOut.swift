import DeskUI
import Foundation
import MemberKit
import TerminalColumns
import Testing

/// A member taps in and the status bar says `Inside 1`; `i` switches the list to "Inside now",
/// with how long she has been in; `x` checks her out: `Inside 0` and the Goodbye banner.
@Test(arguments: screenSizes)
func insideNowChecksOut(size: (width: Int, height: Int)) throws {
    let scenario = try Scenario(size: size)
    try scenario.waitFor("Members (2)")
    try scenario.waitFor("Inside 0")
    // She came in 85 minutes ago, at the reader.
    try scenario.club.checkIn(passId: "04A1B2C3", source: .nfc, at: Date().addingTimeInterval(-85 * 60))
    try scenario.waitFor("Inside 1 ")
    scenario.terminal.press(.character("i"))
    let inside = try scenario.waitFor("Ana López in the Inside now list") { screen in
        screen.contains("Inside now (1)") && screen.split(separator: "\n").contains { $0.contains("Ana López") && $0.contains("1 h 25 min") }
    }
    #expect(!inside.split(separator: "\n").contains { $0.contains("山田太郎") })
    scenario.terminal.press(.character("x"))
    let after = try scenario.waitFor("the Goodbye banner and Inside 0") { screen in
        screen.contains("Goodbye, Ana López — 1 h 25 min") && screen.split(separator: "\n")[0].contains("Inside 0")
            && screen.contains("Nobody is inside")
    }
    let ana = try #require(try scenario.database.member(idOrPass: "04A1B2C3"))
    #expect(try scenario.database.visitEvents(memberId: ana.memberId).last?.exitKind == .staff)
    #expect(after.split(separator: "\n").allSatisfy { TextWidth.of(String($0)) == size.width })
}
