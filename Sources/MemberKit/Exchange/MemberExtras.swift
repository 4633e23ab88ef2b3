import Foundation

/// memberdesk's additions, as the JSON object under the `memberdesk` key or column.
enum MemberExtras {
    /// The extras of a member.
    /// `fields` are subclass fields a CSV has no column for, or cannot type (numbers, booleans ...).
    /// `includeEvents` false leaves out the entries and exits (a spreadsheet's cell holds 32,767 characters).
    static func object(_ member: ExchangeMember, includeStatus: Bool = true, includeEvents: Bool = true,
                       fields: [String: JSONValue] = [:]) -> JSONValue {
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
        for (key, value) in planObject(member) { object[key] = value }
        for (key, value) in MemberDetailsJSON.object(record) where includeStatus || key != "expiryBase" { object[key] = value }
        if includeEvents, !member.events.isEmpty { object["visitEvents"] = .array(member.events.map(eventObject)) }
        if let stamps = record.stamps {
            var spelled: [String] = []  // no table: the desks are spelled
            object[FieldStampsJSON.formatKey] = .int(FieldStampsJSON.format)
            object[FieldStampsJSON.key] = CompactFieldStamps.value(stamps, own: FieldStamp(time: record.modifiedAt, desk: record.modifiedBy),
                                                                   desks: nil, added: &spelled)
        }
        return .object(object)
    }

