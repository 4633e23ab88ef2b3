/// A key press as the front desk sees it, decoded by the terminal driver.
public enum Key: Sendable, Hashable {
    case character(Character)
    case enter, escape, tab, backTab, backspace, delete
    case up, down, left, right, pageUp, pageDown, home, end
    case function(Int)
    /// The terminal changed size.
    case resize

    public var isPrintable: Bool {
        if case .character(let c) = self { return !c.isNewline && c.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F } }
        return false
    }
}
