import CPhoto
import Glibc

/// Decoded RGB pixels, owned: the C side's buffer, freed with this.
final class PhotoPixels {
    var raw: photo_pixels

    init(_ raw: photo_pixels) {
        self.raw = raw
    }

    deinit { photo_pixels_free(&raw) }

    var width: Int { Int(raw.width) }
    var height: Int { Int(raw.height) }

    /// Pixels from packed RGB bytes (tests, seeds).
    convenience init(width: Int, height: Int, rgb: [UInt8]) {
        precondition(rgb.count == width * height * 3)
        // photo_pixels_free frees with free(3): the copy is malloc'd.
        let copy = malloc(max(rgb.count, 1))!.assumingMemoryBound(to: UInt8.self)
        rgb.withUnsafeBufferPointer { copy.update(from: $0.baseAddress!, count: rgb.count) }
        self.init(photo_pixels(width: Int32(width), height: Int32(height), rgb: copy))
    }

    func scaled(width: Int, height: Int) -> PhotoPixels? {
        var out = photo_pixels()
        guard photo_scale(&raw, Int32(width), Int32(height), &out) == 0 else { return nil }
        return PhotoPixels(out)
    }

    func oriented(_ orientation: Int) -> PhotoPixels? {
        var out = photo_pixels()
        guard photo_orient(&raw, Int32(orientation), &out) == 0 else { return nil }
        return PhotoPixels(out)
    }

    func jpeg(quality: Int) -> [UInt8]? {
        var out: UnsafeMutablePointer<UInt8>?
        var length = 0
        guard photo_encode_jpeg(&raw, Int32(quality), &out, &length) == 0, let out else { return nil }
        defer { photo_free(out) }
        return Array(UnsafeBufferPointer(start: out, count: length))
    }

    func png() -> [UInt8]? {
        var out: UnsafeMutablePointer<UInt8>?
        var length = 0
        guard photo_encode_png(&raw, &out, &length) == 0, let out else { return nil }
        defer { photo_free(out) }
        return Array(UnsafeBufferPointer(start: out, count: length))
    }
}
