import ArgumentParser
import Foundation
import MemberKit

struct VisitsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "visits",
        abstract: "Entries with their exits, from every desk whose files have travelled here.",
        discussion: "DATE is a day (2026-11-25, local) or an ISO-8601 time; --until a day includes that day."
    )

    @OptionGroup var global: GlobalOptions
    @Option(name: .customLong("member"), help: "Only this member (id or pass).") var member: String?
    @Option(help: "Entries from DATE on.") var since: String?
    @Option(help: "Entries up to DATE.") var until: String?
    @Flag(help: "Print JSON lines.") var json = false

    func validate() throws {
        for (name, value) in [("--since", since), ("--until", until)] {
            if let value, LocalClock.parse(value) == nil {
                throw ValidationError("\(name) '\(value)' is not a date (2026-11-25) or an ISO-8601 time")
            }
        }
    }

    func run() throws {
        let context = try DeskContext.open(global)
        let memberId = try member.map { try context.member($0).memberId }
        let sinceTime = since.flatMap(LocalClock.parse)?.timeIntervalSince1970
        var untilTime = until.flatMap(LocalClock.parse)?.timeIntervalSince1970
        if let until, until.count == 10, let start = untilTime {
            untilTime = LocalClock.calendar.date(byAdding: .day, value: 1, to: Date(timeIntervalSince1970: start))?.timeIntervalSince1970
        }
        let spans = try context.club.visitSpans(memberId: memberId, since: sinceTime, until: untilTime)
        let names = try context.database.recordNames(memberIds: [])  // desks by name, not by id
        for span in spans {
            if json {
                JSONOutput.print(["visitId": .string(span.visitId), "memberId": .string(span.memberId),
                                  "username": .string(span.username),
                                  "entered": JSONOutput.time(span.entered.timeIntervalSince1970),
                                  "exited": span.exited.map { JSONOutput.time($0.timeIntervalSince1970) } ?? .null,
                                  "exitKind": span.exitKind.map { .string($0.rawValue) } ?? .null,
                                  "desk": .string(span.desk), "deskName": .string(names.desk(span.desk)), "source": .string(span.source)])
            } else {
                let exit = span.exited.map { "→ \(LocalClock.text($0.timeIntervalSince1970)) (\(span.exitKind?.rawValue ?? "tap"))" } ?? "→ inside"
                print("\(LocalClock.text(span.entered.timeIntervalSince1970)) \(exit)  \(span.username)  at \(names.desk(span.desk))  \(span.source)")
            }
        }
        if !json { print(spans.count == 1 ? "1 visit" : "\(spans.count) visits") }
    }
}
