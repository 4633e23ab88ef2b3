import ArgumentParser
import Foundation
import MemberKit

struct StatsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "Member count, visits today (every desk's), and today's check-ins per hour."
    )

    @OptionGroup var global: GlobalOptions
    @Flag(help: "Print JSON.") var json = false

    func run() throws {
        // Not read-only: closing time is applied before the inside count.
        let context = try DeskContext.open(global)
        let stats = try context.database.stats(now: context.club.clock.now(), desk: context.club.terminal.id,
                                               calendar: context.club.settings.occupancy.calendar)
        let inside = try context.club.insideCount()
        let capacity = context.club.settings.occupancy.capacity
        if json {
            JSONOutput.print([
                "memberCount": .int(stats.memberCount),
                "visitsToday": .int(stats.visitsToday),
                "visitsTodayHere": .int(stats.visitsTodayHere),
                "perHourToday": .array(stats.perHourToday.map(JSONValue.int)),
                "perDayLast30": .array(stats.perDayLast30.map(JSONValue.int)),
                "activeThisWeek": .int(stats.activeThisWeek),
                "activeThisMonth": .int(stats.activeThisMonth),
                "inside": .int(inside),
                "capacity": capacity > 0 ? .int(capacity) : .null,
            ])
            return
        }
        print("members: \(stats.memberCount)")
        // Every desk's visits; this desk's beside them only when others made some.
        let here = stats.visitsTodayHere == stats.visitsToday ? "" : " (\(stats.visitsTodayHere) at this desk)"
        print("visits today: \(stats.visitsToday)\(here)")
        print("active this week: \(stats.activeThisWeek), this month: \(stats.activeThisMonth)")
        print("inside: " + InsideCommand.countLine(inside, capacity: capacity).replacingOccurrences(of: " inside", with: ""))
        let peak = max(1, stats.perHourToday.max() ?? 1)
        for (hour, count) in stats.perHourToday.enumerated() where count > 0 || (7...21).contains(hour) {
            let bar = String(repeating: "█", count: Int((Double(count) / Double(peak) * 40).rounded(.up)))
            print(String(format: "%02d:00 %5d ", hour, count) + bar)
        }
    }
}
