import CPhoto

/// The one way an image becomes a member's photo: a JPEG or PNG is checked (its size from the
/// header, before any pixel is decoded), decoded, turned upright by its EXIF orientation, scaled
/// to fit `maxWidth` × `maxHeight` and written again as a plain JPEG, under `maxStoredBytes`.
/// Writing it again drops every EXIF field (the camera, the place) and anything else the file carried.
public enum PhotoImage {
    /// Larger files are refused unread.
    public static let maxFileBytes = 10 << 20
    /// A decompression bomb's header claims more than these.
    public static let maxPixels = 40_000_000
    public static let maxSide = 10_000
    /// The stored photo: a passport's proportions, enough for a banner's few cells.
    public static let maxWidth = 240
    public static let maxHeight = 320
    public static let maxStoredBytes = 64 << 10
    static let qualities = [80, 70, 60, 50, 40, 30]
    /// A `fitting` that no JPEG scale meets: decoded at full size.
    static let whole = (1 << 30, 1 << 30)

    /// The stored JPEG made from a file's bytes, or the one-line reason it is refused.
    public static func prepare(_ bytes: [UInt8]) throws(PhotoError) -> [UInt8] {
        // A JPEG decodes at the smallest scale still covering the box either way up.
        let decoded = try decode(bytes, fitting: (maxHeight, maxHeight))
        var upright = decoded.pixels
        if decoded.orientation != 1 {
            guard let turned = upright.oriented(decoded.orientation) else { throw PhotoError("out of memory") }
            upright = turned
        }
        let (width, height) = fitted(upright.width, upright.height)
        let small = width == upright.width && height == upright.height ? upright : upright.scaled(width: width, height: height)
        guard let small else { throw PhotoError("out of memory") }
        for quality in qualities {
            guard let jpeg = small.jpeg(quality: quality) else { throw PhotoError("cannot be written as JPEG") }
            if jpeg.count <= maxStoredBytes { return jpeg }
        }
        throw PhotoError("does not fit in \(maxStoredBytes >> 10) KB as a JPEG")
    }

    /// Checks a stored photo that came from elsewhere (another desk's folder): a JPEG no larger
    /// than this desk stores, that decodes whole. Throws the reason it is refused.
    public static func checkStored(_ bytes: [UInt8]) throws(PhotoError) {
        guard bytes.count <= maxStoredBytes else { throw PhotoError("\(bytes.count) bytes: a stored photo is at most \(maxStoredBytes >> 10) KB") }
        guard photo_kind(bytes, bytes.count) == 1 else { throw PhotoError("not a JPEG") }
        let decoded = try decode(bytes, fitting: whole, maxSide: max(maxWidth, maxHeight))
        guard decoded.pixels.width <= maxWidth, decoded.pixels.height <= maxHeight else {
            throw PhotoError("\(decoded.pixels.width)×\(decoded.pixels.height) pixels: larger than a stored photo")
        }
    }

    /// A stored photo's pixels, for the desk's art; nil when it does not decode (the banner then
    /// shows none: a bad file never reaches the store, so this is a disk's fault, not a member's).
    static func pixels(_ bytes: [UInt8]) -> PhotoPixels? {
        do {
            return try decode(bytes, fitting: whole, maxSide: maxSide).pixels
        } catch {
            return nil
        }
    }

    /// The largest size within the stored photo's box with the image's proportions (never larger).
    static func fitted(_ width: Int, _ height: Int) -> (Int, Int) {
        guard width > maxWidth || height > maxHeight else { return (width, height) }
        let scale = min(Double(maxWidth) / Double(width), Double(maxHeight) / Double(height))
        return (max(1, Int((Double(width) * scale).rounded())), max(1, Int((Double(height) * scale).rounded())))
    }

    static func decode(_ bytes: [UInt8], fitting least: (Int, Int), maxSide side: Int = maxSide) throws(PhotoError)
        -> (pixels: PhotoPixels, orientation: Int) {
        guard bytes.count <= maxFileBytes else { throw PhotoError("\(bytes.count >> 20) MB: at most \(maxFileBytes >> 20) MB") }
        guard !bytes.isEmpty else { throw PhotoError("empty file: not an image") }
        guard photo_kind(bytes, bytes.count) != 0 else { throw PhotoError("not a JPEG or PNG image") }
        var raw = photo_pixels()
        var orientation: Int32 = 1
        var message = [CChar](repeating: 0, count: 256)
        let status = photo_decode(bytes, bytes.count, maxPixels, Int32(side), Int32(least.0), Int32(least.1),
                                  &raw, &orientation, &message, message.count)
        guard status == 0 else {
            let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw PhotoError("cannot be read as an image: " + (text.isEmpty ? "damaged" : text))
        }
        return (PhotoPixels(raw), Int(orientation))
    }
}
