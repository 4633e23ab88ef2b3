import CPhoto
import DeskUI
import Glibc
import MemberKit
import Synchronization

/// The banner's photos through libchafa: block art as cells, or a sixel or kitty picture as one
/// escape sequence. Each is made once per photo and size and kept (a tap redraws the banner every
/// second; decoding and encoding again each time would cost more than the rest of the frame).
public final class ChafaPhotoArt: PhotoArtSource {
    public let mode: PhotoArtMode
    private let library: any PhotoLibrary
    /// A cell's size in pixels, for pictures (the terminal's, else a common 10 × 20).
    private let cell: (width: Int, height: Int)
    private let made = Mutex<[String: PhotoArt?]>([:])
    static let kept = 64

    public init(library: any PhotoLibrary, mode: PhotoArtMode, cellPixels: (width: Int, height: Int)? = nil) {
        self.library = library
        self.mode = mode
        cell = cellPixels ?? Self.terminalCellPixels() ?? (10, 20)
    }

    public func art(photo hash: String, columns: Int, rows: Int) -> PhotoArt? {
        guard mode != .none, columns > 0, rows > 0 else { return nil }
        let key = "\(hash) \(columns)x\(rows)"
        if let kept = made.withLock({ $0[key] }) { return kept }
        let art = make(hash, columns: columns, rows: rows)
        made.withLock {
            if $0.count >= Self.kept { $0.removeAll() }
            $0[key] = art
        }
        return art
    }

    private func make(_ hash: String, columns: Int, rows: Int) -> PhotoArt? {
        guard let bytes = library.bytes(hash), let pixels = PhotoImage.pixels(bytes) else { return nil }
        switch mode {
        case .none: return nil
        case .symbols: return Self.symbols(pixels, columns: columns, rows: rows)
        case .sixel, .kitty:
            var out: UnsafeMutablePointer<CChar>?
            var length = 0
            guard photo_art_image(&pixels.raw, Int32(columns), Int32(rows), Int32(cell.width), Int32(cell.height),
                                  mode == .sixel ? 1 : 2, &out, &length) == 0, let out else { return nil }
            defer { photo_free(out) }
            return .image(TerminalImage(id: "\(hash) \(columns)x\(rows)", sequence: String(cString: out), columns: columns, rows: rows))
        }
    }

    static func symbols(_ pixels: PhotoPixels, columns: Int, rows: Int) -> PhotoArt? {
        let count = columns * rows
        var chars = [UInt32](repeating: 0, count: count)
        var foreground = [Int32](repeating: 0, count: count)
        var background = [Int32](repeating: 0, count: count)
        guard photo_art_symbols(&pixels.raw, Int32(columns), Int32(rows), &chars, &foreground, &background) == 0 else { return nil }
        return .cells((0..<rows).map { y in
            (0..<columns).map { x in
                let i = y * columns + x
                let glyph = Unicode.Scalar(chars[i]).map { String(Character($0)) } ?? " "
                let colors = CellColors(foreground: UInt32(bitPattern: max(0, foreground[i])), background: UInt32(bitPattern: max(0, background[i])))
                return Cell(text: glyph, width: 1, style: CellStyle(colors: colors))
            }
        })
    }

    /// The terminal's cell in pixels (TIOCGWINSZ), when it says.
    static func terminalCellPixels() -> (Int, Int)? {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0,
              size.ws_xpixel > 0, size.ws_ypixel > 0 else { return nil }
        return (Int(size.ws_xpixel) / Int(size.ws_col), Int(size.ws_ypixel) / Int(size.ws_row))
    }
}
