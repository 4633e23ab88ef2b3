/// How many lines a movement key scrolls a list that shows `page` lines at once; nil for other keys.
/// Home and End go further than any list is long, and the list clamps.
enum ScrollStep {
    static func lines(for key: Key, page: Int) -> Int? {
        switch key {
        case .up: -1
        case .down: 1
        case .pageUp: -page
        case .pageDown: page
        case .home: -Int.max / 2
        case .end: Int.max / 2
        default: nil
        }
    }
}
