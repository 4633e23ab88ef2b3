/// A member's door and membership details (alert, holds, waiver, guardian, photo, plan sold, and
/// the expiry as set when holds have moved it: `expiryBase`) as
/// JSON keys: the store's `details` column and a sync file's extras hold the same keys, so one
/// codec serves both. Each key is a member field of its own, merged by its own stamp.
enum MemberDetailsJSON {
    /// In sorted order, as `JSONWriter` writes an object's keys.
    static let keys = ["alert", "expiryBase", "guardian", "holds", "photo", "product", "waiver"]

    /// The details a member has (absent keys for none).
    static func object(_ r: MemberRecord) -> [String: JSONValue] {
        var object: [String: JSONValue] = [:]
        if let alert = r.alert { object["alert"] = .string(alert) }
        if let base = r.expiryBase { object["expiryBase"] = .double(base) }
        if let guardian = r.guardian { object["guardian"] = .string(guardian) }
        if !r.holdRecords.isEmpty { object["holds"] = .array(r.holdRecords.map(holdValue)) }
        if let photo = r.photo { object["photo"] = .string(photo) }
        if let product = r.product { object["product"] = .string(product) }
        if let waiver = r.waiver { object["waiver"] = .string(waiver.description) }
        return object
    }

    static func holdValue(_ hold: MemberHold) -> JSONValue {
        var object: [String: JSONValue] = ["id": .string(hold.id), "from": .string(hold.from.description),
                                           "until": .string(hold.until.description)]
        if let reason = hold.reason { object["reason"] = .string(reason) }
        if hold.headOnly { object["headOnly"] = .bool(true) }
        if let madeAt = hold.madeAt { object["madeAt"] = .double(madeAt) }
        if hold.extendsExpiry { object["extends"] = .bool(true) }
        return .object(object)
    }

    /// Reads the keys `object` has into the member (an absent key leaves a field as it is, null clears it).
    /// `expiryBase` is read after the expiry (setting an expiry clears it).
    static func apply(_ object: [String: JSONValue], to r: inout MemberRecord) throws(FieldError) {
        if let value = object["expiryBase"] {
            let base = try FieldValue.optionalDouble(value, "expiryBase")
            guard base == nil || r.expiresAt != nil else { throw FieldError("expiryBase without an expiresAt") }
            r.expiryBase = base
        }
        if let value = object["alert"] { r.alert = try FieldValue.optionalString(value, "alert") }
        if let value = object["guardian"] { r.guardian = try FieldValue.optionalString(value, "guardian") }
        if let value = object["photo"] { r.photo = try FieldValue.optionalString(value, "photo") }
        if let value = object["product"] { r.product = try FieldValue.optionalString(value, "product") }
        if let value = object["waiver"] { r.waiver = try day(value, "waiver") }
        switch object["holds"] {
        case nil: break
        case .null?: r.holdRecords = []
        case .array(let values)?:
            guard values.count <= MemberFieldRules.holdLimit else {
                throw FieldError("holds: \(values.count); at most \(MemberFieldRules.holdLimit)")
            }
            var holds: [MemberHold] = []
            for (index, value) in values.enumerated() {
                guard case .object(let hold) = value else { throw FieldError("holds[\(index)] must be an object") }
                guard let from = try day(hold["from"] ?? .null, "holds[\(index)].from"),
                      let until = try day(hold["until"] ?? .null, "holds[\(index)].until") else {
                    throw FieldError("holds[\(index)] needs a from and an until day")
                }
                // A cancelled hold ends the day before it begins (`MemberHold.ending(by:)`).
                guard from.dayNumber - 1 <= until.dayNumber else { throw FieldError("holds[\(index)] ends before it starts") }
                var reason: String?
                if let value = hold["reason"] { reason = try FieldValue.optionalString(value, "holds[\(index)].reason") }
                let headOnly: Bool
                switch hold["headOnly"] {
                case nil, .null?: headOnly = false
                case .bool(let flag)?: headOnly = flag
                default: throw FieldError("holds[\(index)].headOnly must be true or false")
                }
                var id: String?
                if let value = hold["id"] {
                    guard let text = value.stringValue, MemberHold.isId(text) else {
                        throw FieldError("holds[\(index)].id must be a short text")
                    }
                    id = text
                }
                var madeAt: Double?
                if let value = hold["madeAt"] { madeAt = try FieldValue.optionalDouble(value, "holds[\(index)].madeAt") }
                let extends: Bool
                switch hold["extends"] {
                case nil, .null?: extends = false
                case .bool(let flag)?: extends = flag
                default: throw FieldError("holds[\(index)].extends must be true or false")
                }
                holds.append(MemberHold(id: id, from: from, until: until, reason: reason, headOnly: headOnly,
                                        madeAt: madeAt, extendsExpiry: extends))
            }
            r.holdRecords = MemberHold.joined(holds, [])
        default: throw FieldError("holds must be an array")
        }
    }

    private static func day(_ value: JSONValue, _ name: @autoclosure () -> String) throws(FieldError) -> CalendarDay? {
        if value == .null { return nil }
        guard let text = value.stringValue, let day = CalendarDay(parsing: text) else {
            throw FieldError("\(name()) must be a day, \"YYYY-MM-DD\"")
        }
        return day
    }

    /// The store's column: nil when the member has none.
    static func columnText(_ r: MemberRecord) -> String? {
        let object = object(r)
        guard !object.isEmpty else { return nil }
        var out: [UInt8] = []
        JSONWriter.append(.object(object), to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// The column read back into a member; only `columnText` writes it, so one that does not read
    /// (a hand-edited database) leaves the member without details.
    static func applyColumn(_ bytes: UnsafeBufferPointer<UInt8>, to r: inout MemberRecord) {
        var parser = JSONStreamParser(reader: ByteReader(bytes: Array(bytes)))
        do {
            guard case .object(let object) = try parser.parseValue() else { return }
            var read = r
            try apply(object, to: &read)
            r = read
        } catch {
            return
        }
    }
}
