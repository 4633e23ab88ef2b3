/// Pixels written as a JPEG or PNG file, through the same libraries that read them: the tests'
/// and the fuzz seeds' images, and the bench's.
public enum PhotoEncoding {
    /// `rgb`: 3 bytes a pixel, row after row.
    public static func jpeg(width: Int, height: Int, rgb: [UInt8], quality: Int = 90) -> [UInt8]? {
        PhotoPixels(width: width, height: height, rgb: rgb).jpeg(quality: quality)
    }

    public static func png(width: Int, height: Int, rgb: [UInt8]) -> [UInt8]? {
        PhotoPixels(width: width, height: height, rgb: rgb).png()
    }

    /// A stored photo's size and one pixel's colour, once decoded (nil when it does not decode).
    public static func decoded(_ bytes: [UInt8]) -> (width: Int, height: Int, rgb: [UInt8])? {
        guard let pixels = PhotoImage.pixels(bytes) else { return nil }
        let count = pixels.width * pixels.height * 3
        return (pixels.width, pixels.height, Array(UnsafeBufferPointer(start: pixels.raw.rgb, count: count)))
    }
}
