import ArgumentParser
import Foundation
import MemberKit

struct ConfigCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Show the effective configuration.",
        subcommands: [Show.self]
    )

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Print the effective configuration as TOML, with each key's meaning.")
        @OptionGroup var global: GlobalOptions

        func run() throws {
            let paths = DeskPaths()
            let path = paths.config(override: global.config)
            let config = try DeskConfig.load(path: path)
            let exists = FileManager.default.fileExists(atPath: path)
            print("# config file: \(path)\(exists ? "" : " (not present: defaults)")")
            print("# database: \(paths.database(override: global.db))")
            print(config.rendered(), terminator: "")
        }
    }
}
