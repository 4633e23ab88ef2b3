import Foundation

/// A member's per-field stamps as sync format 3 writes them in files, each as short as it can be
/// said without losing a bit: times as offsets, desks by their index in the file's `desks`.
///
/// `{"*": [t, d, r], "status": r, ...}`: `t` is the stamp's time as an offset from the member's
/// own (`modifiedAt`); `d` its desk: null for the member's own (`modifiedBy`), an index into the
/// file's `StampDesks`, or the desk's id; `r` the replaced time as an offset from the `*` stamp's
/// time (for `*` itself, from the member's own). `[t]` and `[t, d]` have no replaced time; a bare
/// number `r` is the member's own edit. A time no offset gives back exactly is written `[time]`.
enum CompactFieldStamps {
    /// The stamps for a file; `desks` nil spells every desk (CSV files, whose rows may be
    /// reordered); `added` gets the desks this member names first in the file.
    static func value(_ stamps: FieldStamps, own: FieldStamp, desks: StampDesks?, added: inout [String]) -> JSONValue {
        var object: [String: JSONValue] = [:]
        if let rest = stamps.rest {
            object[FieldStampsJSON.restKey] = value(rest, own: own, base: own.time, desks: desks, added: &added)
        }
        let restTime = (stamps.rest ?? own).time
        for key in stamps.edited.keys.sorted() {  // sorted: desks get their indices in the order they are written
            object[key] = value(stamps.edited[key]!, own: own, base: restTime, desks: desks, added: &added)
        }
        return .object(object)
    }

    private static func value(_ stamp: FieldStamp, own: FieldStamp, base: Double, desks: StampDesks?,
                              added: inout [String]) -> JSONValue {
        let replaced = stamp.replaced.map { time($0, from: base) }
        if stamp.isSameEdit(as: own), let replaced, case .double = replaced { return replaced }
        var parts = [time(stamp.time, from: own.time)]
        let desk: JSONValue = stamp.desk == own.desk ? .null
            : desks.map { .int($0.index(of: stamp.desk, adding: &added)) } ?? .string(stamp.desk)
        if desk != .null || replaced != nil { parts.append(desk) }
        if let replaced { parts.append(replaced) }
        return .array(parts)
    }

    /// `time` as an offset from `base` in the fewest significant digits that give it back exactly
    /// (`base + offset == time`, as the reader adds them), or `[time]` when no offset does.
    static func time(_ time: Double, from base: Double) -> JSONValue {
        let offset = time - base
        guard offset.isFinite, base + offset == time else { return .array([.double(time)]) }
        if offset == offset.rounded() { return .double(offset) }
        for digits in 1...16 {
            if let short = Double(String(format: "%.\(digits)g", offset)), base + short == time { return .double(short) }
        }
        return .double(offset)
    }

    /// The stamps in a format 3 `value`, checked; `own` is the member's own stamp.
    static func stamps(_ value: JSONValue, own: FieldStamp, desks: StampDesks?) throws(FieldError) -> FieldStamps {
        guard case .object(let object) = value else { throw FieldError("\(FieldStampsJSON.key) must be an object") }
        var stamps = FieldStamps()
        if let rest = object[FieldStampsJSON.restKey] {
            stamps.rest = try stamp(rest, "\(FieldStampsJSON.key).*", own: own, base: own.time, desks: desks)
        }
        let restTime = (stamps.rest ?? own).time
        for (name, value) in object where name != FieldStampsJSON.restKey {
            stamps.edited[name] = try stamp(value, "\(FieldStampsJSON.key).\(name)", own: own, base: restTime, desks: desks)
        }
        return stamps
    }

    private static func stamp(_ value: JSONValue, _ name: String, own: FieldStamp, base: Double,
                              desks: StampDesks?) throws(FieldError) -> FieldStamp {
        var stamp = own
        switch value {
        case .array(let parts) where (1...3).contains(parts.count):
            stamp.time = try time(parts[0], from: own.time, "\(name)[0]")
            if parts.count > 1 { stamp.desk = try desk(parts[1], "\(name)[1]", own: own, desks: desks) }
            if parts.count > 2 { stamp.replaced = try time(parts[2], from: base, "\(name)[2]") }
        case .array:
            throw FieldError("\(name) must be [time, desk, replaced time] (the replaced time, or both, left out) or a replaced time")
        default:
            stamp.replaced = base + (try FieldValue.requiredDouble(value, name))
        }
        try FieldStampsJSON.check(stamp, name)
        return stamp
    }

    private static func time(_ value: JSONValue, from base: Double, _ name: String) throws(FieldError) -> Double {
        guard case .array(let parts) = value else { return base + (try FieldValue.requiredDouble(value, name)) }
        guard parts.count == 1 else { throw FieldError("\(name) must be an offset or [time]") }
        return try FieldValue.requiredDouble(parts[0], name)
    }

    private static func desk(_ value: JSONValue, _ name: String, own: FieldStamp, desks: StampDesks?) throws(FieldError) -> String {
        switch value {
        case .null: return own.desk
        case .string(let desk): return desk
        case .int(let index):
            guard let desks else { throw FieldError("\(name) is a desk index, which only a .musrl file's \(StampDesks.key) defines") }
            return try desks.desk(at: index, name)
        default: throw FieldError("\(name) must be null, a desk index or a desk id")
        }
    }
}
