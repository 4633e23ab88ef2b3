import Foundation

/// memberdesk's additions, as the JSON object under the `memberdesk` key or column.
enum MemberExtras {
    /// The extras of a member.
    /// `fields` are subclass fields a CSV has no column for, or cannot type (numbers, booleans ...).
    static func object(_ member: ExchangeMember, includeStatus: Bool = true, fields: [String: JSONValue] = [:]) -> JSONValue {
        let record = member.record
        var object: [String: JSONValue] = [
            "visitCounters": .object(member.counters.mapValues(JSONValue.int)),
            "modifiedAt": .double(record.modifiedAt),
            "modifiedBy": .string(record.modifiedBy),
        ]
        if includeStatus {
            object["status"] = .string(record.status.rawValue)
            if let expiresAt = record.expiresAt { object["expiresAt"] = .double(expiresAt) }
            if let note = record.note { object["note"] = .string(note) }
        }
        if let deletedAt = record.deletedAt { object["deletedAt"] = .double(deletedAt) }
        if let passSince = record.passSince { object["passSince"] = .double(passSince) }
        if let unifiedInto = member.unifiedInto { object["unifiedInto"] = .string(unifiedInto) }
        if !fields.isEmpty { object["fields"] = .object(fields) }
        return .object(object)
    }

    /// The same object as `object(...)`, written straight into bytes (keys in sorted order, as
    /// `JSONWriter` writes them): the exporter's hot path, without building a dictionary per member.
    /// `csvQuoted` doubles every quote, for the JSON inside a quoted CSV field.
    static func appendJSON(_ member: ExchangeMember, includeStatus: Bool = true, fields: [String: JSONValue] = [:],
                           exactTimes: Bool = false, csvQuoted: Bool = false, into out: inout [UInt8]) {
        let record = member.record
        var first = true
        func key(_ name: StaticString) {
            if !first { out.append(UInt8(ascii: ",")) }
            first = false
            JSONWriter.appendQuote(to: &out, csvQuoted: csvQuoted)
            out.append(contentsOf: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
            JSONWriter.appendQuote(to: &out, csvQuoted: csvQuoted)
            out.append(UInt8(ascii: ":"))
        }
        func string(_ text: String) { JSONWriter.appendString(text, to: &out, csvQuoted: csvQuoted) }
        out.append(UInt8(ascii: "{"))
        if let deletedAt = record.deletedAt { key("deletedAt"); JSONWriter.appendNumber(deletedAt, to: &out) }
        if includeStatus, let expiresAt = record.expiresAt { key("expiresAt"); JSONWriter.appendNumber(expiresAt, to: &out) }
        if !fields.isEmpty { key("fields"); JSONWriter.append(.object(fields), to: &out, csvQuoted: csvQuoted) }
        key("modifiedAt"); JSONWriter.appendNumber(record.modifiedAt, to: &out)
        key("modifiedBy"); string(record.modifiedBy)
        if includeStatus, let note = record.note { key("note"); string(note) }
        if let passSince = record.passSince { key("passSince"); JSONWriter.appendNumber(passSince, to: &out) }
        if includeStatus { key("status"); string(record.status.rawValue) }
        if exactTimes { key("timeStampAdded"); JSONWriter.appendNumber(record.timeStampAdded, to: &out) }
        if exactTimes { key("timeStampOfLastVisit"); JSONWriter.appendNumber(record.timeStampOfLastVisit, to: &out) }
        if let unifiedInto = member.unifiedInto { key("unifiedInto"); string(unifiedInto) }
        key("visitCounters")
        out.append(UInt8(ascii: "{"))
        func counter(_ terminal: String, _ count: Int) {
            string(terminal)
            out.append(UInt8(ascii: ":"))
            JSONWriter.appendInteger(count, to: &out)
        }
        if member.counters.count == 1, let only = member.counters.first {
            counter(only.key, only.value)  // the common case needs no sorting
        } else {
            for (index, terminal) in member.counters.keys.sorted().enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                counter(terminal, member.counters[terminal]!)
            }
        }
        out.append(contentsOf: [UInt8(ascii: "}"), UInt8(ascii: "}")])
    }

    /// Applies an extras object to a member decoded from the ClubKit keys.
    static func apply(_ extras: JSONValue, to member: inout ExchangeMember) throws(FieldError) {
        guard case .object(let object) = extras else { throw FieldError("\(ExchangeMember.extrasKey) must be an object") }
        var counters: [String: Int] = [:]
        switch object["visitCounters"] {
        case .object(let values)?:
            for (terminal, value) in values {
                counters[terminal] = try FieldValue.count(value, "visitCounters.\(terminal)")
            }
        case nil, .null?: break
        default: throw FieldError("visitCounters must be an object")
        }
        var record = member.record
        record.modifiedAt = try FieldValue.requiredDouble(object["modifiedAt"], "modifiedAt")
        guard case .string(let modifiedBy)? = object["modifiedBy"] else { throw FieldError("modifiedBy must be a string") }
        record.modifiedBy = modifiedBy
        if let status = object["status"], status != .null {
            guard let text = status.stringValue, let value = MemberStatus(rawValue: text) else {
                throw FieldError("status must be \"active\" or \"suspended\"")
            }
            record.status = value
        }
        if let value = object["expiresAt"] { record.expiresAt = try FieldValue.optionalDouble(value, "expiresAt") }
        if let value = object["note"] { record.note = try FieldValue.optionalString(value, "note") }
        if let value = object["deletedAt"] { record.deletedAt = try FieldValue.optionalDouble(value, "deletedAt") }
        if let value = object["passSince"] { record.passSince = try FieldValue.optionalDouble(value, "passSince") }
        var unifiedInto: String?
        if let value = object["unifiedInto"] { unifiedInto = try FieldValue.optionalString(value, "unifiedInto") }
        switch object["fields"] {
        case .object(let typed)?: for (name, value) in typed { record.fields[name] = value }
        case nil, .null?: break
        default: throw FieldError("\(ExchangeMember.extrasKey).fields must be an object")
        }
        member = ExchangeMember(record: record, counters: counters, unifiedInto: unifiedInto)
    }
}
