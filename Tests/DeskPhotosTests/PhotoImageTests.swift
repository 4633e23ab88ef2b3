import DeskPhotos
import Testing

@Suite struct PhotoImageTests {
    @Test func aJPEGIsStoredSmallUnderTheCap() throws {
        let stored = try PhotoImage.prepare(TestImages.jpeg(width: 800, height: 600))
        let decoded = try #require(PhotoEncoding.decoded(stored))
        #expect((decoded.width, decoded.height) == (240, 180))
        #expect(stored.count <= PhotoImage.maxStoredBytes)
        #expect(Array(stored.prefix(3)) == [0xFF, 0xD8, 0xFF])
        // The top-left quarter keeps its red.
        let pixel = Array(decoded.rgb[(20 * 240 + 20) * 3..<(20 * 240 + 20) * 3 + 3])
        #expect(pixel[0] > 180 && pixel[1] < 80 && pixel[2] < 80, "\(pixel)")
    }

    @Test func aPNGIsStoredAsAJPEG() throws {
        let stored = try PhotoImage.prepare(TestImages.png(width: 300, height: 400))
        let decoded = try #require(PhotoEncoding.decoded(stored))
        #expect((decoded.width, decoded.height) == (240, 320))
        #expect(Array(stored.prefix(2)) == [0xFF, 0xD8])
    }

    @Test func aSmallImageIsNotEnlarged() throws {
        let stored = try PhotoImage.prepare(TestImages.png(width: 40, height: 30))
        let decoded = try #require(PhotoEncoding.decoded(stored))
        #expect((decoded.width, decoded.height) == (40, 30))
    }

    @Test func aNoisyPhotoStillFitsTheCap() throws {
        // Noise compresses badly: the quality steps down until it fits.
        var state: UInt32 = 1
        let noise = (0..<(240 * 320 * 3)).map { _ -> UInt8 in state = state &* 1_103_515_245 &+ 12345; return UInt8(state >> 24) }
        let stored = try PhotoImage.prepare(try #require(PhotoEncoding.png(width: 240, height: 320, rgb: noise)))
        #expect(stored.count <= PhotoImage.maxStoredBytes)
    }

    @Test func exifIsDroppedAndItsOrientationApplied() throws {
        let tagged = TestImages.withExif(TestImages.jpeg(width: 400, height: 200), orientation: 6)
        #expect(TestImages.hasExif(tagged))
        let stored = try PhotoImage.prepare(tagged)
        #expect(!TestImages.hasExif(stored))
        #expect(!stored.indices.dropLast(3).contains { stored[$0] == 0x43 && stored[$0 + 1] == 0x61 && stored[$0 + 2] == 0x6D && stored[$0 + 3] == 0 })
        // Turned a quarter clockwise: 400 × 200 becomes 200 × 400, then fits 160 × 320; the red
        // quarter (top-left) is now top-right.
        let decoded = try #require(PhotoEncoding.decoded(stored))
        #expect((decoded.width, decoded.height) == (160, 320))
        let at = (20 * 160 + 140) * 3
        #expect(decoded.rgb[at] > 180 && decoded.rgb[at + 1] < 80, "\(Array(decoded.rgb[at..<at + 3]))")
    }

    @Test func theSameImageIsTheSamePhoto() throws {
        let image = TestImages.jpeg()
        let first = try PhotoImage.prepare(image)
        let second = try PhotoImage.prepare(image)
        #expect(first == second)
        #expect(PhotoHash.of(first) == PhotoHash.of(second))
        #expect(PhotoHash.of(first).count == 64)
        #expect(PhotoHash.of([]) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    @Test(arguments: [
        ("truncated JPEG", Array(TestImages.jpeg().prefix(4000)), "cannot be read as an image"),
        ("truncated PNG", Array(TestImages.png().dropLast(200)), "cannot be read as an image"),
        ("text", Array("name,pass\nAda,04A1\n".utf8), "not a JPEG or PNG image"),
        ("empty", [], "empty file"),
        ("JPEG bomb", TestImages.jpegClaiming(width: 60000, height: 60000), "60000×60000 pixels is too large"),
        ("PNG bomb", TestImages.pngClaiming(width: 60000, height: 60000), "60000×60000 pixels is too large"),
        ("PNG wider than a side", TestImages.pngClaiming(width: 12000, height: 10), "12000×10 pixels is too large"),
        ("JPEG signature only", [0xFF, 0xD8, 0xFF, 0xE0], "cannot be read as an image"),
    ] as [(String, [UInt8], String)])
    func aBadFileIsRefusedWithOneLine(_ name: String, _ bytes: [UInt8], _ says: String) {
        #expect(throws: PhotoError.self, "\(name)") { try PhotoImage.prepare(bytes) }
        do {
            _ = try PhotoImage.prepare(bytes)
        } catch {
            #expect(error.description.contains(says), "\(name): \(error)")
            #expect(!error.description.contains("\n"), "\(name): \(error)")
        }
    }

    @Test func aFileOverTheCapIsRefusedUnread() {
        let big = [0xFF, 0xD8, 0xFF] + [UInt8](repeating: 0, count: PhotoImage.maxFileBytes)
        #expect(throws: PhotoError.self) { try PhotoImage.prepare(big) }
    }

    @Test func aStoredPhotoFromElsewhereIsCheckedAgain() throws {
        let stored = try PhotoImage.prepare(TestImages.jpeg())
        try PhotoImage.checkStored(stored)
        #expect(throws: PhotoError.self) { try PhotoImage.checkStored(TestImages.png(width: 20, height: 20)) }  // not what a desk stores
        #expect(throws: PhotoError.self) { try PhotoImage.checkStored(TestImages.jpeg(width: 800, height: 600, quality: 50)) }  // too large a picture
        #expect(throws: PhotoError.self) { try PhotoImage.checkStored(Array(stored.prefix(stored.count / 2))) }
    }
}
