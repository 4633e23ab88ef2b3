/// One field's version: when and at which desk it was last edited, and the time of the version
/// that edit replaced (nil: not known, as in files written before fields had stamps of their own).
/// A merge keeps each field's later stamp; `replaced` tells a conflict from an edit of an edit.
package struct FieldStamp: Sendable, Hashable, Codable {
    package var time: Double
    package var desk: String
    package var replaced: Double?

    package init(time: Double, desk: String, replaced: Double? = nil) {
        self.time = time
        self.desk = desk
        self.replaced = replaced
    }

    /// The order every merge uses: the later time, then the greater desk id (as members' stamps).
    package func isLater(than other: FieldStamp) -> Bool {
        time != other.time ? time > other.time : desk > other.desk
    }

    /// The same edit: its time and desk (what was replaced follows from them).
    package func isSameEdit(as other: FieldStamp) -> Bool { time == other.time && desk == other.desk }
}

/// A member's per-field stamps, kept short: `edited` lists the fields whose stamp differs from
/// `rest`, the stamp of every other field; `rest` nil is the member's own stamp (modifiedAt,
/// modifiedBy). A member never edited field by field has none (`MemberRecord.stamps` nil).
package struct FieldStamps: Sendable, Hashable, Codable, CustomStringConvertible {
    package var rest: FieldStamp?
    package var edited: [String: FieldStamp]

    package init(rest: FieldStamp? = nil, edited: [String: FieldStamp] = [:]) {
        self.rest = rest
        self.edited = edited
    }

    /// In a fixed order, so that equal stamps print alike (tests compare desks by their text).
    package var description: String {
        let listed = edited.keys.sorted().map { "\($0): \(edited[$0]!)" }
        return "FieldStamps(rest: \(rest.map { "\($0)" } ?? "nil"), edited: [\(listed.joined(separator: ", "))])"
    }
}

extension MemberRecord {
    /// The stamp of the fields no edit of its own has stamped.
    package var restStamp: FieldStamp {
        stamps?.rest ?? FieldStamp(time: modifiedAt, desk: modifiedBy)
    }

    /// The stamp of one field (`MemberFieldKey`).
    package func stamp(of key: String) -> FieldStamp {
        stamps?.edited[key] ?? restStamp
    }

    /// Sets the stamps, in their one short form: fields stamped as `rest` are not listed, and a
    /// `rest` equal to the member's own stamp is left out, so that equal stamps compare equal.
    package mutating func setStamps(rest: FieldStamp, edited: [String: FieldStamp]) {
        let listed = edited.filter { $0.value != rest }
        let own = FieldStamp(time: modifiedAt, desk: modifiedBy)
        let keptRest: FieldStamp? = rest == own ? nil : rest
        stamps = keptRest == nil && listed.isEmpty ? nil : FieldStamps(rest: keptRest, edited: listed)
    }
}
