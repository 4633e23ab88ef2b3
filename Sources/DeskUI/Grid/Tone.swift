/// What a cell's colour means; the terminal driver maps each tone to a colour pair, or to
/// bold/reverse/underline in monochrome.
public enum Tone: UInt8, Sendable, CaseIterable {
    case normal, title, bar, key, selected, dim, success, warning, danger, info
}
