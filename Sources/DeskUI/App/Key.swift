/// A key press as the front desk sees it, decoded by the terminal driver.
public enum Key: Sendable, Hashable {
    case character(Character)
    case enter, escape, tab, backTab, backspace, delete
    case up, down, left, right, pageUp, pageDown, home, end
    case function(Int)
    /// A letter with Ctrl held: `.control("c")` is Ctrl-C (raw mode: no SIGINT), `.control("u")` Ctrl-U.
    case control(Character)
    /// The terminal changed size.
    case resize

    public var isPrintable: Bool {
        if case .character(let c) = self { return !c.isNewline && c.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F } }
        return false
    }

    /// How help and hints name the key: "F4", "c", "Ctrl-C", "PgUp".
    public var label: String {
        switch self {
        case .character(let c): String(c)
        case .enter: "Enter"
        case .escape: "Esc"
        case .tab: "Tab"
        case .backTab: "Shift-Tab"
        case .backspace: "Backspace"
        case .delete: "Delete"
        case .up: "↑"
        case .down: "↓"
        case .left: "←"
        case .right: "→"
        case .pageUp: "PgUp"
        case .pageDown: "PgDn"
        case .home: "Home"
        case .end: "End"
        case .function(let n): "F\(n)"
        case .control(let c): "Ctrl-" + c.uppercased()
        case .resize: "resize"
        }
    }
}
