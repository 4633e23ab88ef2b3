import DeskPhotos
import DeskUI
import Foundation
import MemberKit
import Testing

@Suite struct PhotoArtTests {
    static func library(_ image: [UInt8]) throws -> (MemoryPhotoLibrary, String) {
        let stored = try PhotoImage.prepare(image)
        let hash = PhotoHash.of(stored)
        let library = MemoryPhotoLibrary()
        try library.adopt(stored, as: hash)
        return (library, hash)
    }

    @Test func symbolsAreHalfBlocksInThePhotosColours() throws {
        let (library, hash) = try Self.library(TestImages.jpeg(width: 300, height: 400))
        let art = ChafaPhotoArt(library: library, mode: .symbols, cellPixels: (10, 20))
        guard case .cells(let rows)? = art.art(photo: hash, columns: 9, rows: 6) else { Issue.record("no cells"); return }
        #expect(rows.count == 6 && rows.allSatisfy { $0.count == 9 })
        let glyphs = Set(rows.joined().map(\.text))
        #expect(glyphs.isSubset(of: [" ", "▀", "▄", "▌", "▐", "█"]), "\(glyphs)")
        #expect(rows.joined().allSatisfy { $0.style.colors != nil })
        // The red quarter: the top-left cell is red, whichever of its colours the glyph shows.
        let corner = try #require(rows[0][0].style.colors)
        let shown = rows[0][0].text == " " ? corner.background : corner.foreground
        #expect(shown >> 16 & 0xFF > 180 && shown >> 8 & 0xFF < 80, "\(String(shown, radix: 16))")
    }

    @Test func sixelAndKittyAreOneSequenceEach() throws {
        let (library, hash) = try Self.library(TestImages.jpeg())
        let sixel = ChafaPhotoArt(library: library, mode: .sixel, cellPixels: (10, 20)).art(photo: hash, columns: 9, rows: 6)
        guard case .image(let picture)? = sixel else { Issue.record("no sixel"); return }
        #expect(picture.sequence.hasPrefix("\u{1B}P"), "\(picture.sequence.prefix(12).debugDescription)")
        #expect(picture.sequence.hasSuffix("\u{1B}\\"))
        #expect((picture.columns, picture.rows) == (9, 6))
        let kitty = ChafaPhotoArt(library: library, mode: .kitty, cellPixels: (10, 20)).art(photo: hash, columns: 9, rows: 6)
        guard case .image(let graphic)? = kitty else { Issue.record("no kitty"); return }
        #expect(graphic.sequence.hasPrefix("\u{1B}_G"), "\(graphic.sequence.prefix(12).debugDescription)")
    }

    @Test func noneAndAMissingPhotoShowNothing() throws {
        let (library, hash) = try Self.library(TestImages.jpeg())
        #expect(ChafaPhotoArt(library: library, mode: .none).art(photo: hash, columns: 9, rows: 6) == nil)
        #expect(ChafaPhotoArt(library: library, mode: .symbols).art(photo: String(repeating: "0", count: 64), columns: 9, rows: 6) == nil)
    }

    @Test func artIsMadeOncePerPhotoAndSize() throws {
        let (library, hash) = try Self.library(TestImages.jpeg())
        let art = ChafaPhotoArt(library: library, mode: .sixel, cellPixels: (10, 20))
        let first = art.art(photo: hash, columns: 9, rows: 6)
        let start = ContinuousClock.now
        for _ in 0..<200 { _ = art.art(photo: hash, columns: 9, rows: 6) }
        #expect(ContinuousClock.now - start < .milliseconds(200))
        #expect(art.art(photo: hash, columns: 9, rows: 6) == first)
    }

    @Test(arguments: [
        (["TERM": "tmux-256color", "TMUX": "/tmp/tmux-0/default,1,0"], PhotoArtMode.symbols),
        (["TERM": "screen-256color"], .symbols),
        (["TERM": "xterm-kitty", "KITTY_WINDOW_ID": "1"], .kitty),
        (["TERM": "xterm-256color", "XTERM_VERSION": "XTerm(379)"], .sixel),
        (["TERM": "xterm-256color", "TERM_PROGRAM": "WezTerm"], .sixel),
        (["TERM": "foot"], .sixel),
        (["TERM": "linux"], .symbols),
        (["TERM": "xterm-256color"], .symbols),
        (["TERM": "vt100"], .none),
        (["TERM": "xterm-256color", "XTERM_VERSION": "XTerm(379)", "TMUX": "x"], .symbols),
    ] as [([String: String], PhotoArtMode)])
    func autoReadsTheEnvironment(_ environment: [String: String], _ mode: PhotoArtMode) {
        #expect(PhotoArtMode.detect(setting: "auto", environment: environment) == mode, "\(environment)")
    }

    @Test func aSettingWins() {
        #expect(PhotoArtMode.detect(setting: "none", environment: ["TERM": "xterm-kitty"]) == PhotoArtMode.none)
        #expect(PhotoArtMode.detect(setting: "sixel", environment: ["TMUX": "x"]) == .sixel)
    }

    @Test func theBannerDrawsThePhotoBesideTheName() throws {
        let (library, hash) = try Self.library(TestImages.jpeg())
        let art = ChafaPhotoArt(library: library, mode: .symbols, cellPixels: (10, 20))
        var banner = BannerModel(duration: 5)
        let member = MemberRecord(memberId: "m1", passId: "04A1", username: "Ada Lovelace", timeStampAdded: 0, modifiedAt: 0,
                                  modifiedBy: "t", photo: hash)
        let now = Date(timeIntervalSince1970: 1_000)
        banner.show(CheckInReport(time: now, source: .nfc, passId: "04A1", outcome: .checkedIn(member, visitNumber: 1), terminalId: "t"),
                    policy: .prompt, now: now)
        var grid = CellGrid(width: 80, height: 6)
        banner.render(into: &grid, rect: Rect(x: 0, y: 0, width: 80, height: 6), now: now, photos: art)
        let rows = (0..<6).map { y in grid.row(y).map(\.text).joined() }
        #expect(rows.allSatisfy { $0.dropFirst().prefix(9).contains { "▀▄▌▐█".contains($0) } || $0.dropFirst().prefix(9).allSatisfy { $0 == " " } })
        #expect(rows.joined().contains { "▀▄▌▐█".contains($0) }, "\(rows)")
        #expect(rows.contains { $0.contains("Ada Lovelace") })
        // Without a source the same banner has no art.
        var plain = CellGrid(width: 80, height: 6)
        banner.render(into: &plain, rect: Rect(x: 0, y: 0, width: 80, height: 6), now: now)
        #expect(!(0..<6).map { y in plain.row(y).map(\.text).joined() }.joined().contains { "▀▄▌▐█".contains($0) })
    }
}
