import DeskPhotos
import Foundation
import MemberDeskTestSupport
import Testing

/// Issue 48 section 5 through the built binary: `members photo` stores a small JPEG beside the
/// database and points the member at it; a bad file changes nothing; `--delete` removes both.
@Suite("Member photos", .serialized)
struct PhotoEndToEndTests {
    /// An orange picture with a dark stripe: its colour is none of the desk's own.
    static func image(width: Int, height: Int) -> [UInt8] {
        var rgb: [UInt8] = []
        for y in 0..<height {
            for _ in 0..<width { rgb += y % 40 < 4 ? [40, 40, 40] : [240, 140, 20] }
        }
        return rgb
    }

    static func write(_ bytes: [UInt8], _ path: String) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    static func photos(_ desk: DeskBinary) -> [String] {
        let folder = (desk.databasePath as NSString).deletingLastPathComponent + "/photos"
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    static func json(_ desk: DeskBinary, _ pass: String) throws -> [String: Any] {
        let shown = try desk.run(["members", "show", pass, "--json"])
        return try #require(try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any], "\(shown.stdout)")
    }

    @Test func aPhotoIsStoredSmallAndDeleted() throws {
        let desk = try DeskBinary()
        try #require(try desk.run(["members", "add", "--pass", "ANNA", "--name", "Anna"]).status == 0)
        let file = desk.home.path + "/anna.jpg"
        try Self.write(try #require(PhotoEncoding.jpeg(width: 1200, height: 1600, rgb: Self.image(width: 1200, height: 1600))), file)
        let stored = try desk.run(["members", "photo", "ANNA", file])
        #expect(stored.status == 0, "\(stored.stderr)")
        #expect(stored.stdout.hasPrefix("photo of Anna stored ("), "\(stored.stdout)")
        let hash = try #require(try Self.json(desk, "ANNA")["photo"] as? String)
        #expect(Self.photos(desk) == [hash + ".jpg"])
        let folder = (desk.databasePath as NSString).deletingLastPathComponent + "/photos/"
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder + hash + ".jpg")))
        #expect(PhotoHash.of(bytes) == hash && bytes.count <= 64 << 10)
        let decoded = try #require(PhotoEncoding.decoded(bytes))
        #expect((decoded.width, decoded.height) == (240, 320))
        #expect(try desk.run(["members", "show", "ANNA"]).stdout.contains("photo"))
        let audit = try desk.run(["audit", "--json"]).stdout
        #expect(audit.contains("\"field\":\"photo\"") && audit.contains(hash), "\(audit)")

