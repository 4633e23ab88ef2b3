import ArgumentParser
import Foundation
import MemberKit

struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Merge another terminal's member list (.musrl, .mucsv or .csv) into this one.",
        discussion: """
            Prints a preview (new, updated, unified, deleted and unchanged members; each changed field with its old and new value; edits in a spreadsheet that are not taken, and why) and asks before writing. \
            Without a terminal and without --yes, it prints the preview and writes nothing. \
            The merge never loses a visit; see docs/sync.md. \
            A .csv from another system is read by its header (Name or First name + Last name, Email, Card number, Expires, Note, Phone…; \
            see docs/moving-in.md): the preview shows which column became what and the first members as they will be stored.
            """
    )

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The file to import.") var file: String
    @Option(help: "musrl, mucsv or csv (overrides the extension).") var format: ExchangeFormat?
    @Flag(help: "Show the preview only; never write.") var dryRun = false
    @Flag(help: "Apply without asking.") var yes = false
    @Flag(help: "Print the preview (and the outcome) as JSON.") var json = false
    @Option(help: ArgumentHelp("For a .csv from another system: what columns hold, e.g. pass=\"Card Number\",name=\"Full Name\" (id, pass, name, first-name, last-name, email, phone, added, visits, last-visit, status, expires, note).", valueName: "WHAT=HEADER,…"))
    var columns: [String] = []
    @Flag(help: "For a .csv from another system: keep the columns that map to nothing as member fields.") var keepOtherColumns = false
    @Option(help: ArgumentHelp("For a .csv from another system: the layout of its dates besides YYYY-MM-DD and ISO-8601, e.g. DD.MM.YYYY or MM/DD/YYYY.", valueName: "LAYOUT"))
    var dateFormat: String?

    func validate() throws {
        if dryRun && yes { throw ValidationError("--dry-run and --yes contradict each other") }
        _ = try sheetOptions()
    }

    /// How a spreadsheet from another system is read: a bad option is a bad argument (exit 64).
    private func sheetOptions() throws -> SheetOptions {
        do {
            return SheetOptions(columns: try columns.flatMap { try SheetOptions.columns($0) }, keepOtherColumns: keepOtherColumns,
                                dateLayout: try dateFormat.map { try DayLayout($0) })
        } catch {
            throw ValidationError("\(error)")
        }
    }

    func run() throws {
        let context = try DeskContext.open(global)
        if yes {
            try applyDirectly(context)
            return
        }
        var planner = MergePlanner(database: context.database, bus: context.bus, changeLimit: json ? 1000 : 20,
                                   audit: context.club.importAudit(by: context.actor), calendar: context.club.settings.plans.calendar)
        planner.sheet = try sheetOptions()
        let bar = ProgressBar(label: "reading")
        let plan = try planner.plan(file: file, format: format) { bar.update(done: $0, total: $1) }
        bar.finish()
        let interactive = isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1
        var applied: ImportNotice?
        var reason: String?
        if dryRun {
            reason = "dry run"
        } else if plan.isEmpty {
            reason = "nothing to change"
        } else if !interactive {
            reason = "no terminal to ask: run with --yes to apply"
        }
        if !json { printPreview(plan) }
        if reason == nil {
            print("Apply these changes? [y/N] ", terminator: "")
            fflush(nil)
            let answer = readLine()?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
            if answer != "y" && answer != "yes" { reason = "not confirmed" }
        }
        if reason == nil {
            let applyBar = ProgressBar(label: "importing")
            applied = try plan.apply { applyBar.update(done: $0, total: $1) }
            applyBar.finish()
        }
        if json {
            JSONOutput.print(jsonObject(plan, applied: applied, reason: reason))
        } else if let applied {
            print("imported: \(applied.counts.summary())")
        } else if let reason {
            print("nothing written (\(reason))")
        }
    }

    /// With --yes there is nothing to ask: merge once, in one transaction, and report what it did.
    private func applyDirectly(_ context: DeskContext) throws {
        let chosen = try ExchangeFormat(path: file, override: format)
        var applier = MergeApplier(database: context.database, bus: context.bus, changeLimit: json ? 1000 : 20,
                                   audit: context.club.importAudit(by: context.actor))
        applier.sheet = try sheetOptions()
        applier.calendar = context.club.settings.plans.calendar
        let bar = ProgressBar(label: "importing")
        let outcome = try applier.apply(.file(path: file, format: chosen)) { bar.update(done: $0, total: $1) }
        bar.finish()
        let c = outcome.counts
        if json {
            var object: [String: JSONValue] = [
                "file": .string(file), "new": .int(c.new), "updated": .int(c.updated), "unchanged": .int(c.unchanged),
                "unified": .int(c.unified), "deleted": .int(c.deleted), "refused": .int(c.refused), "applied": .bool(true),
                "changesTruncated": .bool(outcome.changesTruncated),
            ]
            object["changes"] = .array(outcome.changes.map(Self.changeObject))
            if let mapping = outcome.sheetMapping { object.merge(SheetPreview.json(mapping, outcome.firstRows, repeated: outcome.repeatedRows)) { $1 } }
            JSONOutput.print(object)
        } else {
            print("imported \(file): \(c.summary())")
            if let mapping = outcome.sheetMapping { SheetPreview.print(mapping, outcome.firstRows, repeated: outcome.repeatedRows) }
            printChanges(outcome.changes, truncated: outcome.changesTruncated)
        }
    }

    static func changeObject(_ change: MergeChange) -> JSONValue {
        var object: [String: JSONValue] = ["kind": .string(change.kind.rawValue), "memberId": .string(change.memberId),
                                           "name": .string(change.name), "detail": .string(change.detail)]
        if !change.fields.isEmpty {
            object["fields"] = .array(change.fields.map { .object(["field": .string($0.field), "old": .string($0.old), "new": .string($0.new)]) })
        }
        return .object(object)
    }

    private func printPreview(_ plan: MergePlan) {
        let c = plan.counts
        print("\(file): \(c.summary())")
        if let mapping = plan.sheetMapping { SheetPreview.print(mapping, plan.firstRows, repeated: plan.repeatedRows) }
        printChanges(plan.changes, truncated: plan.changesTruncated)
    }

    private func printChanges(_ changes: [MergeChange], truncated: Bool) {
        for line in changes.flatMap({ $0.lines() }) { print("  " + line) }
        if truncated { print("  …") }
    }

    private func jsonObject(_ plan: MergePlan, applied: ImportNotice?, reason: String?) -> [String: JSONValue] {
        let c = plan.counts
        var object: [String: JSONValue] = [
            "file": .string(file),
            "new": .int(c.new), "updated": .int(c.updated), "unchanged": .int(c.unchanged),
            "unified": .int(c.unified), "deleted": .int(c.deleted), "refused": .int(c.refused),
            "changes": .array(plan.changes.map(Self.changeObject)),
            "changesTruncated": .bool(plan.changesTruncated),
            "applied": .bool(applied != nil),
        ]
        if let reason { object["reason"] = .string(reason) }
        if let mapping = plan.sheetMapping { object.merge(SheetPreview.json(mapping, plan.firstRows, repeated: plan.repeatedRows)) { $1 } }
        return object
    }
}
