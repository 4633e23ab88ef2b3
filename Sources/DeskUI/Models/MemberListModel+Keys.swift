extension MemberListModel {
    /// Movement keys move the selection.
    public mutating func onKey(_ key: Key) -> PaneReply {
        guard [.up, .down, .pageUp, .pageDown, .home, .end].contains(key) else { return .ignored }
        move(key)
        return .handled
    }

    /// Keys while the search field has the focus: Enter keeps the search, Esc clears it, others edit.
    public mutating func onSearchKey(_ key: Key) -> PaneReply {
        switch key {
        case .enter:
            isSearching = false
        case .escape:
            isSearching = false
            if !search.text.isEmpty {
                search.text = ""
                reset()
                return .command(.listingChanged(searchEdited: false))
            }
        case .up, .down, .pageUp, .pageDown:
            move(key)
        case .function(10):
            return .command(.quit)
        default:
            let before = search.text
            search.handle(key)
            if search.text != before {
                reset()
                return .command(.listingChanged(searchEdited: true))
            }
        }
        return .handled
    }
}
