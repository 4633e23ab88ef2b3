extension MemberFormModel {
    /// Esc cancels; Enter (or F2) validates and asks to save, once; other keys edit.
    public mutating func onKey(_ key: Key) -> DialogReply {
        switch key {
        case .escape: return .close
        case .enter, .function(2):
            guard !saving else { return .stay }
            // An invalid form stays open, the error on the field at fault.
            guard let changes = validate() else { return .stay }
            saving = true
            return .stayAnd(.save(original: original, changes: changes))
        default:
            handle(key)
            return .stay
        }
    }
}
