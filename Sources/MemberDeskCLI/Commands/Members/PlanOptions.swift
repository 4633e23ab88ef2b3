import ArgumentParser
import MemberKit

/// `members add` and `members edit`'s plan options: --plan, --visits, --add-visits, --household, --birthday.
struct PlanOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The member's plan: open, pack or household; members add also sells a plan of the catalogue (day: a day pass until closing).",
                               valueName: "plan"))
    var plan: PlanChoice?
    @Option(help: ArgumentHelp("Set the pack to N visits (0 or more; the plan becomes pack).", valueName: "N")) var visits: Int?
    @Option(name: .customLong("add-visits"), help: ArgumentHelp("Top the pack up by N visits (1 or more).", valueName: "N"))
    var addVisits: Int?
    @Option(help: ArgumentHelp("Put the member in the household of another member (its id or pass); empty leaves it.",
                               valueName: "ID-OR-PASS"))
    var household: String?
    @Option(help: ArgumentHelp("The member's birthday: YYYY-MM-DD, or without a year --birthday=--MM-DD (empty clears it).",
                               valueName: "DATE"))
    var birthday: String?

    /// A plan of the catalogue asked for with `--plan` (members add sells it).
    var product: String? { plan?.product }

    var isEmpty: Bool { plan == nil && visits == nil && addVisits == nil && household == nil && birthday == nil }

    func validate() throws {
        if let visits, visits < 0 { throw ValidationError("--visits must be 0 or more, not \(visits)") }
        if let addVisits, addVisits < 1 { throw ValidationError("--add-visits must be 1 or more, not \(addVisits)") }
        if visits != nil, addVisits != nil { throw ValidationError("give --visits or --add-visits, not both") }
        if let product, visits != nil || addVisits != nil || household != nil {
            throw ValidationError("--plan \(product) is sold from the catalogue, which gives its plan and visits: give no --visits, --add-visits or --household")
        }
        if let birthday, !birthday.isEmpty, Birthday(parsing: birthday) == nil {
            throw ValidationError("--birthday '\(birthday)' is not a day: use YYYY-MM-DD or --MM-DD (a day the calendar has)")
        }
    }

    /// The changes, with the household's member looked up (an unknown one is an error naming the option).
    func changes(_ context: DeskContext) throws -> PlanChanges {
        var changes = PlanChanges(plan: plan?.builtIn, visits: visits, addVisits: addVisits)
        if let household {
            if household.isEmpty {
                changes.household = .some(nil)
            } else {
                guard let head = try context.club.member(idOrPass: household) else {
                    throw ValidationError("--household: no member with id or pass '\(household)'")
                }
                changes.household = .some(head.memberId)
            }
        }
        if let birthday { changes.birthday = .some(birthday.isEmpty ? nil : Birthday(parsing: birthday)) }
        return changes
    }

    /// Runs a change, turning a refused plan edit into a one-line error naming the option (exit 64).
    static func naming<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as PlanEditError {
            let option = switch error.part {
            case .plan: "--plan"
            case .visits: "--visits"
            case .addVisits: "--add-visits"
            case .household: "--household"
            case .birthday: "--birthday"
            }
            throw ValidationError("\(option): \(error.reason)")
        }
    }
}

extension MemberPlan: ExpressibleByArgument {}
