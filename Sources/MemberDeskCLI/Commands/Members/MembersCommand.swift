import ArgumentParser
import DeskLanguage
import Foundation
import MemberKit
import TerminalColumns

struct MembersCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "members",
        abstract: tr("List, show, add, edit, delete and purge members; freeze and unfreeze them; sell them a plan; give them a photo."),
        subcommands: [List.self, Show.self, Add.self, Edit.self, Delete.self, Purge.self, Sell.self,
                      MembersFreezeCommand.self, MembersUnfreezeCommand.self, MembersPhotoCommand.self]
    )

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: tr("List members (one JSON object per line with --json)."))
        @OptionGroup var global: GlobalOptions
        @Flag(help: "Print JSON lines.") var json = false
        @Option(help: ArgumentHelp("Only members with, for each word of TEXT, a word of their name, pass or email that starts with it (case and accents ignored).", valueName: "TEXT"))
        var search: String?
        // `.unconditional`: `--limit -3` is a value (said to be below 0), not a missing one.
        @Option(parsing: .unconditional, help: "At most N members (0 for all).") var limit = 100
        @Option(help: "Order: name, lastVisit, visits, added, expiry (soonest first) or visitsLeft (packs, fewest first; any letter case).",
                transform: MemberSort.parse) var sort: MemberSort = .name
        @Option(help: "Only members whose effective status is active, suspended or expired.") var status: EffectiveStatus?
        @Option(parsing: .unconditional,
                help: ArgumentHelp("Only members whose membership (or household head's) expires within DAYS days, soonest first.",
                                   valueName: "DAYS"))
        var expiring: Int?
        @Option(name: .customLong("pack-below"), help: ArgumentHelp("Only pack members with fewer than N visits left, fewest first.",
                                                                    valueName: "N"))
        var packBelow: Int?

        func validate() throws {
            guard limit >= 0 else { throw ValidationError("--limit must be ≥ 0, not \(limit)") }
            if let expiring, expiring < 0 { throw ValidationError("--expiring must be ≥ 0 (days), not \(expiring)") }
            if expiring != nil || packBelow != nil, search != nil || status != nil || (expiring != nil && packBelow != nil) {
                throw ValidationError("--expiring and --pack-below each go alone (no --search, --status or the other)")
            }
        }

        func run() throws {
            let context = try DeskContext.open(global, readOnly: true)
            let now = context.club.clock.now().timeIntervalSince1970
            let cap = limit == 0 ? Int.max : limit
            let members: [MemberRecord]
            if let expiring {
                let range = context.club.settings.plans.expiring(withinDays: expiring, from: now)
                members = try context.database.membersExpiring(from: range.lowerBound, through: range.upperBound, limit: cap)
            } else if let packBelow {
                members = try context.database.membersWithPack(below: packBelow, limit: cap)
            } else {
                members = try context.database.members(matching: search, status: status.map { EffectiveStatusFilter($0, at: now) },
                                                       sort: sort, limit: cap)
            }
            let fields = context.club.settings.memberFields
            if json {
                for member in members {
                    JSONOutput.print(JSONOutput.member(member, fields: fields, at: now, standing: try context.standing(member)))
                }
            } else {
                MemberTable.print(members, fields: fields, at: now, calendar: context.club.settings.plans.calendar)
            }
            guard expiring == nil, packBelow == nil else { return }
            // On stderr, so that a pipe reads only members; said only when the limit cut the list.
            if limit > 0, members.count == limit {
                let matching = try context.database.memberCount(matching: search, status: status.map { EffectiveStatusFilter($0, at: now) })
                if matching > limit {
                    writeError("\(CountText.grouped(limit)) of \(CountText.grouped(matching)) shown (--limit 0 for all)\n")
                }
            }
        }
    }

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: tr("Show one member, by member id or pass."))
        @OptionGroup var global: GlobalOptions
        @Argument(help: "A member id or a pass.") var idOrPass: String
        @Flag(help: "Print JSON.") var json = false

        func run() throws {
            let context = try DeskContext.open(global, readOnly: true)
            let member = try context.member(idOrPass)
            let standing = try context.standing(member)
            let visits = try context.database.visits(memberId: member.memberId, limit: 10)
            let counters = try context.database.visitCounters(memberId: member.memberId)
            let now = context.club.clock.now().timeIntervalSince1970
            if json {
                var object = JSONOutput.member(member, fields: context.club.settings.memberFields, at: now, standing: standing)
                object["visitCounters"] = .object(counters.mapValues(JSONValue.int))
                object["recentVisits"] = .array(visits.map {
                    .object(["time": .double($0.time), "terminalId": .string($0.terminalId), "source": .string($0.source)])
                })
                JSONOutput.print(object)
                return
            }
            for name in context.club.settings.memberFields {
                print("\(TextWidth.pad(name, to: 22)) \(MemberTable.cell(member, name))")
            }
            // Fields an import or another desk brought that this desk's member type does not name: shown, so they can be erased.
            for name in MemberInput.otherFields(of: member, besides: context.club.settings.memberFields) {
                print("\(TextWidth.pad(PlainText.shown(name), to: 22)) \(MemberTable.cell(member, name))")
            }
            print("\(TextWidth.pad("status", to: 22)) \(MemberTable.statusText(member, at: now))")
            print("\(TextWidth.pad("expires", to: 22)) \(MemberTable.expiryText(member))")
            print("\(TextWidth.pad("note", to: 22)) \(PlainText.shown(member.note ?? ""))")
            print("\(TextWidth.pad("plan", to: 22)) \(MemberTable.planText(member, standing))")
            if let left = standing?.visitsLeft { print("\(TextWidth.pad("visits left", to: 22)) \(left)") }
            if let birthday = member.birthday { print("\(TextWidth.pad("birthday", to: 22)) \(birthday)") }
            MemberTable.printDoorFacts(member)
            if !visits.isEmpty {
                print("recent visits:")
                for visit in visits { print("  \(MemberTable.date(visit.time))  \(visit.source)") }
            }
        }
    }

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: tr("Add a member with no visits."))
        @OptionGroup var global: GlobalOptions
        @Option(help: "The member's pass: a card UID or a pass id.") var pass: String
        @Option(help: "The member's name.") var name: String?
        @Option(help: "The member's email address.") var email: String?
        @Option(help: "Membership expiry: YYYY-MM-DD (valid through that day), an ISO-8601 time, or 'never'.") var expires: String?
        @Option(help: "A free-text note.") var note: String?
        @OptionGroup var plan: PlanOptions
        @OptionGroup var door: DoorOptions
        @Flag(help: "Print JSON.") var json = false

        func validate() throws {
            try MemberInput.validatePass(pass)
            if let name { try MemberInput.validateName(name) }
            if let email { try MemberInput.validateEmail(email) }
            if let note { try MemberInput.validateNote(note) }
            if let expires { _ = try MemberInput.expiry(expires) }
        }

        func run() throws {
            let context = try DeskContext.open(global)
            var fields: [String: JSONValue] = [:]
            if let email, !email.isEmpty { fields["userEmailAddress"] = .string(email) }
            let changes = try plan.changes(context)
            if let product = plan.product {
                let sold = try PlanOptions.naming {
                    try context.club.addMember(passId: pass, username: name, fields: fields, expiresAt: try expires.flatMap(MemberInput.expiry),
                                               note: note.flatMap { $0.isEmpty ? nil : $0 }, selling: product, changes: changes,
                                               door: door.details, by: context.actor)
                }
                return try context.report(sold.member, json: json, Sell.walkInSummary(sold))
            }
            let member = try PlanOptions.naming {
                try context.club.addMember(passId: pass, username: name, fields: fields,
                                           expiresAt: try expires.flatMap(MemberInput.expiry),
                                           note: note.flatMap { $0.isEmpty ? nil : $0 }, plan: changes, door: door.details,
                                           by: context.actor)
            }
            try context.report(member, json: json, "added \(member.displayName): member \(member.memberId), pass \(member.passId)")
        }
    }

    struct Edit: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: tr("Change a member's fields (an empty value clears one)."))
        @OptionGroup var global: GlobalOptions
        @Argument(help: "A member id or a pass.") var id: String
        @Option(help: "The member's name.") var name: String?
        @Option(help: "The member's email address.") var email: String?
        @Option(help: "A new pass.") var pass: String?
        @Option(help: "active or suspended.") var status: MemberStatus?
        @Option(help: "Membership expiry: YYYY-MM-DD (valid through that day), an ISO-8601 time, or 'never'.") var expires: String?
        @Option(help: "A free-text note.") var note: String?
        @Option(help: ArgumentHelp("Erase one of the member's other fields (as `members show` names it); repeat for more.", valueName: "FIELD"))
        var unset: [String] = []
        @OptionGroup var plan: PlanOptions
        @OptionGroup var door: DoorOptions
        @Flag(help: "Print JSON.") var json = false

        func validate() throws {
            if let pass { try MemberInput.validatePass(pass) }
            if let name { try MemberInput.validateName(name) }
            if let email { try MemberInput.validateEmail(email) }
            if let note { try MemberInput.validateNote(note) }
            if let expires { _ = try MemberInput.expiry(expires) }
            if let product = plan.product { throw ValidationError("--plan: \(product) is a plan of the catalogue: sell it with members sell") }
            if [name, email, pass, expires, note].allSatisfy({ $0 == nil }) && status == nil && plan.isEmpty && door.isEmpty
                && unset.isEmpty {
                throw ValidationError("nothing to change: give at least one of --name, --email, --pass, --status, --expires, --note, --unset, --plan, --visits, --add-visits, --household, --birthday, --alert, --waiver, --guardian")
            }
        }

        func run() throws {
            let context = try DeskContext.open(global)
            let member = try context.member(id)
            var changes = MemberChanges(passId: pass, status: status)
            if let name { changes.username = .some(name.isEmpty ? nil : name) }
            if let email { changes.fields["userEmailAddress"] = email.isEmpty ? .null : .string(email) }
            if let expires { changes.expiresAt = .some(try MemberInput.expiry(expires)) }
            if let note { changes.note = .some(note.isEmpty ? nil : note) }
            // An erasure is an ordinary edit of that field (its value null), so it travels to other desks as any edit does.
            for field in unset { changes.fields[try MemberInput.extraField(field, of: member)] = .null }
            changes.plan = try plan.changes(context)
            door.apply(to: &changes)
            let updated = try PlanOptions.naming { try context.club.updateMember(id: member.memberId, changes, by: context.actor) }
            try context.report(updated, json: json, "updated \(updated.displayName) (member \(updated.memberId))")
        }
    }

    struct Delete: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: tr("Delete a member (a tombstone is kept for sync)."),
            discussion: tr("Asks first on a terminal; a script gives --yes (without a terminal and without --yes nothing is deleted, exit 1)."))
        @OptionGroup var global: GlobalOptions
        @Argument(help: "A member id or a pass.") var id: String
        @Flag(name: [.customShort("y"), .long], help: "Delete without asking.") var yes = false

        func run() throws {
            let context = try DeskContext.open(global)
            let member = try context.member(id)
            let who = "\(member.displayName) (member \(member.memberId), pass \(member.passId))"
            if !yes {
                switch CommandOutput.current.confirm("Delete \(who)?") {
                case nil:
                    throw DeskError.conflict("nothing deleted: no terminal to ask, run with --yes to delete \(who)")
                case false?:
                    print("nothing deleted (not confirmed)")
                    return
                case true?:
                    break
                }
            }
            let released = try context.club.deleteMember(id: member.memberId, by: context.actor)
            try context.forgetPhoto(member.photo)
            print("deleted \(member.displayName) (member \(member.memberId))")
            if !released.isEmpty {
                writeError("warning: \(CountText.of(released.count, "member")) of \(member.displayName)'s household "
                           + "\(released.count == 1 ? "is an open member" : "are open members") now: "
                           + released.map(\.displayName).joined(separator: ", ") + "\n")
            }
        }
    }
}

extension MemberSort {
    /// `lastvisit` is `lastVisit`: a sort is named without regard to case. A wrong one lists the
    /// choices on one line (ArgumentParser's own list puts six choices one a line).
    static func parse(_ argument: String) throws -> MemberSort {
        guard let sort = allCases.first(where: { $0.rawValue.lowercased() == argument.lowercased() }) else {
            throw ValidationError("choose one of " + allCases.map(\.rawValue).joined(separator: ", "))
        }
        return sort
    }
}
extension MemberStatus: ExpressibleByArgument {}
extension EffectiveStatus: ExpressibleByArgument {}
extension EnrolmentPolicy: ExpressibleByArgument {}