        let gone = try desk.run(["members", "photo", "ANNA", "--delete"])
        #expect(gone.status == 0 && gone.stdout == "photo of Anna removed\n", "\(gone.stdout)\(gone.stderr)")
        #expect(try Self.json(desk, "ANNA")["photo"] is NSNull)
        #expect(Self.photos(desk).isEmpty)
        let record = try desk.run(["audit", "--json"]).stdout
        #expect(try desk.run(["members", "photo", "ANNA", "--delete"]).stdout == "Anna had no photo\n")
        #expect(try desk.run(["audit", "--json"]).stdout == record)  // no edit
    }

    @Test func aBadFileIsOneLineAndChangesNothing() throws {
        let desk = try DeskBinary()
        try #require(try desk.run(["members", "add", "--pass", "BEN", "--name", "Ben"]).status == 0)
        let good = desk.home.path + "/ben.png"
        try Self.write(try #require(PhotoEncoding.png(width: 300, height: 400, rgb: Self.image(width: 300, height: 400))), good)
        try #require(try desk.run(["members", "photo", "BEN", good]).status == 0)
        let before = try #require(try Self.json(desk, "BEN")["photo"] as? String)
        let auditBefore = try desk.run(["audit", "--json"]).stdout

        let jpeg = try #require(PhotoEncoding.jpeg(width: 400, height: 300, rgb: Self.image(width: 400, height: 300)))
        var bomb = jpeg
        if let sof = (0..<(bomb.count - 9)).first(where: { bomb[$0] == 0xFF && bomb[$0 + 1] == 0xC0 }) {
            bomb.replaceSubrange((sof + 5)..<(sof + 9), with: [0xEA, 0x60, 0xEA, 0x60])  // 60000 × 60000
        }
        let cases: [(String, [UInt8], String)] = [
            ("notes.txt", Array("Ben's photo is in the drawer\n".utf8), "not a JPEG or PNG image"),
            ("cut.jpg", Array(jpeg.prefix(jpeg.count / 3)), "cannot be read as an image"),
            ("bomb.jpg", bomb, "60000×60000 pixels is too large"),
        ]
        for (name, bytes, says) in cases {
            let path = desk.home.path + "/" + name
            try Self.write(bytes, path)
            let refused = try desk.run(["members", "photo", "BEN", path])
            #expect(refused.status != 0, "\(name)")
            #expect(refused.stdout.isEmpty)
            #expect(refused.stderr.contains(path) && refused.stderr.contains(says), "\(name): \(refused.stderr)")
            #expect(refused.stderr.split(separator: "\n").count == 1, "\(name): \(refused.stderr)")
        }
        let missing = try desk.run(["members", "photo", "BEN", desk.home.path + "/none.jpg"])
        #expect(missing.status != 0 && missing.stderr.contains("cannot read"), "\(missing.stderr)")
        let neither = try desk.run(["members", "photo", "BEN"])
        #expect(neither.status != 0 && neither.stderr.contains("give an image FILE, or --delete"), "\(neither.stderr)")
        #expect(try Self.json(desk, "BEN")["photo"] as? String == before)
        #expect(Self.photos(desk) == [before + ".jpg"])
        #expect(try desk.run(["audit", "--json"]).stdout == auditBefore)
    }

    @Test func aDeletedMembersPhotoGoesWithIt() throws {
        let desk = try DeskBinary()
        try #require(try desk.run(["members", "add", "--pass", "DORA", "--name", "Dora"]).status == 0)
        let file = desk.home.path + "/dora.jpg"
        try Self.write(try #require(PhotoEncoding.jpeg(width: 300, height: 400, rgb: Self.image(width: 300, height: 400))), file)
        try #require(try desk.run(["members", "photo", "DORA", file]).status == 0)
        #expect(Self.photos(desk).count == 1)
        try #require(try desk.run(["members", "delete", "DORA", "--yes"]).status == 0)
        #expect(Self.photos(desk).isEmpty)
    }

    /// The member form's Photo field in tmux: a path typed there gives the member the photo, and
    /// the next check-in shows it; "-" there removes it.
    @Test func theFormTakesAPhotoFile() throws {
        let desk = try DeskBinary()
        try desk.writeConfig("[reader]\nname = \"no reader for the photo tests\"\n")
        try #require(try desk.run(["members", "add", "--pass", "04F0F0F0", "--name", "Finn Form"]).status == 0)
        let file = desk.home.path + "/finn.png"
        try Self.write(try #require(PhotoEncoding.png(width: 300, height: 400, rgb: Self.image(width: 300, height: 400))), file)
        let tmux = try TmuxSession(command: [DeskBinary.path], environment: desk.terminalEnvironment,
                                   directory: desk.home.path, width: 100, height: 40)
        defer { tmux.kill() }
        try tmux.waitForList(1)
        try tmux.press("F2")
        try tmux.waitFor("Visit history")
        try tmux.press("BTab")  // from Name back round to the last field, Photo
        try tmux.type(file)
        try tmux.press("Enter")
        try tmux.waitFor("updated")
        let hash = try #require(try Self.json(desk, "04F0F0F0")["photo"] as? String)
        #expect(Self.photos(desk) == [hash + ".jpg"])
        try tmux.press("F4")
        try tmux.waitFor("Type or paste a pass id")
        try tmux.type("04f0f0f0")
        try tmux.press("Enter")
        try tmux.waitFor("the welcome with block art beside it") { screen in
            screen.split(separator: "\n").contains { $0.contains("Welcome, Finn Form") && $0.contains { "▀▄▌▐█".contains($0) } }
        }
        try tmux.press("Escape")
        try tmux.press("F2")
        try tmux.waitFor("Visit history")
        try tmux.press("BTab")
        try tmux.type("-")
        try tmux.press("Enter")
        let cleared = waitUntil(timeout: 15) { (try? Self.json(desk, "04F0F0F0")["photo"] is NSNull) == true }
        #expect(cleared)
        try tmux.press("F10")
    }

    /// The desk in tmux (block art: tmux passes no pictures through): a check-in of a member with
    /// a photo shows half blocks left of the name, in the photo's colour.
    @Test func theBannerShowsThePhotoAsBlocksInTmux() throws {
        let desk = try DeskBinary()
        try desk.writeConfig("[reader]\nname = \"no reader for the photo tests\"\n")
        try #require(try desk.run(["members", "add", "--pass", "04C0FFEE", "--name", "Cleo Photo"]).status == 0)
        let file = desk.home.path + "/cleo.jpg"
        try Self.write(try #require(PhotoEncoding.jpeg(width: 300, height: 400, rgb: Self.image(width: 300, height: 400))), file)
        try #require(try desk.run(["members", "photo", "04C0FFEE", file]).status == 0)
        let tmux = try TmuxSession(command: [DeskBinary.path], environment: desk.terminalEnvironment,
                                   directory: desk.home.path, width: 100, height: 40)
        defer { tmux.kill() }
        try tmux.waitFor("Cleo Photo")
        try tmux.press("F4")
        try tmux.waitFor("Type or paste a pass id")
        try tmux.type("04c0ffee")
        try tmux.press("Enter")
        let screen = try tmux.waitFor("the welcome with block art beside it") { screen in
            screen.contains("Welcome, Cleo Photo") && screen.split(separator: "\n").contains { $0.contains("Welcome") && $0.contains { "▀▄▌▐█".contains($0) } }
        }
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let welcome = try #require(lines.firstIndex { $0.contains("Welcome, Cleo Photo") })
        // The art is left of the text, on the banner's rows.
        let art = lines[max(0, welcome - 3)...min(lines.count - 1, welcome + 3)].filter { $0.prefix(12).contains { "▀▄▌▐█".contains($0) } }
        #expect(art.count >= 4, "\(screen)")
        // Its colour is the photo's orange (xterm's 256 colours: 208 or 214), not one of the desk's.
        let styled = try tmux.styledScreen()
        #expect(styled.contains("38;5;208") || styled.contains("48;5;208") || styled.contains("38;5;214") || styled.contains("48;5;214")
                || styled.contains("38;5;209") || styled.contains("48;5;209"), "\(styled.prefix(3000))")
        try tmux.press("F10")
    }
}
