import ArgumentParser
import DeskSettings
import Foundation
import MemberKit

struct ConfigCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Show the effective configuration.",
        subcommands: [Show.self, Example.self]
    )

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Print the effective configuration as TOML, with each key's meaning.")
        @OptionGroup var global: GlobalOptions

        func run() throws {
            let paths = DeskPaths()
            let file = paths.configFile(override: global.config)
            let path = file.path
            let config = try DeskConfig.load(file)
            let exists = FileManager.default.fileExists(atPath: path)
            print("# config file: \(path)\(exists ? "" : " (not present: defaults)")")
            print("# database: \(paths.database(override: global.db))")
            print(config.rendered(), terminator: "")
        }
    }

    struct Example: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print a config file with every key commented out at its default, each with its meaning.")

        func run() {
            print("# memberdesk configuration. Every key is optional: uncomment a key to change it.")
            print("# `memberdesk config show` prints the effective values.")
            print(DeskConfig().rendered(commentedOut: true), terminator: "")
        }
    }
}
