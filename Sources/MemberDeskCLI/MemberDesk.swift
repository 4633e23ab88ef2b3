import ArgumentParser
import DeskLanguage
import MemberKit

public struct MemberDesk: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "memberdesk",
        abstract: tr("A membership and loyalty check-in terminal."),
        discussion: tr("With no subcommand, memberdesk starts the front-desk screen."),
        version: MemberDeskVersion.current,
        subcommands: [
            MembersCommand.self,
            CheckInCommand.self,
            CheckOutCommand.self,
            InsideCommand.self,
            VisitsCommand.self,
            ReportCommand.self,
            StatsCommand.self,
            ConfigCommand.self,
            ReadersCommand.self,
            CardsCommand.self,
            ScanCommand.self,
            BeaconsCommand.self,
            RegionsCommand.self,
            ExportCommand.self,
            ImportCommand.self,
            SyncCommand.self,
            BackupCommand.self,
            RestoreCommand.self,
            DoctorCommand.self,
            StaffCommand.self,
            AuditCommand.self,
            MQTTCommand.self,
            WalletCommand.self,
        ]
    )

    @OptionGroup var global: GlobalOptions

    // Synchronous on purpose: main.swift's `await asyncCommand.run()` resolves to the sync default
    // (which prints help), and the front desk's loop runs on this thread anyway.
    public init() {}

    public func run() throws {
        try FrontDeskLauncher.run(global)
    }
}
