import Foundation
import MemberDeskTestSupport
import MemberKit
import Testing

/// `cards personalise` refuses to start without what it needs, with one line naming the key; the
/// tag itself is tested on vpcd (PCSCEndToEndTests+SUN).
@Suite struct CardsCommandTests {
    static let url = "https://club.example/c?picc_data=\(String(repeating: "0", count: 32))&cmac=\(String(repeating: "0", count: 16))"

    func keyFile(_ desk: InProcessDesk, _ text: String, mode: mode_t = 0o600) throws -> String {
        let path = desk.home.file("sun.key")
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        chmod(path, mode)
        return path
    }

    @Test func withoutKeysOrURLItSaysWhichKey() async throws {
        let desk = try InProcessDesk()
        let noKeys = await desk.run(["cards", "personalise"])
        #expect(noKeys.status == 1 && noKeys.stderr.contains("cards.sun_master_key_file"), "\(noKeys)")
        let path = try keyFile(desk, "C9EB67DF090AFF47C3B19A2516680B9D\n")
        try "[cards]\nsun_master_key_file = \"\(path)\"\n".write(toFile: desk.configPath, atomically: true, encoding: .utf8)
        let noURL = await desk.run(["cards", "personalise"])
        #expect(noURL.status == 1 && noURL.stderr.contains("'cards.sun_url' is empty"), "\(noURL)")
        try "[cards]\nsun_master_key_file = \"\(path)\"\nsun_url = \"https://club.example/c?cmac=0000000000000000\"\n"
            .write(toFile: desk.configPath, atomically: true, encoding: .utf8)
        let badURL = await desk.run(["cards", "personalise"])
        #expect(badURL.status == 1 && badURL.stderr.contains("no picc_data parameter"), "\(badURL)")
    }

    @Test(arguments: [("C9EB67DF090AFF47C3B19A2516680B9\n", "expected 32 hex characters"),
                      ("C9EB67DF090AFF47C3B19A2516680BZZ\n", "not 32 hex characters")])
    func aBadKeyFileIsOneLine(text: String, says: String) async throws {
        let desk = try InProcessDesk()
        let path = try keyFile(desk, text)
        try "[cards]\nsun_master_key_file = \"\(path)\"\nsun_url = \"\(Self.url)\"\n".write(toFile: desk.configPath, atomically: true, encoding: .utf8)
        let result = await desk.run(["cards", "personalise"])
        #expect(result.status == 1 && result.stderr.contains(says) && result.stderr.split(separator: "\n").count == 1, "\(result)")
    }

    @Test func aKeyFileOthersMayReadIsRefused() async throws {
        let desk = try InProcessDesk()
        let path = try keyFile(desk, "C9EB67DF090AFF47C3B19A2516680B9D\n", mode: 0o640)
        try "[cards]\nsun_master_key_file = \"\(path)\"\nsun_url = \"\(Self.url)\"\n".write(toFile: desk.configPath, atomically: true, encoding: .utf8)
        let result = await desk.run(["cards", "personalise"])
        #expect(result.status == 1 && result.stderr.contains("may be read by others (mode 640); chmod 600 it"), "\(result)")
    }

    @Test func configShowNamesTheCardsKeys() async throws {
        let desk = try InProcessDesk()
        let shown = await desk.run(["config", "show"]).stdout
        #expect(shown.contains("\n[cards]\n"))
        for line in ["require_secure = false", "sun_master_key_file = \"\"", "sun_meta_key_file = \"\"", "sun_file_key_file = \"\"",
                     "sun_picc_param = \"picc_data\"", "sun_cmac_param = \"cmac\"", "sun_url = \"\""] {
            #expect(shown.contains("\n" + line + "\n"), "\(line)")
        }
    }
}
