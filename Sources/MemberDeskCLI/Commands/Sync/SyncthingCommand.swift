import ArgumentParser
import DeskSettings
import FolderSync
import Foundation
import MemberKit

/// Syncthing set up without its XML: through its REST API on this machine.
struct SyncthingCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "syncthing",
        abstract: "Set up Syncthing to carry the sync folder: this desk's id, share with another desk, status.",
        subcommands: [ID.self, Add.self, Status.self]
    )

    struct Connection: ParsableArguments {
        @Option(help: ArgumentHelp("Syncthing's home, holding config.xml (default: its usual places).", valueName: "dir"))
        var syncthingHome: String?
        @Option(help: ArgumentHelp("Syncthing's API key (default: from config.xml).", valueName: "key")) var apiKey: String?
        @Option(help: ArgumentHelp("Syncthing's GUI/API address (default: from config.xml).", valueName: "url")) var url: String?

        func api() throws -> SyncthingAPI { try SyncthingAPI(url: url, apiKey: apiKey, home: syncthingHome) }
    }

    struct ID: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "id", abstract: "Print this desk's Syncthing device id.")
        @OptionGroup var connection: Connection

        func run() throws { print(try connection.api().myID()) }
    }

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Share the sync folder with another desk's Syncthing (adding the folder to Syncthing if needed).")
        @OptionGroup var global: GlobalOptions
        @OptionGroup var connection: Connection
        @Argument(help: "The other desk's device id (`memberdesk sync syncthing id` there).") var deviceId: String
        @Option(help: "A name for that desk.") var name: String?
        @Option(help: ArgumentHelp("Where to reach it, e.g. tcp://192.0.2.7:22000 (default: discovery).", valueName: "address"))
        var address: [String] = []

        func validate() throws {
            // Syncthing's ids: eight groups of seven letters and digits.
            let groups = deviceId.split(separator: "-")
            guard groups.count == 8, groups.allSatisfy({ $0.count == 7 && $0.allSatisfy { $0.isLetter || $0.isNumber } }) else {
                throw ValidationError("'\(deviceId)' is not a Syncthing device id (eight groups of seven characters)")
            }
        }

        func run() throws {
            let context = try DeskContext.open(global)
            guard let settings = SyncSettings(context.config) else { throw SyncError.off }
            let api = try connection.api()
            let done = try api.share(folder: SyncFolder(path: settings.folder, files: LocalSyncFolderFiles()).path, with: deviceId.uppercased(), name: name,
                                     addresses: address)
            print(done.isEmpty ? "already shared with \(deviceId)" : done.joined(separator: "; "))
        }
    }

    struct Status: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Other desks' Syncthing: connected or not, and how far in sync.")
        @OptionGroup var connection: Connection
        @Flag(help: "Print JSON.") var json = false

        func run() throws {
            let peers = try connection.api().peers()
            if json {
                print(SyncText.json(peers))
                return
            }
            if peers.isEmpty { print("no other desks: add one with memberdesk sync syncthing add DEVICE-ID") }
            for peer in peers {
                let completion = peer.completion.map { String(format: "%.0f%% in sync", $0) } ?? "sync unknown"
                print("\(peer.name ?? "?") \(peer.deviceID): \(peer.connected ? "connected" : "not connected"), \(completion)")
            }
        }
    }
}
