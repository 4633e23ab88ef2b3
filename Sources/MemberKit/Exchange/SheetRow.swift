import Foundation

/// What a row of the spreadsheet `.csv` says beside its member: the cells people edit in
/// LibreOffice or Excel. For a member this desk has, the merge takes the row's edits through
/// `review` and says which it refuses, so a round trip never changes a count and never drops an
/// edit without a word.
package struct SheetRow: Sendable, Hashable {
    /// The Visits cell. Visits are counted by the desks' taps, so an edit of it is refused.
    var visits: Int
    /// Whether the row kept its Sync cell (its version stamp and per-desk counters).
    package var stamped: Bool
    /// The member-type fields the file has columns for (a field without one keeps the desk's value).
    var fieldColumns: Set<String>
    /// Which of the Status, Expires and Note columns the file has (a `--clubkit` .csv none; another
    /// system's list those it maps).
    var deskColumns: Set<String>

    package init(visits: Int, stamped: Bool, fieldColumns: Set<String>, deskColumns: Set<String>) {
        self.visits = visits
        self.stamped = stamped
        self.fieldColumns = fieldColumns
        self.deskColumns = deskColumns
    }

    /// An edit the import does not take, and why, for the preview.
    package struct Refusal: Equatable {
        package var detail: String
        package var fields: [FieldChange]
    }

    /// What merging the row `incoming` into the desk's `stored` member takes (nil: nothing) and refuses.
    package struct Review {
        package var member: ExchangeMember?
        package var refusals: [Refusal]
    }

    /// A row with its Sync cell merges as any file does (an edit is recognised by its stamp); only
    /// an edited Visits cell and the values of a row older than the desk's version are refused.
    /// A row without it has no stamp and no counters: its cells are read as edits of the desk's
    /// member, signed now by `editor`, and its Visits (a sum of every desk's counters) adds nothing:
    /// taken as a counter of its own, it would count each visit twice.
    package func review(_ incoming: ExchangeMember, stored: MemberRecord, editor: (terminalId: String, time: Double)) -> Review {
        var incoming = incoming
        var refusals: [Refusal] = []
        if Self.isNumberMangled(incoming.record.passId, from: stored.passId) {
            // LibreOffice and Excel read a pass of digits as a number: that is no edit a person made.
            refusals.append(Refusal(detail: "the spreadsheet turned the pass into a number: it is not taken",
                                    fields: [FieldChange(field: "pass", old: stored.passId, new: incoming.record.passId)]))
            incoming.record.passId = stored.passId
        }
        let row = incoming.record
        if stamped {
            // The cell shows the member's whole count (a survivor's includes those unified into it),
            // the counters only its own: below those, or above what this desk counts, it was edited.
            let counted = ExchangeMember.total(incoming.counters)
            let most = max(counted, stored.numVisits)
            if visits < counted || visits > most { refusals.append(Self.visitsRefused(most, visits)) }
            let sameStamp = row.modifiedAt == stored.modifiedAt && row.modifiedBy == stored.modifiedBy
            if !sameStamp, MergeRules.wins(stored, over: row) {
                // Field by field: only the fields changed here since the export lose (and are named);
                // one changed in the sheet alone is an edit the merge takes.
                var edited = stored
                Self.copyEditable(from: row, to: &edited)
                var asFile = stored
                for key in MemberFieldKey.keys(stored, edited) where stored.stamp(of: key).isLater(than: row.stamp(of: key)) {
                    asFile.copyValue(of: key, from: edited)
                }
                let fields = Self.editable(FieldChange.between(stored, asFile))
                if !fields.isEmpty {
                    refusals.append(Refusal(detail: "changed here since this file was exported: its values are not taken", fields: fields))
                }
            }
            return Review(member: incoming, refusals: refusals)
        }
        guard stored.deletedAt == nil else {
            return Review(member: nil, refusals: [Refusal(detail: "deleted here (or unified into another member): the row is not taken", fields: [])])
        }
        if visits > stored.numVisits { refusals.append(Self.visitsRefused(stored.numVisits, visits)) }
        var edited = stored
        edited.username = row.username
        do {
            // The merge's review of the row (`MergeEngine` alone calls it): a pass no tap reads is refused.
            let pass = try PassEntry.read(row.passId).passId
            if pass != stored.passId {
                edited.passId = pass
                edited.passSince = editor.time  // it holds the new card from now, as a desk's edit does
            }
        } catch {
            let reason = (error as? LocalizedError)?.errorDescription ?? "\(error)"
            refusals.append(Refusal(detail: "pass not taken: \(reason)", fields: [FieldChange(field: "pass", old: stored.passId, new: row.passId)]))
        }
        for name in fieldColumns {
            let shown = CSVFieldText.text(row.fields[name]) ?? ""
            // A typed value (a number) reads as its text: the same text is no edit.
            if shown == CSVFieldText.text(stored.fields[name]) ?? "" { continue }
            edited.fields[name] = shown.isEmpty ? nil : .string(shown)
        }
        if deskColumns.contains(SpreadsheetCSV.Column.status) { edited.status = row.status }
        // The cell shows milliseconds: within one, it is the stored time.
        if deskColumns.contains(SpreadsheetCSV.Column.expires) {
            if let shown = row.expiresAt, let kept = stored.expiresAt, abs(shown - kept) < 0.0011 {} else { edited.expiresAt = row.expiresAt }
        }
        if deskColumns.contains(SpreadsheetCSV.Column.note) { edited.note = row.note }
        if !MergeRules.sameEditableFields(edited, stored) {
            edited.stamp(changedFrom: stored, at: editor.time, by: editor.terminalId)
        }
        var member = ExchangeMember(record: edited, counters: [:])
        member.sheetRow = self
        return Review(member: member, refusals: refusals)
    }

    /// Whether `shown` is what a spreadsheet makes of the pass `original`, a run of digits, when it
    /// reads it as a number: the leading zeros gone ("0012" → "12"), or a long one in scientific
    /// notation ("12345678901234567890" → "1.23457E+19").
    static func isNumberMangled(_ shown: String, from original: String) -> Bool {
        guard shown != original, !original.isEmpty, original.allSatisfy({ $0.isASCII && $0.isNumber }) else { return false }
        if original.hasPrefix("0"), shown == String(original.drop { $0 == "0" }) { return true }
        return shown.wholeMatch(of: /[0-9](\.[0-9]+)?[eE]\+?[0-9]+/) != nil
    }

    private static func visitsRefused(_ counted: Int, _ shown: Int) -> Refusal {
        Refusal(detail: "visits are counted by the desks' taps: the file's Visits is not taken",
                fields: [FieldChange(field: "visits", old: String(counted), new: String(shown))])
    }

    /// The fields a person edits in the sheet, from the row onto `record`.
    private static func copyEditable(from row: MemberRecord, to record: inout MemberRecord) {
        record.username = row.username
        record.passId = row.passId
        record.fields = row.fields
        record.status = row.status
        record.expiresAt = row.expiresAt
        record.note = row.note
        record.plan = row.plan
        record.household = row.household
        record.birthday = row.birthday
    }

    private static func editable(_ changes: [FieldChange]) -> [FieldChange] {
        changes.filter { !["visits", "last visit", "deleted"].contains($0.field) }
    }
}