    /// The same object as `object(...)`, written straight into bytes (keys in sorted order, as
    /// `JSONWriter` writes them): the exporter's hot path, without building a dictionary per member.
    /// `csvQuoted` doubles every quote, for the JSON inside a quoted CSV field. `desks` is the
    /// file's desk table (.musrl); nil spells the stamps' desks.
    static func appendJSON(_ member: ExchangeMember, includeStatus: Bool = true, fields: [String: JSONValue] = [:],
                           exactTimes: Bool = false, csvQuoted: Bool = false, desks: StampDesks? = nil,
                           formatTwoStamps: Bool = false, into out: inout [UInt8]) {
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
        // The stamps first: they name the desks new to the file, which `desks` lists before them.
        var newDesks: [String] = []
        let own = FieldStamp(time: member.record.modifiedAt, desk: member.record.modifiedBy)
        let stamps = member.record.stamps.map {
            formatTwoStamps ? FieldStampsJSON.formatTwoValue($0, own: own) : CompactFieldStamps.value($0, own: own, desks: desks, added: &newDesks)
        }
        out.append(UInt8(ascii: "{"))
        let details = member.record.hasDetails ? MemberDetailsJSON.object(member.record) : [:]
        func detail(_ name: StaticString) {
            if let value = details["\(name)"] { key(name); JSONWriter.append(value, to: &out, csvQuoted: csvQuoted) }
        }
        detail("alert")
        if let birthday = member.record.birthday { key("birthday"); string(birthday.description) }
        if let deletedAt = member.record.deletedAt { key("deletedAt"); JSONWriter.appendNumber(deletedAt, to: &out) }
        if !newDesks.isEmpty { key("desks"); JSONWriter.append(.array(newDesks.map(JSONValue.string)), to: &out, csvQuoted: csvQuoted) }
        if includeStatus, let expiresAt = member.record.expiresAt { key("expiresAt"); JSONWriter.appendNumber(expiresAt, to: &out) }
        if includeStatus { detail("expiryBase") }
        if !fields.isEmpty { key("fields"); JSONWriter.append(.object(fields), to: &out, csvQuoted: csvQuoted) }
        // Only a member with stamps of its own needs format 3: any other reads as format 1 did.
        if stamps != nil { key("format"); JSONWriter.appendInteger(formatTwoStamps ? 2 : FieldStampsJSON.format, to: &out) }
        detail("guardian")
        detail("holds")
        if let household = member.record.household { key("household"); string(household) }
        key("modifiedAt"); JSONWriter.appendNumber(member.record.modifiedAt, to: &out)
        key("modifiedBy"); string(member.record.modifiedBy)
        if includeStatus, let note = member.record.note { key("note"); string(note) }
        // The plan's keys as `planObject` has them, without a dictionary per member (the export's hot path).
        if !member.packCounters.isEmpty { key("packCounters"); JSONWriter.append(Self.packCounters(member), to: &out, csvQuoted: csvQuoted) }
        if let passSince = member.record.passSince { key("passSince"); JSONWriter.appendNumber(passSince, to: &out) }
        detail("photo")
        if member.record.plan != .open { key("plan"); string(member.record.plan.rawValue) }
        detail("product")
        if let stamps { key("stamps"); JSONWriter.append(stamps, to: &out, csvQuoted: csvQuoted) }
        if includeStatus { key("status"); string(member.record.status.rawValue) }
        if exactTimes { key("timeStampAdded"); JSONWriter.appendNumber(member.record.timeStampAdded, to: &out) }
        if exactTimes { key("timeStampOfLastVisit"); JSONWriter.appendNumber(member.record.timeStampOfLastVisit, to: &out) }
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
        out.append(UInt8(ascii: "}"))
        if !member.events.isEmpty {
            key("visitEvents")
            out.append(UInt8(ascii: "["))
            for (index, event) in member.events.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                JSONWriter.append(eventObject(event), to: &out, csvQuoted: csvQuoted)
            }
            out.append(UInt8(ascii: "]"))
        }
        if member.record.plan == .pack { key("visitsLeft"); JSONWriter.appendInteger(PackCounter.balance(member.packCounters), to: &out) }
        detail("waiver")
        out.append(UInt8(ascii: "}"))
    }

    /// The plan's keys: plan, household, birthday, the pack's counters, and `visitsLeft` (the
    /// balance, for people and other programs to read: an import never takes it, only the counters).
    static func planObject(_ member: ExchangeMember) -> [String: JSONValue] {
        let record = member.record
        var object: [String: JSONValue] = [:]
        if record.plan != .open { object["plan"] = .string(record.plan.rawValue) }
        if let household = record.household { object["household"] = .string(household) }
        if let birthday = record.birthday { object["birthday"] = .string(birthday.description) }
        if !member.packCounters.isEmpty { object["packCounters"] = packCounters(member) }
        if record.plan == .pack { object["visitsLeft"] = .int(PackCounter.balance(member.packCounters)) }
        return object
    }

    static func packCounters(_ member: ExchangeMember) -> JSONValue {
        .object(member.packCounters.mapValues { .object(["added": .int($0.added), "used": .int($0.used)]) })
    }

    /// Reads the plan's keys into a member; `visitsLeft` is not read (a file cannot set a balance).
    static func applyPlan(_ object: [String: JSONValue], to record: inout MemberRecord) throws(FieldError) -> [String: PackCounter] {
        if let value = object["plan"], value != .null {
            guard let text = value.stringValue, let plan = MemberPlan(rawValue: text) else {
                throw FieldError("plan must be \"open\", \"pack\" or \"household\"")
            }
            record.plan = plan
        }
        if let value = object["household"] {
            record.household = try FieldValue.optionalString(value, "household")
            if record.household == record.memberId { throw FieldError("household names the member itself") }
        }
        if let value = object["birthday"], value != .null {
            guard let text = value.stringValue, let birthday = Birthday(parsing: text) else {
                throw FieldError("birthday must be \"YYYY-MM-DD\" or \"--MM-DD\", a day that exists")
            }
            record.birthday = birthday
        }
        return try packCounters(object["packCounters"])
    }

    /// The pack's per-desk counters under `packCounters` (absent or null: none).
    static func packCounters(_ value: JSONValue?) throws(FieldError) -> [String: PackCounter] {
        var counters: [String: PackCounter] = [:]
        switch value {
        case .object(let values)?:
            for (desk, value) in values {
                guard case .object(let counter) = value else { throw FieldError("packCounters.\(desk) must be an object") }
                func part(_ key: String) throws(FieldError) -> Int {
                    guard let value = counter[key], value != .null else { return 0 }
                    let count = try FieldValue.count(value, "packCounters.\(desk).\(key)")
                    guard count <= PackCounter.maximum else {
                        throw FieldError("packCounters.\(desk).\(key) is more than \(PackCounter.maximum)")
                    }
                    return count
                }
                counters[desk] = PackCounter(added: try part("added"), used: try part("used"))
            }
        case nil, .null?: break
        default: throw FieldError("packCounters must be an object")
        }
        return counters
    }

    /// One entry or exit as it travels (its member is the one it is listed under).
    static func eventObject(_ event: VisitEvent) -> JSONValue {
        var object: [String: JSONValue] = ["id": .string(event.eventId), "kind": .string(event.kind.rawValue),
                                           "time": .double(event.time), "desk": .string(event.terminalId),
                                           "source": .string(event.source)]
        if let exitKind = event.exitKind { object["exitKind"] = .string(exitKind.rawValue) }
        if event.guests > 0 { object["guests"] = .int(event.guests) }
        return .object(object)
    }

    /// The longest id, desk or source an event may carry.
    static let maximumEventText = 200

    static func event(_ value: JSONValue, memberId: String, index: Int) throws(FieldError) -> VisitEvent {
        let name = "visitEvents[\(index)]"
        guard case .object(let object) = value else { throw FieldError("\(name) must be an object") }
        func text(_ key: String) throws(FieldError) -> String {
            let value = try FieldValue.requiredString(object[key], "\(name).\(key)")
            guard !value.isEmpty, value.utf8.count <= maximumEventText else {
                throw FieldError("\(name).\(key) must be 1 to \(maximumEventText) bytes")
            }
            return value
        }
        let id = try text("id")
        guard let kind = VisitEvent.Kind(rawValue: try text("kind")) else {
            throw FieldError("\(name).kind must be \"entry\", \"exit\" or \"guestsLeft\"")
        }
        let time = try FieldValue.requiredDouble(object["time"], "\(name).time")
        guard time.isFinite, time >= 0 else { throw FieldError("\(name).time must be a time") }
        var exitKind: VisitSpan.ExitKind?
        if kind == .exit, let value = object["exitKind"], value != .null {
            guard let parsed = value.stringValue.flatMap(VisitSpan.ExitKind.init(rawValue:)) else {
                throw FieldError("\(name).exitKind must be \"tap\", \"staff\" or \"auto\"")
            }
            exitKind = parsed
        }
        var guests = 0
        if let value = object["guests"], value != .null {
            guard let count = FieldValue.int(value), (0...VisitEvent.maximumGuests).contains(count), kind != .exit || count == 0 else {
                throw FieldError("\(name).guests must be a whole number from 0 to \(VisitEvent.maximumGuests), and 0 on an exit")
            }
            guests = count
        }
        if kind == .guestsLeft, guests == 0 { throw FieldError("\(name).guests must say how many guests left") }
        return VisitEvent(eventId: id, memberId: memberId, kind: kind, time: time, terminalId: try text("desk"),
                          source: try text("source"), exitKind: exitKind, guests: guests)
    }

    /// Applies an extras object to a member decoded from the ClubKit keys; `desks` is the file's
    /// desk table (.musrl files have one).
    static func apply(_ extras: JSONValue, to member: inout ExchangeMember, desks: StampDesks? = nil) throws(FieldError) {
        guard case .object(let object) = extras else { throw FieldError("\(ExchangeMember.extrasKey) must be an object") }
        try FieldStampsJSON.checkFormat(object)  // first: a newer desk's member may hold anything else
        let counters = try visitCounters(object["visitCounters"])
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
        let packCounters = try applyPlan(object, to: &record)
        try MemberDetailsJSON.apply(object, to: &record)
        try FieldStampsJSON.apply(object, to: &record, desks: desks)
        var unifiedInto: String?
        if let value = object["unifiedInto"] { unifiedInto = try FieldValue.optionalString(value, "unifiedInto") }
        switch object["fields"] {
        case .object(let typed)?: for (name, value) in typed { record.fields[name] = value }
        case nil, .null?: break
        default: throw FieldError("\(ExchangeMember.extrasKey).fields must be an object")
        }
        let events = try visitEvents(object["visitEvents"], memberId: record.memberId)
        member = ExchangeMember(record: record, counters: counters, unifiedInto: unifiedInto, events: events,
                                packCounters: packCounters)
    }

    /// The most visits one desk's counter may hold: far beyond any club, and small enough that the
    /// counters of thousands of desks still add up to a count (the store sums them).
    static let maximumVisitCounter = 1_000_000_000_000

    /// The per-desk visit counters under `visitCounters` (absent or null: none).
    static func visitCounters(_ value: JSONValue?) throws(FieldError) -> [String: Int] {
        var counters: [String: Int] = [:]
        switch value {
        case .object(let values)?:
            for (terminal, value) in values {
                let count = try FieldValue.count(value, "visitCounters.\(terminal)")
                guard count <= maximumVisitCounter else {
                    throw FieldError("visitCounters.\(terminal) is \(count), too large for a desk's visits (at most \(maximumVisitCounter))")
                }
                counters[terminal] = count
            }
        case nil, .null?: break
        default: throw FieldError("visitCounters must be an object")
        }
        return counters
    }

    /// The entries and exits under `visitEvents` (absent or null: none).
    static func visitEvents(_ value: JSONValue?, memberId: String) throws(FieldError) -> [VisitEvent] {
        var events: [VisitEvent] = []
        switch value {
        case .array(let values)?:
            for (index, value) in values.enumerated() { events.append(try event(value, memberId: memberId, index: index)) }
        case nil, .null?: break
        default: throw FieldError("visitEvents must be an array")
        }
        return events
    }
}
