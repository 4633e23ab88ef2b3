import Foundation
import MemberKit
import Testing

/// A card tapped at the reader shows the welcome banner, with the member and the reader as source.
@Test func checkInShowsBanner() throws {
    let scenario = try Scenario()
    try scenario.waitFor("Members (2)")
    try scenario.tap("04A1B2C3")
    let screen = try scenario.waitFor("Welcome, Ana López — first visit")
    #expect(screen.contains("nfc"))
    #expect(screen.contains("Ana López · pass 04A1B2C3 · 1 visit"))
    try scenario.tap("04A1B2C3")
    try scenario.waitFor("Already checked in")
}
