import CNcursesw
import Foundation
import MemberKit

/// The only code that calls ncurses (the wide-character API). It draws cell grids, reads keys,
/// and maps tones to colours, or to bold/reverse/underline in monochrome and under NO_COLOR.
public final class CursesTerminal: TerminalDevice {
    private let screen: OpaquePointer
    private let window: UnsafeMutablePointer<WINDOW>
    private let color: Bool
    /// ncurses' output, where pictures are written after its refresh.
    private let output: UnsafeMutablePointer<FILE>
    /// Pairs made for block art's colours, by (foreground, background), after the tones' pairs.
    private var artPairs: [Int32: Int16] = [:]
    private var nextArtPair = Int16(Tone.allCases.count) + 1

    // ncurses' attribute bits (their macros are not visible to Swift).
    private static let underline: UInt32 = 1 << 17
    private static let reverse: UInt32 = 1 << 18
    private static let dim: UInt32 = 1 << 20
    private static let bold: UInt32 = 1 << 21

    /// Runs `body` with stderr sent to /dev/null (before the desk's threads start, so nothing else is lost).
    private static func withStandardErrorSilenced<T>(_ body: () -> T) -> T {
        fflush(nil)
        let saved = dup(STDERR_FILENO)
        let null = open("/dev/null", O_WRONLY)
        if saved >= 0, null >= 0 { dup2(null, STDERR_FILENO) }
        defer {
            fflush(nil)
            if saved >= 0 { dup2(saved, STDERR_FILENO); Glibc.close(saved) }
            if null >= 0 { Glibc.close(null) }
        }
        return body()
    }

