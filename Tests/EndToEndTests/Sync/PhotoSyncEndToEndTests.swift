import DeskPhotos
import Foundation
import MemberDeskTestSupport
import Testing

/// Issue 48 section 5 through the binary: two desks, one folder. A photo given at Front desk is
/// in its `photos/` of the folder after `sync now`, and at Back desk (file and member) after its
/// sync; `--delete` at Front desk removes it from the folder and from Back desk.
@Suite("Photos through a sync folder", .serialized)
struct PhotoSyncEndToEndTests {
    static func run(_ desk: DeskBinary, _ arguments: [String]) throws -> DeskBinary.Result {
        let result = try desk.run(arguments)
        try #require(result.status == 0, "memberdesk \(arguments.joined(separator: " ")): \(result)")
        return result
    }

    static func photos(_ desk: DeskBinary) -> [String] {
        let folder = (desk.databasePath as NSString).deletingLastPathComponent + "/photos"
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    /// Every `DESK/photos/NAME` in the folder.
    static func published(_ folder: String) -> [String] {
        let desks = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return desks.flatMap { desk in
            ((try? FileManager.default.contentsOfDirectory(atPath: folder + "/" + desk + "/photos")) ?? []).map { desk + "/photos/" + $0 }
        }.sorted()
    }

    @Test func aPhotoTravelsAndItsDeletionFollows() throws {
        let folder = try TemporaryDirectory()
        let front = try DeskBinary(), back = try DeskBinary()
        for (desk, name) in [(front, "Front desk"), (back, "Back desk")] {
            try desk.writeConfig("terminal_name = \"\(name)\"\n[sync]\nfolder = \"\(folder.path)\"\n")
        }
        _ = try Self.run(front, ["members", "add", "--pass", "04E1", "--name", "Eve"])
        let file = folder.path + "/../eve-\(UUID().uuidString).png"
        defer { try? FileManager.default.removeItem(atPath: file) }
        try Data(try #require(PhotoEncoding.png(width: 300, height: 400, rgb: PhotoEndToEndTests.image(width: 300, height: 400))))
            .write(to: URL(fileURLWithPath: file))
        _ = try Self.run(front, ["members", "photo", "04E1", file])
        let hash = String(try #require(Self.photos(front).first).dropLast(4))
        _ = try Self.run(front, ["sync", "now"])
        #expect(Self.published(folder.path).count == 1 && Self.published(folder.path)[0].hasSuffix("/photos/\(hash).jpg"))

        let read = try Self.run(back, ["sync", "now"])
        #expect(!read.stdout.contains("refused"), "\(read.stdout)")
        #expect(Self.photos(back) == [hash + ".jpg"])
        #expect(try Self.run(back, ["members", "show", "04E1", "--json"]).stdout.contains("\"photo\":\"\(hash)\""))
        #expect(Self.published(folder.path).count == 2)  // Back desk publishes what it holds too

        _ = try Self.run(front, ["members", "photo", "04E1", "--delete"])
        _ = try Self.run(front, ["sync", "now"])
        _ = try Self.run(back, ["sync", "now"])
        #expect(Self.photos(back).isEmpty)
        #expect(Self.published(folder.path).isEmpty, "\(Self.published(folder.path))")
        #expect(try Self.run(back, ["members", "show", "04E1", "--json"]).stdout.contains("\"photo\":null"))
    }
}
