extension InsideListModel {
    /// Movement keys move the selection.
    public mutating func onKey(_ key: Key) -> PaneReply {
        guard let step = ScrollStep.lines(for: key, page: viewport) else { return .ignored }
        move(by: step)
        return .handled
    }
}
