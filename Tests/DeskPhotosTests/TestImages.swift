import DeskPhotos

/// Images made in the test through libjpeg and libpng: a gradient (so a JPEG of it has some size)
/// with a block of one colour in its top-left quarter.
enum TestImages {
    static func rgb(width: Int, height: Int, corner: (UInt8, UInt8, UInt8) = (220, 30, 30)) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                if x < width / 2, y < height / 2 {
                    out += [corner.0, corner.1, corner.2]
                } else {
                    out += [UInt8(x * 255 / max(1, width - 1)), UInt8(y * 255 / max(1, height - 1)), UInt8((x ^ y) & 0xFF)]
                }
            }
        }
        return out
    }

    static func jpeg(width: Int = 800, height: Int = 600, quality: Int = 90) -> [UInt8] {
        PhotoEncoding.jpeg(width: width, height: height, rgb: rgb(width: width, height: height), quality: quality)!
    }

    static func png(width: Int = 640, height: Int = 480) -> [UInt8] {
        PhotoEncoding.png(width: width, height: height, rgb: rgb(width: width, height: height))!
    }

    /// `jpeg` with an APP1 Exif segment right after its SOI carrying `orientation` (and a camera's name).
    static func withExif(_ jpeg: [UInt8], orientation: UInt16) -> [UInt8] {
        // TIFF, little-endian: header, IFD0 at 8 with two entries (Make, Orientation), no next IFD.
        var tiff: [UInt8] = [0x49, 0x49, 0x2A, 0x00, 0x08, 0x00, 0x00, 0x00, 0x02, 0x00]
        tiff += [0x0F, 0x01, 0x02, 0x00, 0x04, 0x00, 0x00, 0x00] + Array("Cam\0".utf8)  // Make, ASCII, 4: "Cam"
        tiff += [0x12, 0x01, 0x03, 0x00, 0x01, 0x00, 0x00, 0x00, UInt8(orientation & 0xFF), UInt8(orientation >> 8), 0x00, 0x00]
        tiff += [0x00, 0x00, 0x00, 0x00]
        let body = Array("Exif\0\0".utf8) + tiff
        let length = body.count + 2
        return [0xFF, 0xD8, 0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + body + jpeg.dropFirst(2)
    }

    /// A real JPEG whose frame header (SOF) is rewritten to claim `width` × `height`.
    static func jpegClaiming(width: Int, height: Int) -> [UInt8] {
        var bytes = jpeg(width: 16, height: 16)
        for i in 0..<(bytes.count - 9) where bytes[i] == 0xFF && (bytes[i + 1] == 0xC0 || bytes[i + 1] == 0xC1 || bytes[i + 1] == 0xC2) {
            bytes[i + 5] = UInt8(height >> 8); bytes[i + 6] = UInt8(height & 0xFF)
            bytes[i + 7] = UInt8(width >> 8); bytes[i + 8] = UInt8(width & 0xFF)
            break
        }
        return bytes
    }

    /// A PNG signature and IHDR (its CRC right) claiming `width` × `height`, then an IDAT of a few bytes.
    static func pngClaiming(width: Int, height: Int) -> [UInt8] {
        func be(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        let ihdr = Array("IHDR".utf8) + be(width) + be(height) + [8, 2, 0, 0, 0]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + be(13) + ihdr + be(Int(crc32(ihdr)))
            + be(4) + Array("IDAT".utf8) + [0x78, 0x9C, 0x03, 0x00] + be(Int(crc32(Array("IDAT".utf8) + [0x78, 0x9C, 0x03, 0x00])))
            + be(0) + Array("IEND".utf8) + be(Int(crc32(Array("IEND".utf8))))
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return crc ^ 0xFFFF_FFFF
    }

    /// Whether a JPEG holds an APP1 segment that starts "Exif".
    static func hasExif(_ jpeg: [UInt8]) -> Bool {
        var i = 2
        while i + 4 <= jpeg.count, jpeg[i] == 0xFF {
            let marker = jpeg[i + 1]
            if marker == 0xDA { return false }  // the scan: no more markers before it
            let length = Int(jpeg[i + 2]) << 8 | Int(jpeg[i + 3])
            if marker == 0xE1, i + 10 <= jpeg.count, Array(jpeg[(i + 4)..<(i + 8)]) == Array("Exif".utf8) { return true }
            i += 2 + length
        }
        return false
    }
}
