import DeskSettings
import Foundation
import MemberDeskTestSupport
import MemberKit
import Testing

/// A config file named by `--config` must exist; only the default one may be absent.
@Suite struct ConfigFileCommandTests {
    @Test func aMissingNamedConfigIsAnError() async throws {
        let desk = try InProcessDesk()
        let missing = desk.home.path + "/no-such.toml"
        let error = "memberdesk: config file \(missing) does not exist (named by --config)\n"
        for command in [["members", "list"], ["config", "show"], ["checkin", "P1"]] {
            let result = await desk.run(command, config: missing)
            #expect(result == .init(status: 1, stdout: "", stderr: error), "\(command)")
        }
        #expect(!FileManager.default.fileExists(atPath: missing))
        #expect(await desk.run(["members", "list", "--json"]) == .init(status: 0, stdout: "", stderr: ""))
    }

    @Test func onlyTheDefaultPathMayBeAbsent() throws {
        let home = try TemporaryDirectory()
        let byDefault = DeskPaths(environment: ["HOME": home.path], userName: "someone")
        #expect(byDefault.configFile() == ConfigFile(path: home.path + "/.config/memberdesk/config.toml"))
        #expect(try DeskConfig.load(byDefault.configFile()) == DeskConfig())

        let named = DeskPaths(environment: ["HOME": home.path, "MEMBERDESK_CONFIG": home.path + "/typo.toml"], userName: "someone")
        #expect(named.configFile().namedBy == "MEMBERDESK_CONFIG")
        #expect(throws: DeskError.config("config file \(home.path)/typo.toml does not exist (named by MEMBERDESK_CONFIG)")) {
            try DeskConfig.load(named.configFile())
        }
        #expect(named.configFile(override: "/x.toml") == ConfigFile(path: "/x.toml", namedBy: "--config"))
    }
}
