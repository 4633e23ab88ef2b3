import Foundation

/// Field conversions as ClubKit's reader does them: numbers may also be given as strings.
enum FieldValue {
    static func double(_ value: JSONValue?) -> Double? {
        switch value {
        case .int(let int)?: return Double(int)
        case .double(let double)?: return double
        case .number(let text)?:
            // Kept as written; read as the nearest Double, as ClubKit's JSONDecoder does.
            guard let double = Double(text), double.isFinite else { return nil }
            return double
        case .string(let text)?:
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            guard let double = Double(trimmed), double.isFinite else { return nil }
            return double
        default: return nil
        }
    }

    static func int(_ value: JSONValue?) -> Int? {
        switch value {
        case .int(let int)?: return int
        case .double(let double)?: return double == double.rounded() ? Int(exactly: double) : nil
        case .number?: return double(value).flatMap { $0 == $0.rounded() ? Int(exactly: $0) : nil }
        case .string(let text)?:
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            if let int = Int(trimmed) { return int }
            return double(value).flatMap { $0 == $0.rounded() ? Int(exactly: $0) : nil }
        default: return nil
        }
    }

    static func requiredDouble(_ value: JSONValue?, _ name: String) throws(FieldError) -> Double {
        guard let value else { throw FieldError("missing \(name)") }
        guard let double = double(value) else { throw unrepresentable(value, name) ?? FieldError("\(name) must be a number") }
        return double
    }

    /// `name` only for the error: the details' readers name a field by its place (`holds[0].madeAt`), made only when it is wrong.
    static func optionalDouble(_ value: JSONValue, _ name: @autoclosure () -> String) throws(FieldError) -> Double? {
        if value == .null { return nil }
        guard let double = double(value) else { throw unrepresentable(value, name()) ?? FieldError("\(name()) must be a number or null") }
        return double
    }

    /// A whole number 0 or more (numVisits, a visit counter).
    static func count(_ value: JSONValue, _ name: String) throws(FieldError) -> Int {
        guard let count = int(value), count >= 0 else {
            throw unrepresentable(value, name, whole: true) ?? FieldError("\(name) must be a whole number, 0 or more")
        }
        return count
    }

    /// For a valid JSON number memberdesk reads but cannot hold: an error that says so, naming the field.
    static func unrepresentable(_ value: JSONValue, _ name: String, whole: Bool = false) -> FieldError? {
        guard case .number(let text) = value else { return nil }
        let shown = text.count > 40 ? text.prefix(37) + "..." : Substring(text)
        guard let double = Double(text), double.isFinite else {
            return FieldError("\(name) is \(shown), beyond the range of numbers memberdesk can hold (about ±1.8e308)")
        }
        guard whole, double == double.rounded(), Int(exactly: double) == nil else { return nil }
        return FieldError("\(name) is \(shown), too large for a count (at most \(Int.max))")
    }

    static func optionalString(_ value: JSONValue, _ name: @autoclosure () -> String) throws(FieldError) -> String? {
        switch value {
        case .null: return nil
        case .string(let text): return text
        default: throw FieldError("\(name()) must be a string or null")
        }
    }

    static func requiredString(_ value: JSONValue?, _ name: String) throws(FieldError) -> String {
        guard let value else { throw FieldError("missing \(name)") }
        guard case .string(let text) = value else { throw FieldError("\(name) must be a string") }
        guard !text.isEmpty else { throw FieldError("\(name) is empty") }
        return text
    }

    /// A ClubKit-shaped object (the six keys, subclass keys, and optionally the extras) as a member.
    /// A tally (a sync file's entry for a member its desk did not author) is read as one. `desks`
    /// is the file's desk table, for the stamps (.musrl files have one).
    static func member(from object: [String: JSONValue], desks: StampDesks? = nil) throws(FieldError) -> ExchangeMember {
        if TallyEntry.isTally(object) { return try TallyEntry.read(object) }
        let memberId = try requiredString(object["memberId"], "memberId")
        let passId = try requiredString(object["passId"], "passId")
        let username = try optionalString(object["username"] ?? .null, "username")
        let added = try requiredDouble(object["timeStampAdded"], "timeStampAdded")
        guard let visitsValue = object["numVisits"] else { throw FieldError("missing numVisits") }
        let visits = try count(visitsValue, "numVisits")
        let lastVisit = try requiredDouble(object["timeStampOfLastVisit"], "timeStampOfLastVisit")
        var fields = object
        for name in MembershipUser.baseFieldNames { fields[name] = nil }
        let extras = fields.removeValue(forKey: ExchangeMember.extrasKey)
        var member = ExchangeMember.clubKit(memberId: memberId, passId: passId, username: username, timeStampAdded: added,
                                            numVisits: visits, timeStampOfLastVisit: lastVisit, fields: fields)
        if let extras, extras != .null { try MemberExtras.apply(extras, to: &member, desks: desks) }
        return member
    }
}
