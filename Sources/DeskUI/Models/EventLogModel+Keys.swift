extension EventLogModel {
    /// Movement keys scroll the log (a page is ten lines).
    public mutating func onKey(_ key: Key) -> PaneReply {
        guard let step = ScrollStep.lines(for: key, page: 10) else { return .ignored }
        scroll(by: step)
        return .handled
    }
}
