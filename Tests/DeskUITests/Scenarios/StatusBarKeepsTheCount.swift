import DeskUI
import Foundation
import MemberKit
import Testing

/// With Bluetooth off for a long reason, the status bar keeps the member count and the regions;
/// a wide screen shows the whole reason, a narrow one a shorter wording, neither cuts a word.
@Test(arguments: screenSizes)
func statusBarKeepsTheCount(size: (width: Int, height: Int)) throws {
    let scenario = try Scenario(size: size)
    try scenario.waitFor("Members (2)")
    scenario.club.bus.publish(.beacon(.scanner(available: false, reason: "Bluetooth is not available on this computer")))
    let screen = try scenario.waitFor("Bluetooth off")
    let bar = String(try #require(screen.split(separator: "\n").first))
    #expect(bar.contains("2 members"))
    #expect(bar.contains("Regions: "))
    #expect(!bar.contains("…"))
    if size.width >= 200 {
        #expect(bar.contains("Bluetooth: off (Bluetooth is not available on this computer)"))
    }
}

/// Each reason a part is off is said once in the event log, as a warning: the reader monitor's
/// failure and "service down", the beacon scanner's "off" and its error notice, come as pairs.
@Test(arguments: screenSizes)
func eachReasonIsLoggedOnce(size: (width: Int, height: Int)) throws {
    let scenario = try Scenario(size: size)
    try scenario.waitFor("Members (2)")
    let bus = scenario.club.bus
    bus.publish(.reader(.failure(reader: nil, message: "pcscd is not running; retrying")))
    bus.publish(.reader(.service(available: false)))
    bus.publish(.beacon(.scanner(available: false, reason: "no adapter hci0")))
    bus.publish(.error(DeskErrorNotice(source: "beacons", message: "no adapter hci0")))
    bus.publish(.log(LogLine(source: "test", text: "after the reasons")))
    let screen = try scenario.waitFor("after the reasons")
    // Log lines start with their time; the status bar and the beacon pane may show a reason too.
    let logLines = screen.split(separator: "\n").flatMap { $0.split(separator: "│") }
        .filter { $0.trimmingCharacters(in: .whitespaces).range(of: #"^\d\d:\d\d:\d\d "#, options: .regularExpression) != nil }
    #expect(logLines.filter { $0.contains("pcscd is not running") }.count == 1)
    #expect(logLines.filter { $0.contains("no adapter hci0") }.count == 1)
    #expect(!screen.contains("error (beacons)"))
    #expect(!screen.contains("reader error"))
}
