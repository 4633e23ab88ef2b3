import TerminalColumns

/// One member an import adds, changes, deletes or unifies, for the preview.
public struct MergeChange: Sendable, Equatable, Codable {
    public enum Kind: String, Sendable, Codable { case new, updated, deleted, unified, refused }
    public var kind: Kind
    public var memberId: String
    public var name: String
    /// What changed, for people: `email "a@x.org" → "b@x.org"; visits 3 → 5`, or "into another
    /// member with the same pass" for a unification; for a refusal, why the file's values are not taken.
    public var detail: String
    /// For an update: each field with its old and new value (what `detail` says, as data).
    public var fields: [FieldChange]

    package init(kind: Kind, memberId: String, name: String, detail: String, fields: [FieldChange] = []) {
        self.kind = kind
        self.memberId = memberId
        self.name = name
        self.detail = detail
        self.fields = fields
    }

    /// How a preview lists this change, the desk's review dialog and the CLI alike: one line,
    /// `new      Ana López                1 visit`; an update names each field on a line of its
    /// own, with its old and new value, so none is cut off the end of a long line.
    public func lines(nameWidth: Int = 24) -> [String] {
        let kindText = TextWidth.pad(kind.rawValue, to: 8)
        let oneLineName = name.replacingOccurrences(of: "\n", with: " ")
        guard !fields.isEmpty else { return ["\(kindText) \(TextWidth.pad(oneLineName, to: nameWidth)) \(detail)"] }
        // A refusal's fields are what the file wanted: the line above them says why they are not taken.
        if kind == .refused { return ["\(kindText) \(oneLineName): \(detail)"] + fields.map { "           \($0.text)" } }
        return ["\(kindText) \(oneLineName)"] + fields.map { "           \($0.text)" }
    }
}
