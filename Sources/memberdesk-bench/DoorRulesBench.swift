import Foundation
import MemberDeskTestSupport
@_spi(Testing) import MemberKit

/// Issue 48's figure: a check-in with every new door rule active (opening hours, a plan's access
/// windows, a freeze on file, a waiver required and signed, an alert to show, a guest within the
/// plan's allowance) beside today's open check-in, in the same run and the same process,
/// alternating rounds (goal: ≤ 1.10 × its time). Guests come in with their host's entry, so every
/// measured tap in both clubs is of a member outside: an unmeasured check-out comes before it.
///
/// `door-rules [TAPS] [plain|door]` taps only that club: under `valgrind --tool=callgrind` the
/// two runs' instruction counts give the ratio without the machine's noise.
func runDoorRulesBench(_ arguments: [String]) throws {
    let count = arguments.first.flatMap(Int.init) ?? 10_000
    let only = arguments.dropFirst().first
    let memberCount = 1_000
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("memberdesk-bench-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let now = SystemClock().now().timeIntervalSince1970
    // Open round the clock, day after day (24:00 runs into 00:00: no closing), so the rules run every time.
    let allDay = try HoursParser.access("mon-sun 00:00-24:00")
    var rules = ClubSettings(debounce: 0)
    rules.occupancy.hours = OpeningHours(weekly: allDay)
    rules.plans.requireWaiver = true
    rules.plans.waiverValidDays = 365
    rules.plans.catalogue = PlanCatalogue(products: [PlanProduct(name: "any-time", kind: .open, price: PlanPrice(cents: 4500),
                                                                 validDays: 30, guestsPerMonth: 100_000, access: allDay)])

    func seeded(_ name: String, settings: ClubSettings, door: Bool) throws -> Club {
        let database = try AppDatabase.open(path: folder.appendingPathComponent(name).path)
        let terminal = try database.terminalIdentity(name: "bench")
        let today = settings.plans.day(of: now)
        for i in 0..<memberCount {
            var member = MemberRecord(memberId: "m\(i)", passId: "P\(i)", username: "Member \(i)", timeStampAdded: now,
                                      modifiedAt: now, modifiedBy: terminal.id)
            if door {
                member.alert = "Belay check due"
                member.holdRecords = [MemberHold(from: today.adding(days: 30), until: today.adding(days: 44), reason: "holiday")]
                member.waiver = today.adding(days: -10)
                member.birthday = Birthday(parsing: "1990-05-01")
                member.product = "any-time"
            }
            try database.insertMember(member)
        }
        return Club(database: database, terminal: terminal, settings: settings)
    }
    let plain = try seeded("plain.sqlite", settings: ClubSettings(debounce: 0), door: false)
    let door = try seeded("door.sqlite", settings: rules, door: true)
    // Every tap admitted: the rules ran to the end and the visit was counted.
    let probe = try door.checkIn(passId: "P0", source: .manual, guests: 1)
    guard case .checkedIn = probe.outcome, probe.guests == 1 else { throw BenchFailure("the door club refused its member: \(probe.message)") }

    var plainTimes: [Double] = [], doorTimes: [Double] = []
    let rounds = 20, perRound = max(1, count / rounds)
    for round in 0..<rounds {
        for (club, index) in [(plain, 0), (door, 1)] where only == nil || only == (index == 0 ? "plain" : "door") {
            for i in 0..<perRound {
                let pass = "P\((round * perRound + i) % memberCount)"
                try club.checkOut(passId: pass)
                let start = ContinuousClock.now
                let report = try club.checkIn(passId: pass, source: .manual, guests: index)
                let elapsed = seconds(since: start)
                guard case .checkedIn = report.outcome else { throw BenchFailure("a bench tap was not counted: \(report.message)") }
                if index == 0 { plainTimes.append(elapsed) } else { doorTimes.append(elapsed) }
            }
        }
    }
    guard only == nil else { return print("tapped only the \(only!) club: \(plainTimes.count + doorTimes.count) taps") }
    func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] * 1e6 }
    let plainMean = plainTimes.reduce(0, +) / Double(plainTimes.count) * 1e6
    let doorMean = doorTimes.reduce(0, +) / Double(doorTimes.count) * 1e6
    print(String(format: "a check-in with every door rule (hours, access window, freeze on file, waiver, alert, a guest)  %.0f µs (median %.0f)   "
                 + "an open check-in %.0f µs (median %.0f)   ratio %.2f (goal <= 1.10)",
                 doorMean, median(doorTimes), plainMean, median(plainTimes), doorMean / plainMean))
}

struct BenchFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
