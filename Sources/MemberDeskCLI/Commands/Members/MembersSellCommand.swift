import ArgumentParser
import Foundation
import MemberKit

extension MembersCommand {
    /// `members sell`: a plan of the catalogue applied to a member, and the sale recorded (no
    /// payment is taken: this is the record a front desk keeps).
    struct Sell: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Sell a plan of the catalogue to a member: apply it and record the sale.",
            discussion: """
                PLAN is a [plans.catalogue.NAME] of the config (memberdesk config show lists them), or day for the \
                built-in one-day pass at price 0 when the catalogue has no day. A pack adds its visits, an open plan \
                runs valid_days from today or from the current expiry (the later), a day pass ends at closing time. \
                The sale (plan, price, currency, operator, desk, time) goes in the audit and to the other desks.
                """)
        @OptionGroup var global: GlobalOptions
        @Argument(help: "A member id or a pass.") var id: String
        @Argument(help: "The plan to sell: a name of the catalogue.") var plan: String
        @Flag(help: "Print JSON: the member as sold, with the sale under \"sale\".") var json = false

        func validate() throws {
            guard PlanCatalogue.isValidName(plan) else {
                throw ValidationError("PLAN '\(plan)' is not a plan's name: lowercase letters, digits and '-'")
            }
        }

        func run() throws {
            let context = try DeskContext.open(global)
            let member = try context.member(id)
            let sold = try context.club.sell(plan, to: member.memberId, by: context.actor)
            if json {
                var object = JSONOutput.member(sold.member, fields: context.club.settings.memberFields,
                                               at: context.club.clock.now().timeIntervalSince1970, standing: try context.standing(sold.member))
                object["sale"] = Self.object(sold.sale)
                JSONOutput.print(object)
            } else {
                let standing = try context.standing(sold.member)
                print("sold \(sold.sale.plan) for \(Self.amount(sold.sale)) to \(sold.member.displayName) (member \(sold.member.memberId)): "
                    + "\(MemberTable.planText(sold.member, standing)), expires \(MemberTable.expiryText(sold.member))")
            }
        }

        /// What `members add --plan NAME` says of its walk-in.
        static func walkInSummary(_ sold: (member: MemberRecord, sale: SaleRecord)) -> String {
            "added \(sold.member.displayName): member \(sold.member.memberId), pass \(sold.member.passId); "
                + "sold \(sold.sale.plan) for \(amount(sold.sale)), expires \(MemberTable.expiryText(sold.member))"
        }

        /// "120.00 EUR", or "120.00" when no currency is set.
        static func amount(_ sale: SaleRecord) -> String {
            sale.currency.isEmpty ? sale.price.description : "\(sale.price) \(sale.currency)"
        }

        static func object(_ sale: SaleRecord) -> JSONValue {
            .object(["plan": .string(sale.plan), "kind": .string(sale.kind), "price": .string(sale.price.description),
                     "currency": .string(sale.currency), "operator": .string(sale.seller), "desk": .string(sale.desk),
                     "time": JSONOutput.time(sale.time)])
        }
    }
}

/// `--plan`: a built-in plan (open, pack, household), or the name of a plan of the catalogue.
enum PlanChoice: ExpressibleByArgument, Equatable {
    case builtIn(MemberPlan)
    case product(String)

    init?(argument: String) {
        if let plan = MemberPlan(rawValue: argument) {
            self = .builtIn(plan)
        } else if PlanCatalogue.isValidName(argument) {
            self = .product(argument)
        } else {
            return nil
        }
    }

    var builtIn: MemberPlan? { if case .builtIn(let plan) = self { plan } else { nil } }
    var product: String? { if case .product(let name) = self { name } else { nil } }
}
