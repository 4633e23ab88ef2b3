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
            The merge never loses a visit; see docs/sync.md.
            """
    )

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The file to import.") var file: String
    @Option(help: "musrl, mucsv or csv (overrides the extension).") var format: ExchangeFormat?
    @Flag(help: "Show the preview only; never write.") var dryRun = false
    @Flag(help: "Apply without asking.") var yes = false
    @Flag(help: "Print the preview (and the outcome) as JSON.") var json = false

    func validate() throws {
        if dryRun && yes { throw ValidationError("--dry-run and --yes contradict each other") }
    }

    func run() throws {
        let context = try DeskContext.open(global)
        if yes {
            try applyDirectly(context)
            return
        }
        let planner = MergePlanner(database: context.database, bus: context.bus, changeLimit: json ? 1000 : 20,
                                   audit: context.club.importAudit(by: context.actor))
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
        let applier = MergeApplier(database: context.database, bus: context.bus, changeLimit: json ? 1000 : 20,
                                   audit: context.club.importAudit(by: context.actor))
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
            JSONOutput.print(object)
        } else {
            print("imported \(file): \(c.summary())")
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
        return object
    }
}
