import ArgumentParser
import Foundation
import MemberKit

struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write the member list to a .musrl, .mucsv or .csv file (atomically).",
        discussion: """
            memberdesk's additions (visit counters, modification times, status, note) are included unless --clubkit is given. \
            A .musrl or .mucsv file carries deleted members too (as tombstones, for sync); a .csv for spreadsheets, \
            like --clubkit, holds live members only.
            """
    )

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The file to write; its extension (.musrl, .mucsv, .csv) picks the format.") var file: String
    @Option(help: "musrl, mucsv or csv (overrides the extension).") var format: ExchangeFormat?
    @Flag(help: "Strict ClubKit output: live members and ClubKit's fields only.") var clubkit = false

    func run() throws {
        let chosen = try ExchangeFormat(path: file, override: format)
        // Not read-only: opening records the configured terminal name, which a read-only open cannot.
        let context = try DeskContext.open(global)
        let exporter = MemberExporter(database: context.database, memberFields: context.club.settings.memberFields)
        let bar = ProgressBar(label: "exporting")
        let count = try exporter.export(to: file, format: chosen, clubKit: clubkit) { bar.update(done: $0, total: $1) }
        bar.finish()
        let notice = count.exportNotice(file: file, format: chosen)
        try context.club.record(notice, by: context.actor)
        print(notice.summary)
    }
}

extension ExchangeFormat: ExpressibleByArgument {}
