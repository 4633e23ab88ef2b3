/// The names of a member's fields as their stamps know them: each is merged on its own. A
/// member-type field is `f.` and its name (an unset one is null: an edit like any other).
package enum MemberFieldKey {
    /// memberdesk's own fields; the pass carries `passSince` with it, a deletion is `deletedAt`.
    package static let fixed = ["username", "passId", "status", "expiresAt", "note", "plan", "household", "birthday",
                                      "alert", "holds", "waiver", "guardian", "photo", "product", "deletedAt"]
    static let extraPrefix = "f."

    package static func extra(_ name: String) -> String { extraPrefix + name }

    /// The member-type field a key names, nil for a fixed one.
    package static func extraName(_ key: String) -> String? {
        key.hasPrefix(extraPrefix) ? String(key.dropFirst(extraPrefix.count)) : nil
    }

    /// Every key either member has a value or a stamp for, in one fixed order.
    package static func keys(_ a: MemberRecord, _ b: MemberRecord) -> [String] {
        var extras = Set<String>()
        for record in [a, b] {
            for (name, value) in record.fields where value != .null { extras.insert(extra(name)) }
            for key in record.stamps.map({ Array($0.edited.keys) }) ?? [] where extraName(key) != nil { extras.insert(key) }
        }
        return fixed + extras.sorted()
    }

    /// The field as people name it ("email", "status"), as the preview and the audit say.
    package static func label(_ key: String) -> String {
        switch key {
        case "username": return "name"
        case "passId": return "pass"
        case "expiresAt": return "expiry"
        case "deletedAt": return "deletion"
        case "holds": return "freezes"
        case "product": return "plan sold"
        case "f.userEmailAddress": return "e-mail"
        default: return extraName(key) ?? key
        }
    }
}

extension MemberRecord {
    /// Whether two versions hold the same value of one field (a null member-type field is an absent one).
    package func sameValue(of key: String, as other: MemberRecord) -> Bool {
        switch key {
        case "username": return username == other.username
        case "passId": return passId == other.passId && passSince == other.passSince
        case "status": return status == other.status
        case "expiresAt": return expirySet == other.expirySet
        case "note": return note == other.note
        case "plan": return plan == other.plan
        case "household": return household == other.household
        case "birthday": return birthday == other.birthday
        case "alert": return alert == other.alert
        case "holds": return holdRecords == other.holdRecords
        case "waiver": return waiver == other.waiver
        case "guardian": return guardian == other.guardian
        case "photo": return photo == other.photo
        case "product": return product == other.product
        case "deletedAt": return deletedAt == other.deletedAt
        default:
            guard let name = MemberFieldKey.extraName(key) else { return true }
            return (fields[name] ?? .null) == (other.fields[name] ?? .null)
        }
    }

    /// Takes one field's value from another version of this member.
    package mutating func copyValue(of key: String, from other: MemberRecord) {
        switch key {
        case "username": username = other.username
        case "passId":
            passId = other.passId
            passSince = other.passSince
        case "status": status = other.status
        case "expiresAt": expiresAt = other.expirySet  // the holds move it again: `settleExpiry`
        case "note": note = other.note
        case "plan": plan = other.plan
        case "household": household = other.household
        case "birthday": birthday = other.birthday
        case "alert": alert = other.alert
        case "holds": holdRecords = other.holdRecords
        case "waiver": waiver = other.waiver
        case "guardian": guardian = other.guardian
        case "photo": photo = other.photo
        case "product": product = other.product
        case "deletedAt": deletedAt = other.deletedAt
        default:
            guard let name = MemberFieldKey.extraName(key) else { return }
            let value = other.fields[name] ?? .null
            fields[name] = value == .null ? nil : value
        }
    }

    /// One field's value as text, for conflicts and their audit entries ("" for none).
    package func valueText(of key: String) -> String {
        switch key {
        case "username": return username ?? ""
        case "passId": return passId
        case "status": return status.rawValue
        case "expiresAt": return expirySet.map { String($0) } ?? ""
        case "note": return note ?? ""
        case "plan": return plan.rawValue
        case "household": return household ?? ""
        case "birthday": return birthday?.description ?? ""
        case "alert": return alert ?? ""
        case "holds": return holdRecords.map { $0.text(withId: true) }.joined(separator: ", ")
        case "waiver": return waiver?.description ?? ""
        case "guardian": return guardian ?? ""
        case "photo": return photo ?? ""
        case "product": return product ?? ""
        case "deletedAt": return deletedAt.map { String($0) } ?? ""
        default:
            guard let name = MemberFieldKey.extraName(key), let value = fields[name], value != .null else { return "" }
            return value.displayText ?? ""
        }
    }
}
