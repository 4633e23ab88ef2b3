import ArgumentParser
import MemberKit

struct MemberDesk: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "memberdesk",
        abstract: "A membership and loyalty check-in terminal.",
        discussion: "With no subcommand, memberdesk starts the front-desk screen.",
        version: "0.1.0",
        subcommands: [
            MembersCommand.self,
            CheckInCommand.self,
            StatsCommand.self,
            ConfigCommand.self,
            ReadersCommand.self,
            ScanCommand.self,
            BeaconsCommand.self,
            RegionsCommand.self,
            ExportCommand.self,
            ImportCommand.self,
        ]
    )

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        print(Self.helpMessage())
    }
}