    /// Opens the terminal named by TERM on stdin/stdout. `newterm` (unlike `initscr`, which exits
    /// the process) returns nil for an unknown TERM, so this fails with a message instead.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        guard isatty(STDIN_FILENO) != 0, isatty(STDOUT_FILENO) != 0 else {
            throw TerminalUnavailable(description: "the front desk needs a terminal: stdin and stdout must be a tty")
        }
        guard let term = environment["TERM"], !term.isEmpty else {
            throw TerminalUnavailable(description: "TERM is not set: set it to your terminal type (for example TERM=xterm-256color) to start the front desk")
        }
        guard term != "dumb" else {
            throw TerminalUnavailable(description: "TERM=dumb cannot show the front desk: use a terminal such as xterm, tmux or the Linux console")
        }
        Self.ensureUTF8Locale()
        // ncurses installs its SIGWINCH handler (live resize) only over the default disposition;
        // a parent that ignored or blocked SIGWINCH (test runners do) would leave the screen stuck at its first size.
        signal(SIGWINCH, SIG_DFL)
        var winch = sigset_t()
        sigemptyset(&winch)
        sigaddset(&winch, SIGWINCH)
        pthread_sigmask(SIG_UNBLOCK, &winch, nil)
        // Ours is the one line for an unknown TERM: whatever ncurses might say itself goes nowhere.
        guard let output = fdopen(STDOUT_FILENO, "w"), let input = fdopen(STDIN_FILENO, "r"),
              let screen = Self.withStandardErrorSilenced({ term.withCString { newterm($0, output, input) } }) else {
            throw TerminalUnavailable(description: "unknown terminal type '\(term)' (TERM): no terminfo entry; try TERM=xterm-256color")
        }
        self.screen = screen
        self.output = output
        set_term(screen)
        guard let window = cncursesw_stdscr() else {
            throw TerminalUnavailable(description: "cannot open the terminal '\(term)'")
        }
        self.window = window
        cncursesw_disable_repeat_char()
        raw()
        noecho()
        keypad(window, true)
        wtimeout(window, 0)  // the loop waits in poll(2); reading never does
        set_escdelay(25)
        curs_set(0)
        let noColor = !(environment["NO_COLOR"] ?? "").isEmpty
        color = !noColor && has_colors()
        if color {
            start_color()
            use_default_colors()
            for tone in Tone.allCases {
                init_pair(Int16(tone.rawValue) + 1, Self.foreground(tone), -1)
            }
        }
    }

    deinit { close() }

    private var closed = false

    /// Gives the terminal back as it was.
    public func close() {
        guard !closed else { return }
        closed = true
        endwin()
        delscreen(screen)
    }

    /// Wide characters need a UTF-8 locale; fall back to C.UTF-8 when the environment's is not.
    static func ensureUTF8Locale() {
        let current = setlocale(LC_CTYPE, nil).map { String(cString: $0) } ?? ""
        if !current.uppercased().contains("UTF-8") && !current.uppercased().contains("UTF8") {
            _ = setlocale(LC_CTYPE, "C.UTF-8")
        }
    }

    static func foreground(_ tone: Tone) -> Int16 {
        switch tone {
        case .normal, .key: return -1
        case .title: return Int16(COLOR_CYAN)
        case .bar: return Int16(COLOR_BLUE)
        case .selected: return Int16(COLOR_CYAN)
        case .dim: return -1
        case .success: return Int16(COLOR_GREEN)
        case .warning: return Int16(COLOR_YELLOW)
        case .danger: return Int16(COLOR_RED)
        case .info: return Int16(COLOR_MAGENTA)
        }
    }

    public var width: Int { Int(getmaxx(window)) }
    public var height: Int { Int(getmaxy(window)) }

    func attributes(_ style: CellStyle) -> (UInt32, Int16) {
        if let colors = style.colors { return (0, color ? artPair(colors) : 0) }
        var attrs: UInt32 = 0
        if style.bold { attrs |= Self.bold }
        if style.reverse { attrs |= Self.reverse }
        if color {
            if style.tone == .dim { attrs |= Self.dim }
            return (attrs, Int16(style.tone.rawValue) + 1)
        }
        switch style.tone {
        case .title, .success, .info: attrs |= Self.bold
        case .warning, .danger: attrs |= Self.bold | Self.underline
        case .dim: attrs |= Self.dim
        case .selected: if !style.reverse { attrs |= Self.underline }
        case .normal, .bar, .key: break
        }
        return (attrs, 0)
    }

    /// A pair for block art's colours, as near as the terminal's palette gets; when the pairs run
    /// out they are made again from the first (what shows then is the newest photo).
    private func artPair(_ colors: CellColors) -> Int16 {
        let wide = cncursesw_colors() >= 256
        let foreground = wide ? CellColors.xterm256(colors.foreground) : CellColors.ansi8(colors.foreground)
        let background = wide ? CellColors.xterm256(colors.background) : CellColors.ansi8(colors.background)
        let key = Int32(foreground) << 16 | Int32(background)
        if let pair = artPairs[key] { return pair }
        if Int32(nextArtPair) >= min(cncursesw_color_pairs(), 32_767) {
            artPairs.removeAll()
            nextArtPair = Int16(Tone.allCases.count) + 1
        }
        let pair = nextArtPair
        init_pair(pair, foreground, background)
        artPairs[key] = pair
        nextArtPair += 1
        return pair
    }

    public func draw(_ grid: CellGrid, previous: CellGrid?) {
        let rows = grid.changedRows(since: previous)
        if previous == nil || previous?.width != grid.width || previous?.height != grid.height { werase(window) }
        // A picture that goes leaves cells ncurses thinks are already blank: repaint its rows.
        for gone in previous?.images ?? [] where !grid.images.contains(gone) {
            wredrawln(window, Int32(gone.y), Int32(gone.image.rows))
        }
        for y in rows where y < height {
            var x = 0
            let row = Array(grid.row(y))
            // One call per run of cells in the same style.
            while x < row.count {
                let style = row[x].style
                var scalars: [wchar_t] = []
                let start = x
                while x < row.count, row[x].style == style {
                    if row[x].width > 0 { scalars += row[x].text.unicodeScalars.map { wchar_t(bitPattern: $0.value) } }
                    x += 1
                }
                let (attrs, pair) = attributes(style)
                wattr_set(window, attr_t(attrs), pair, nil)
                _ = scalars.withUnsafeBufferPointer { buffer in
                    mvwaddnwstr(window, Int32(y), Int32(start), buffer.baseAddress, Int32(buffer.count))
                }
            }
        }
        wattr_set(window, 0, 0, nil)
        wnoutrefresh(window)
        doupdate()
        drawImages(grid, previous: previous, changedRows: rows)
    }

    /// Pictures go after ncurses' refresh, each at its cell with the cursor saved and restored
    /// around it, again whenever a row under one was redrawn. Kitty keeps pictures apart from the
    /// text: they are deleted first (other terminals ignore the request).
    private func drawImages(_ grid: CellGrid, previous: CellGrid?, changedRows: [Int]) {
        let before = previous?.images ?? []
        let touched = grid.images.contains { placed in changedRows.contains { $0 >= placed.y && $0 < placed.y + placed.image.rows } }
        guard grid.images != before || touched else { return }
        var out = "\u{1B}_Ga=d\u{1B}\\"
        for placed in grid.images {
            out += "\u{1B}7\u{1B}[\(placed.y + 1);\(placed.x + 1)H" + placed.image.sequence + "\u{1B}8"
        }
        fputs(out, output)
        fflush(output)
    }

    public var inputDescriptor: Int32 { STDIN_FILENO }

    public func readKey() -> Key? {
        var code: wint_t = 0
        let result = wget_wch(window, &code)
        if result == KEY_CODE_YES { return Self.functionKey(Int32(code)) }
        guard result == OK else {
            if result == ERR { checkHangUp() }
            return nil
        }
        switch code {
        case 10, 13: return .enter
        case 27: return .escape
        case 9: return .tab
        case 127, 8: return .backspace
        // Raw mode: Ctrl-C is a key (no SIGINT), as are the other Ctrl letters.
        case 1...26: return .control(Character(Unicode.Scalar(UInt8(code) + 0x60)))
        default:
            guard let scalar = Unicode.Scalar(UInt32(code)) else { return nil }
            return .character(Character(scalar))
        }
    }

    /// True once the terminal has gone (its window closed, the SSH link dropped): the loop ends
    /// instead of spinning on a tty that answers every read at once.
    public private(set) var hungUp = false

    private func checkHangUp() {
        var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        if poll(&descriptor, 1, 0) > 0, descriptor.revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 { hungUp = true }
    }

    static func functionKey(_ code: Int32) -> Key? {
        switch code {
        case KEY_UP: return .up
        case KEY_DOWN: return .down
        case KEY_LEFT: return .left
        case KEY_RIGHT: return .right
        case KEY_PPAGE: return .pageUp
        case KEY_NPAGE: return .pageDown
        case KEY_HOME: return .home
        case KEY_END: return .end
        case KEY_ENTER: return .enter
        case KEY_BACKSPACE: return .backspace
        case KEY_DC: return .delete
        case KEY_BTAB: return .backTab
        case KEY_RESIZE: return .resize
        case (KEY_F0 + 1)...(KEY_F0 + 12): return .function(Int(code - KEY_F0))
        default: return nil
        }
    }
}
