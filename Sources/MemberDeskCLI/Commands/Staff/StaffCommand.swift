import ArgumentParser
import Foundation
import MemberKit
import StaffAuth

struct StaffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "staff",
        abstract: "Add, list and remove the operators who sign in at the front desk.",
        discussion: """
            A PIN is 4 to 12 digits, asked twice on a terminal (or one line of standard input with \
            --pin-stdin); it is stored only as an Argon2id hash. A staff card cannot be a member's card.
            """,
        subcommands: [Add.self, List.self, Remove.self, Pin.self, Card.self]
    )

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Add an operator (asks for a PIN).")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The operator's name.") var name: String
        @Option(help: "desk or manager.") var role: StaffRole
        @Option(help: "A staff card (a card UID or pass) to sign in with.") var card: String?
        @Flag(name: .customLong("pin-stdin"), help: "Read the PIN from standard input (one line).") var pinStandardInput = false

        func run() throws {
            let context = try DeskContext.open(global)
            let pin = try PINEntry.read(fromStandardInput: pinStandardInput)
            let account = try context.club.addStaff(name: name, role: role, card: card, pin: pin,
                                                    hasher: try SodiumPINHasher(), by: context.actor)
            print("added \(account.name) (\(account.role.rawValue)\(account.card.map { ", card \($0)" } ?? ""))")
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List operators (never their PINs' hashes).")
        @OptionGroup var global: GlobalOptions
        @Flag(help: "Print JSON lines.") var json = false

        func run() throws {
            let context = try DeskContext.open(global, readOnly: true)
            let accounts = try context.database.staff()
            if json {
                for account in accounts { JSONOutput.print(StaffOutput.json(account)) }
                return
            }
            StaffOutput.table(accounts)
        }
    }

    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Remove an operator (the removal syncs to other desks).")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The operator's name.") var name: String

        func run() throws {
            let context = try DeskContext.open(global)
            try context.club.removeStaff(name: name, by: context.actor)
            print("removed \(name)")
        }
    }

    struct Pin: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Give an operator a new PIN.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The operator's name.") var name: String
        @Flag(name: .customLong("pin-stdin"), help: "Read the PIN from standard input (one line).") var pinStandardInput = false

        func run() throws {
            let context = try DeskContext.open(global)
            guard try context.database.staffAccount(named: name) != nil else {
                throw DeskError.notFound("no operator named '\(name)'")
            }
            let pin = try PINEntry.read(fromStandardInput: pinStandardInput)
            try context.club.setStaffPIN(name: name, pin: pin, hasher: try SodiumPINHasher(), by: context.actor)
            print("new PIN for \(name)")
        }
    }

    struct Card: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Give an operator a staff card.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The operator's name.") var name: String
        @Argument(help: "The card UID or pass.") var pass: String

        func run() throws {
            let context = try DeskContext.open(global)
            let card = try context.club.setStaffCard(name: name, card: pass, by: context.actor)
            print("\(name) now signs in with card \(card)")
        }
    }
}

extension StaffRole: ExpressibleByArgument {
    public init?(argument: String) { try? self.init(parsing: argument) }
}
