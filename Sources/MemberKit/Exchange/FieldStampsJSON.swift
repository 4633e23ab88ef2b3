import Foundation

/// A member's per-field stamps as JSON, in sync files (the extras' `stamps`, short) and the
/// member table's `stamps` column (whole): `{"*": [time, desk], "status": [time, desk, replaced]}`,
/// where `*` is the stamp of the fields not listed (absent: the member's own stamp).
enum FieldStampsJSON {
    /// The sync format this desk writes and reads: 1 had one stamp per member, 2 one per field. A
    /// member whose extras carry a greater `format` makes the whole file refused.
    static let format = 2
    static let formatKey = "format"
    static let key = "stamps"
    static let restKey = "*"

    /// The stamps as JSON. In a file (`own`: the member's own stamp) each is as short as it can be
    /// said: a bare number is the member's own stamp with that replaced time, and a desk equal to
    /// the member's is left out of `[time, desk, replaced]`; the column (`own` nil) says all of it.
    static func value(_ stamps: FieldStamps, own: FieldStamp? = nil) -> JSONValue {
        var object: [String: JSONValue] = [:]
        if let rest = stamps.rest { object[restKey] = value(rest, own: own) }
        for (key, stamp) in stamps.edited { object[key] = value(stamp, own: own) }
        return .object(object)
    }

    private static func value(_ stamp: FieldStamp, own: FieldStamp?) -> JSONValue {
        if let own, stamp.isSameEdit(as: own), let replaced = stamp.replaced { return .double(replaced) }
        let desk: [JSONValue] = own?.desk == stamp.desk ? [] : [.string(stamp.desk)]
        return .array([.double(stamp.time)] + desk + (stamp.replaced.map { [JSONValue.double($0)] } ?? []))
    }

    /// The stamps in `value`, checked; `own` is the member's own stamp, which short forms leave out.
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
        guard stamp.time.isFinite, stamp.replaced?.isFinite ?? true, !stamp.desk.isEmpty,
              stamp.desk.utf8.count <= MemberExtras.maximumEventText else {
            throw FieldError("\(name) must hold finite times and a desk id of 1 to \(MemberExtras.maximumEventText) bytes")
        }
        return stamp
    }

    /// Refuses a member written in a format newer than this desk reads (and so its whole file).
    static func checkFormat(_ object: [String: JSONValue]) throws(FieldError) {
        guard let value = object[formatKey], value != .null else { return }
        guard let version = FieldValue.int(value), version >= 1 else { throw FieldError("\(formatKey) must be a whole number") }
        guard version <= format else {
            throw FieldError("written by a newer memberdesk (sync format \(version), this desk reads up to \(format)); upgrade this desk")
        }
    }

    /// Reads the extras' stamps onto a decoded member (its own stamp already read).
    static func apply(_ object: [String: JSONValue], to record: inout MemberRecord) throws(FieldError) {
        guard let value = object[key], value != .null else { return }
        let own = FieldStamp(time: record.modifiedAt, desk: record.modifiedBy)
        let read = try stamps(value, own: own)
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
