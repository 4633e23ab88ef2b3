import ArgumentParser
import Foundation
import MemberKit

struct InsideCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inside",
        abstract: "Who is inside: since when, at which desk, with how many guests, then the count (guests too).",
        discussion: "Closing time and the longest stay are applied first. The count is as far as sync files have travelled."
    )

    @OptionGroup var global: GlobalOptions
    @Flag(help: "Print JSON lines, then a count object.") var json = false

    func run() throws {
        let context = try DeskContext.open(global)
        let members = try context.club.insideMembers()
        let capacity = context.club.settings.occupancy.capacity
        let names = try context.database.recordNames(memberIds: [])  // desks by name, not by id
        for member in members {
            if json {
                JSONOutput.print(["memberId": .string(member.memberId), "passId": .string(member.passId),
                                  "username": member.username.map(JSONValue.string) ?? .null,
                                  "since": JSONOutput.time(member.since), "desk": .string(member.desk),
                                  "deskName": .string(names.desk(member.desk)), "guests": .int(member.guests)])
            } else {
                let since = LocalClock.text(member.since)
                let guests = member.guests > 0 ? "  with " + CountText.of(member.guests, "guest") : ""
                print("\(since)  \(member.username ?? "-")  pass \(member.passId)  at \(names.desk(member.desk))\(guests)")
            }
        }
        // People, not members: guests take room inside too.
        let people = InsideMember.people(members)
        if json {
            JSONOutput.print(["inside": .int(people), "capacity": capacity > 0 ? .int(capacity) : .null])
        } else {
            print(Self.countLine(people, capacity: capacity))
        }
    }

    /// "23 inside of 80", or "23 inside" with no capacity.
    static func countLine(_ count: Int, capacity: Int) -> String {
        capacity > 0 ? "\(count) inside of \(capacity)" : "\(count) inside"
    }
}

/// A time as staff read it in a listing: local "2026-11-25 18:40".
enum LocalClock {
    /// The machine's calendar and zone: the commands' one home of "local" for typed days.
    static var calendar: Calendar { .current }

    static func text(_ seconds: Double) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.string(from: Date(timeIntervalSince1970: seconds))
    }

    /// A day ("2026-11-25", local midnight) or an ISO-8601 time; nil if neither.
    static func parse(_ text: String) -> Date? {
        DayOrTime.parse(text, calendar: calendar)?.start
    }
}
