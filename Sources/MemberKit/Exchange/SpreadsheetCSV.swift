import Foundation

/// CSV for LibreOffice and Excel: UTF-8 with a BOM, readable headers, local ISO-8601 times, and
/// cells a spreadsheet would run as a formula neutralized with a leading `'` (OWASP's CSV
/// injection advice). Import undoes the neutralization, so a round trip is exact.
struct SpreadsheetCSV: CSVLayout {
    enum Column {
        static let memberId = "Member ID", passId = "Pass ID", name = "Name", added = "Added"
        static let visits = "Visits", lastVisit = "Last visit"
        static let status = "Status", expires = "Expires", note = "Note", sync = "Sync"
        /// The e-mail field's readable header (the field is ClubKit's `userEmailAddress`).
        static let email = "E-mail"
        /// For a manager's reading: written, never read back (the Sync cell carries them exactly).
        static let plan = "Plan", visitsLeft = "Visits left", household = "Household", birthday = "Birthday"
        static let readOnly = [plan, visitsLeft, household, birthday]
    }

    /// A member-type field's header: its own name, but the e-mail's readable one.
    static func header(ofField name: String) -> String { name == MemberFieldRules.emailField ? Column.email : name }

    var requiredColumns: [String] { [Column.memberId, Column.passId, Column.added, Column.visits] }
    var preamble: [UInt8] { [0xEF, 0xBB, 0xBF] }
    var trailingNewline: Bool { true }

    func header(subclassFields: [String], clubKit: Bool) -> [String] {
        [Column.memberId, Column.passId, Column.name, Column.added, Column.visits, Column.lastVisit] + subclassFields.map(Self.header(ofField:))
            + (clubKit ? [] : [Column.status, Column.expires, Column.note] + Column.readOnly + [Column.sync])
    }

    func appendRow(_ member: ExchangeMember, subclassFields: [String], clubKit: Bool, into out: inout [UInt8]) {
        for (index, cell) in cells(member, subclassFields: subclassFields, clubKit: clubKit).enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            RFC4180Writer.appendField(cell, to: &out)
        }
    }

    func cells(_ member: ExchangeMember, subclassFields: [String], clubKit: Bool) -> [String] {
        let record = member.record
        var texts = [record.memberId, record.passId, record.username ?? "", LocalTime.text(record.timeStampAdded),
                     String(record.numVisits), record.timeStampOfLastVisit > 0 ? LocalTime.text(record.timeStampOfLastVisit) : ""]
        for name in subclassFields { texts.append(CSVFieldText.text(record.fields[name]) ?? "") }
        if !clubKit {
            texts.append(record.status.rawValue)
            texts.append(record.expiresAt.map(LocalTime.text) ?? "")
            texts.append(record.note ?? "")
            texts.append(record.plan.rawValue)
            texts.append(record.plan == .pack ? String(PackCounter.balance(member.packCounters)) : "")
            texts.append(record.household ?? "")
            texts.append(record.birthday?.description ?? "")
            let extra = CSVFieldText.fieldsWithoutColumns(record.fields, columns: subclassFields)
            var sync = MemberExtras.object(member, includeStatus: false, includeEvents: false, fields: extra)
            // The readable times keep milliseconds; the exact ones ride along so a round trip is exact.
            if case .object(var object) = sync {
                object["timeStampAdded"] = .double(record.timeStampAdded)
                object["timeStampOfLastVisit"] = .double(record.timeStampOfLastVisit)
                sync = .object(object)
            }
            texts.append(CSVFieldText.json(sync))
        }
        return texts.map(FormulaGuard.neutralize)
    }

    /// A time cell: an ISO-8601 time (or epoch seconds, as a spreadsheet may leave), or a day as
    /// docs/commands.md's dates are typed: an expiry lasts through the end of that day in the club's time
    /// zone (`MemberFieldRules.expiry`, the rule of `--expires`), any other time is its start.
    static func time(_ text: String, endOfDay: Bool) -> Double? {
        if let time = LocalTime.parse(text) { return time }
        guard case .day(let start)? = DayOrTime.parse(text, calendar: LocalTime.calendar) else { return nil }
        guard endOfDay else { return start.timeIntervalSince1970 }
        do {
            return try MemberFieldRules.expiry(text, calendar: LocalTime.calendar)
        } catch {
            return nil  // a day DayOrTime reads is one the expiry rule reads: not reached
        }
    }

    func member(_ raw: [String: (text: String, quoted: Bool)]) throws(FieldError) -> ExchangeMember {
        var values = raw.mapValues { FormulaGuard.restore($0.text) }
        if let email = values.removeValue(forKey: Column.email) { values[MemberFieldRules.emailField] = email }
        func time(_ column: String, required: Bool) throws(FieldError) -> Double? {
            guard let text = values[column], !text.isEmpty else {
                if required { throw FieldError("\(column) is empty") }
                return nil
            }
            guard let time = Self.time(text, endOfDay: column == Column.expires) else {
                throw FieldError("\(column) '\(text)' is not a date: use YYYY-MM-DD or an ISO-8601 time (another layout needs --date-format)")
            }
            return time
        }
        var object: [String: JSONValue] = [
            "memberId": .string(values[Column.memberId] ?? ""),
            "passId": .string(values[Column.passId] ?? ""),
            "username": values[Column.name].flatMap { $0.isEmpty ? nil : JSONValue.string($0) } ?? .null,
            "timeStampAdded": .double(try time(Column.added, required: true) ?? 0),
            "numVisits": .string(values[Column.visits] ?? ""),
            "timeStampOfLastVisit": .double(try time(Column.lastVisit, required: false) ?? 0),
        ]
        let known = Set([Column.memberId, Column.passId, Column.name, Column.added, Column.visits, Column.lastVisit,
                                  Column.status, Column.expires, Column.note, Column.sync] + Column.readOnly)
        for (name, text) in values where !known.contains(name) { object[name] = text.isEmpty ? .null : .string(text) }
        var exact: [String: JSONValue] = [:]
        if let sync = values[Column.sync], !sync.isEmpty {
            let parsed = try extras(sync)
            object[ExchangeMember.extrasKey] = parsed
            if case .object(let syncObject) = parsed { exact = syncObject }
        }
        // An exact time from the Sync column replaces the readable one it rounds to (unless staff edited it).
        for key in ["timeStampAdded", "timeStampOfLastVisit"] {
            if let precise = FieldValue.double(exact[key]), let shown = FieldValue.double(object[key]), abs(precise - shown) < 0.0011 {
                object[key] = .double(precise)
            }
        }
        var member = try FieldValue.member(from: object)
        member.sheetRow = SheetRow(visits: try FieldValue.count(.string(values[Column.visits] ?? ""), Column.visits),
                                   stamped: !(values[Column.sync] ?? "").isEmpty,
                                   fieldColumns: Set(values.keys).subtracting(known),
                                   deskColumns: Set([Column.status, Column.expires, Column.note].filter { values[$0] != nil }))
        // The readable columns are what staff edit, so they win over nothing: they are the only copy.
        if let status = values[Column.status], !status.isEmpty {
            guard let value = MemberStatus(rawValue: status.lowercased()) else {
                throw FieldError("\(Column.status) must be active or suspended, not '\(status)'")
            }
            member.record.status = value
        }
        if values[Column.expires] != nil { member.record.expiresAt = try time(Column.expires, required: false) }
        if let note = values[Column.note] { member.record.note = note.isEmpty ? nil : note }
        return member
    }
}
