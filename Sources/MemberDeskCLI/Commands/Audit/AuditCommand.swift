import ArgumentParser
import Foundation
import MemberKit

struct AuditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "audit",
        abstract: "Show the record of who did what, oldest first.",
        discussion: """
            Every visit, exit, manual check-in, override, enrolment, edit, suspension, deletion, import, \
            export, restore, sign-in, failed sign-in and lockout, from this desk and the desks it syncs with. \
            Members and desks are named (with an id only where a name is missing or shared). \
            With --json: one object per line with time, desk, deskId, operator, method, action, memberId, member, detail.
            """
    )

    @OptionGroup var global: GlobalOptions
    @Option(help: "Only from DATE on: YYYY-MM-DD (local) or an ISO-8601 time.") var since: String?
    @Option(help: "Only what operator NAME did, found as the desk's search finds (\"mia\" finds Mia Berg; cli:USER for shell commands).") var `operator`: String?
    @Option(help: "Only entries about one member, by member id or pass (deleted members too).") var member: String?
    @Option(help: "Only one kind of action (visit, edit, suspend, sign-in …).") var action: String?
    @Flag(help: "Print JSON lines.") var json = false

    func validate() throws {
        if let since { _ = try Self.time(since) }
        if let action { do { _ = try AuditAction(parsing: action) } catch { throw ValidationError("--action: \(error)") } }
    }

    func run() throws {
        let context = try DeskContext.open(global, readOnly: true)
        var query = AuditQuery(since: try since.map(Self.time), operator: `operator`, action: try action.map(AuditAction.init(parsing:)))
        if let member {
            // A deleted member's id or pass still finds its history.
            let ids = try context.database.recordMemberIds(idOrPass: member)
            query.memberIds = ids.isEmpty ? [member] : ids
        }
        let entries = try context.database.auditEntries(query)
        let names = try context.database.recordNames(memberIds: Set(entries.compactMap(\.memberId)))
        if json {
            for entry in entries { JSONOutput.print(AuditOutput.json(entry, names: names)) }
            return
        }
        guard !entries.isEmpty else { print("no entries"); return }
        for entry in entries { print(AuditOutput.line(entry, names: names)) }
    }

    /// A day (from its local midnight) or an ISO-8601 time.
    static func time(_ text: String) throws -> Double {
        if let parsed = LocalClock.parse(text) { return parsed.timeIntervalSince1970 }
        throw ValidationError("--since '\(text)' is not a date: use YYYY-MM-DD or an ISO-8601 time")
    }
}
