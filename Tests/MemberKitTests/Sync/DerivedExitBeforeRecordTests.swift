import Foundation
import GRDB
import MemberDeskTestSupport
import Testing
@testable import MemberKit

/// A desk can close a visit it knows from another desk's tally before the member's record has
/// reached it (found by `DerivedExitSyncTests.threeDesksConverge`: rarely on a random seed, about one run in two on one seed).
/// That exit must still travel: the member's record arriving makes it this desk's change again.
@Suite("An exit derived before the member's record arrived")
struct DerivedExitBeforeRecordTests {
    @Test("Back desk closes Kenji's visit before it has his record; Front desk, which checked him out earlier, still gets that exit")
    func anExitMadeBeforeTheRecordTravels() throws {
        let world = try DerivedExitWorld()
        let front = 0, side = 1, back = 2
        let kenji = try world.terminals[front].club.addMember(passId: "04DD0001", username: "Kenji Sato")
        try world.write(front)
        try world.deliverAll(from: front, to: side)
        try world.read(side)
        // Side desk counts his visit at 08:00 and writes it: a tally, since Front desk authors him.
        _ = try world.terminals[side].club.checkIn(passId: "04DD0001", source: .nfc)
        try world.write(side)
        for to in [front, back] { try world.deliverAll(from: side, to: to); try world.read(to) }
        #expect(try world.terminals[back].database.member(id: kenji.memberId) == nil, "Back desk has his visit, not his record")
        // Front desk checks him out at 10:10; Back desk, not told, closes the visit at the longest stay's end.
        world.clock.advance(by: 2 * 3600 + 600)
        _ = try world.terminals[front].club.checkOut(passId: "04DD0001")
        world.clock.advance(by: 3600)
        try world.notice(back)
        let derived = try DerivedExitSyncTests.autoExits(world.terminals[back]).exits
        #expect(derived.count == 1)
        try world.write(back)
        // His record reaches Back desk; its next file carries the exit it made before.
        try world.deliverAll(from: front, to: back)
        try world.read(back)
        try world.write(back)
        try world.deliverAll(from: back, to: front)
        try world.read(front)
        #expect(try DerivedExitSyncTests.autoExits(world.terminals[front]).exits == derived)
        try world.settle()
        let records = try world.terminals.map(DerivedExitSyncTests.record)
        #expect(records[0] == records[1] && records[1] == records[2])
        let states = try world.terminals.map { try $0.state() }
        #expect(states[0] == states[1] && states[1] == states[2])
    }
}
