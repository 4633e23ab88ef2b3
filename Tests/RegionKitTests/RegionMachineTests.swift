import Foundation
import MemberKit
@testable import RegionKit
import Synchronization
import Testing

/// The pure region machine: each input's transitions and the saved-state writes it asks for, with
/// no store and no lock; and the monitor around it when the store fails.
@Suite struct RegionMachineTests {
    let t0 = Date(timeIntervalSince1970: 1_767_225_600)
    let shop = Region(identifier: "shop", latitude: 35.6595, longitude: 139.7005, radius: 100)
    let door = Region(identifier: "door", uuid: testUUID)

    @Test func anEnterAndAnExitEachWriteTheRegionsRowAsItStandsAfter() {
        var machine = RegionMachine(exitDelay: 30)
        let loaded = machine.load([door], at: t0)
        #expect(loaded.transitions.isEmpty && loaded.writes.isEmpty && loaded.deletes.isEmpty)
        let entered = machine.handle(beacon(at: t0), at: t0)
        #expect(entered.transitions.names == ["enter door"])
        #expect(entered.writes.map(\.identifier) == ["door"] && entered.writes.last?.inside == true && entered.writes.last?.armed == true)
        #expect(machine.handle(beacon(at: t0 + 5), at: t0 + 5).writes.isEmpty)  // seen again: nothing to write
        let exited = machine.tick(at: t0 + 35)
        #expect(exited.transitions.names == ["exit door"])
        #expect(exited.writes.last?.inside == false && exited.writes.last?.armed == false && exited.writes.last?.triggeredEver == true)
    }

    @Test func theSavedStateComesInWithTheFirstListOnly() {
        var machine = RegionMachine()
        #expect(machine.needsSavedState)
        let saved = RegionStateRow(identifier: "shop", inside: true, geometry: shop.geometry, lastTriggered: 10, triggeredEver: true, armed: true)
        _ = machine.load([shop], saved: [saved], at: t0)
        #expect(!machine.needsSavedState)
        #expect(machine.insideIdentifiers == ["shop"])
        // A fix inside: no second enter.
        #expect(machine.handle(LocationFix(latitude: 35.6595, longitude: 139.7005, time: t0 + 1)).transitions.isEmpty)
        // A saved row whose geometry no longer matches is deleted, not taken.
        var other = RegionMachine()
        let moved = RegionStateRow(identifier: "shop", inside: true, geometry: "elsewhere", lastTriggered: nil, triggeredEver: false, armed: false)
        let step = other.load([shop], saved: [moved], at: t0)
        #expect(step.deletes == ["shop"] && other.insideIdentifiers.isEmpty)
    }

    @Test func aRegionGoneFromTheListExitsAndIsDeletedNotWritten() {
        var machine = RegionMachine()
        _ = machine.load([door, shop], at: t0)
        _ = machine.handle(beacon(at: t0), at: t0)
        let step = machine.load([shop], at: t0 + 1)
        #expect(step.transitions.names == ["exit door"])
        #expect(step.deletes == ["door"] && !step.writes.contains { $0.identifier == "door" })
    }

    /// A store that fails every call, counting them.
    final class BrokenStore: RegionStateStore {
        let calls = Mutex(0)
        struct Broken: Error {}
        func regionStates() throws -> [RegionStateRow] { calls.withLock { $0 += 1 }; throw Broken() }
        func saveRegionStates(_ rows: [RegionStateRow], deleting identifiers: [String]) throws { calls.withLock { $0 += 1 }; throw Broken() }
    }

    @Test func aStoreThatFailsIsReportedAndTheRegionsGoOnFromMemory() {
        let store = BrokenStore()
        let reported = Mutex<[String]>([])
        let monitor = RegionMonitor(store: store, exitDelay: 30) { message in reported.withLock { $0.append(message) } }
        _ = monitor.load([door], at: t0)
        #expect(monitor.handle(beacon(at: t0), at: t0).names == ["enter door"])
        #expect(monitor.tick(at: t0 + 31).names == ["exit door"])
        let messages = reported.withLock { $0 }
        #expect(messages.count == 3 && store.calls.withLock { $0 } == 3, "\(messages)")
        #expect(messages.first?.hasPrefix("regions: the saved region state could not be read") == true)
        #expect(messages.last?.hasPrefix("regions: the region state could not be saved") == true)
    }

    /// Issue 47 item 5: active hours are read in the calendar the machine is handed (the club's),
    /// never the process's zone. 2026-01-01 23:00 UTC is 12:00 on the 2nd in Auckland.
    @Test func activeHoursAreReadInTheCalendarHandedIn() {
        var auckland = Calendar(identifier: .gregorian)
        auckland.timeZone = TimeZone(identifier: "Pacific/Auckland")!
        let cafe = Region(identifier: "cafe", latitude: 35.6595, longitude: 139.7005, radius: 100, checkinScript: "1",
                          activeHours: ActiveHours("09:00-17:00"))
        let noonThere = t0 + 23 * 3600
        for (calendar, active) in [(auckland, true), (Calendar.gregorianUTC, false)] {
            var machine = RegionMachine(calendar: calendar)
            _ = machine.load([cafe], at: noonThere)
            _ = machine.handle(LocationFix(latitude: 35.6595, longitude: 139.7005, time: noonThere))
            #expect(machine.insideIdentifiers == ["cafe"])
            #expect(machine.checkInRegions(at: noonThere).map(\.identifier) == (active ? ["cafe"] : []), "\(calendar.timeZone)")
        }
    }
}
