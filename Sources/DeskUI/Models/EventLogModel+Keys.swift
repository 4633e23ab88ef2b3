extension EventLogModel {
    /// Movement keys scroll the log (a page is ten lines); Enter shows the first line shown whole.
    public mutating func onKey(_ key: Key) -> PaneReply {
        if key == .enter { return selectedEntry == nil ? .handled : .command(.open(.logEntry)) }
        guard let step = ScrollStep.lines(for: key, page: 10) else { return .ignored }
        scroll(by: step)
        return .handled
    }
}
