import Foundation

/// A member's per-field stamps as JSON: the member table's `stamps` column (whole: `{"*": [time,
/// desk], "status": [time, desk, replaced]}`, `*` the stamp of the fields not listed), and the
/// extras' `stamps` in sync files: format 3 as `CompactFieldStamps` writes them, format 2 (files
/// from desks before it) in the short forms read here.
enum FieldStampsJSON {
    /// The sync format this desk writes and reads: 1 had one stamp per member, 2 one per field,
    /// 3 the same stamps shorter. A member whose extras carry a greater `format` makes the whole
    /// file refused.
    static let format = 3
    static let formatKey = "format"
    static let key = "stamps"
    static let restKey = "*"

    /// The stamps as the column holds them: every stamp whole.
    static func value(_ stamps: FieldStamps) -> JSONValue {
        func value(_ stamp: FieldStamp) -> JSONValue {
            .array([.double(stamp.time), .string(stamp.desk)] + (stamp.replaced.map { [JSONValue.double($0)] } ?? []))
        }
        var object: [String: JSONValue] = [:]
        if let rest = stamps.rest { object[restKey] = value(rest) }
        for (key, stamp) in stamps.edited { object[key] = value(stamp) }
        return .object(object)
    }

    /// The stamps as format 2 wrote them in files (what desks before format 3 write; the bench's
    /// reference and the tests' older files): a bare number is the member's own stamp with that
    /// replaced time, and a desk equal to the member's is left out of `[time, desk, replaced]`.
    static func formatTwoValue(_ stamps: FieldStamps, own: FieldStamp) -> JSONValue {
        func value(_ stamp: FieldStamp) -> JSONValue {
            if stamp.isSameEdit(as: own), let replaced = stamp.replaced { return .double(replaced) }
            let desk: [JSONValue] = own.desk == stamp.desk ? [] : [.string(stamp.desk)]
            return .array([.double(stamp.time)] + desk + (stamp.replaced.map { [JSONValue.double($0)] } ?? []))
        }
        var object: [String: JSONValue] = [:]
        if let rest = stamps.rest { object[restKey] = value(rest) }
        for (key, stamp) in stamps.edited { object[key] = value(stamp) }
        return .object(object)
    }

    /// The stamps in `value` (the column, or a format 2 file), checked; `own` is the member's own
    /// stamp, which format 2's short forms leave out (a bare number: its own with that replaced time).
    static func stamps(_ value: JSONValue, own: FieldStamp?) throws(FieldError) -> FieldStamps {
        guard case .object(let object) = value else { throw FieldError("\(key) must be an object") }
        var stamps = FieldStamps()
        for (name, value) in object {
            let stamp = try self.stamp(value, "\(key).\(name)", own: own)
            if name == restKey { stamps.rest = stamp } else { stamps.edited[name] = stamp }
        }
        return stamps
    }

    private static func stamp(_ value: JSONValue, _ name: String, own: FieldStamp?) throws(FieldError) -> FieldStamp {
        let shape = "\(name) must be a time or [time, desk, replaced time] (the desk or the replaced time left out)"
        var stamp: FieldStamp
        switch value {
        case .array(let parts) where (1...3).contains(parts.count):
            var rest = parts.dropFirst()
            stamp = FieldStamp(time: try FieldValue.requiredDouble(parts[0], "\(name)[0]"), desk: own?.desk ?? "")
            if case .string(let desk)? = rest.first {
                stamp.desk = desk
                rest = rest.dropFirst()
            }
            guard rest.count <= 1 else { throw FieldError(shape) }
            if let replaced = rest.first { stamp.replaced = try FieldValue.requiredDouble(replaced, "\(name): replaced time") }
        default:
            guard let own, let replaced = FieldValue.double(value) else { throw FieldError(shape) }
            stamp = FieldStamp(time: own.time, desk: own.desk, replaced: replaced)
        }
        try check(stamp, name)
        return stamp
    }

    /// A stamp read from outside: finite times and a desk id a desk could have.
    static func check(_ stamp: FieldStamp, _ name: String) throws(FieldError) {
        guard stamp.time.isFinite, stamp.replaced?.isFinite ?? true, !stamp.desk.isEmpty,
              stamp.desk.utf8.count <= MemberExtras.maximumEventText else {
            throw FieldError("\(name) must hold finite times and a desk id of 1 to \(MemberExtras.maximumEventText) bytes")
        }
    }

    /// Refuses a member written in a format newer than this desk reads (and so its whole file).
    static func checkFormat(_ object: [String: JSONValue]) throws(FieldError) {
        guard let value = object[formatKey], value != .null else { return }
        guard let version = FieldValue.int(value), version >= 1 else { throw FieldError("\(formatKey) must be a whole number") }
        guard version <= format else {
            throw FieldError("written by a newer memberdesk (sync format \(version), this desk reads up to \(format)); upgrade this desk")
        }
    }

    /// Reads the extras' stamps onto a decoded member (its own stamp already read), in the format
    /// its `format` names (absent: 2, the only one with stamps before 3); `desks` is the file's table.
    static func apply(_ object: [String: JSONValue], to record: inout MemberRecord, desks: StampDesks?) throws(FieldError) {
        try desks?.read(object[StampDesks.key])
        guard let value = object[key], value != .null else { return }
        let own = FieldStamp(time: record.modifiedAt, desk: record.modifiedBy)
        let read = (FieldValue.int(object[formatKey]) ?? 2) >= 3
            ? try CompactFieldStamps.stamps(value, own: own, desks: desks) : try stamps(value, own: own)
        record.setStamps(rest: read.rest ?? own, edited: read.edited)
    }

    /// The stamps column's text (nil when the member has none).
    static func columnText(_ stamps: FieldStamps?) -> String? {
        guard let stamps else { return nil }
        var out: [UInt8] = []
        JSONWriter.append(value(stamps), to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// The stamps column read back. The column is only ever written by `columnText`; one that does
    /// not read (a hand-edited database) counts as no stamps: the member's own stamp for every field.
    static func column(_ bytes: UnsafeBufferPointer<UInt8>) -> FieldStamps? {
        var parser = JSONStreamParser(reader: ByteReader(bytes: Array(bytes)))
        do {
            return try stamps(parser.parseValue(), own: nil)
        } catch {
            return nil
        }
    }
}
