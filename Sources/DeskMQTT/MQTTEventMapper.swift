import Foundation
import MemberKit

/// Turns what happened at the desk into MQTT messages: a pure function of the event, the
/// settings, and what the caller looked up (the named beacons, the club's capacity).
public struct MQTTEventMapper: Sendable {
    public var settings: MQTTSettings

    public init(settings: MQTTSettings) {
        self.settings = settings
    }

    /// What an event the club writes says: a tap's report (a tap, an override, a staff check-out)
    /// or a change in who is inside (closing time, "check out all", other desks' events merged),
    /// with `capacity` (0: none) for the counts that come without a report. Nothing for the rest:
    /// beacons and the reader's state are the publisher's, which keeps what they need to remember.
    public func messages(for event: DeskEvent, capacity: Int, eventId: @autoclosure () -> String = RandomId.make()) -> [OutboxMessage] {
        switch event {
        case .checkIn(let report): return messages(for: report, eventId: eventId())
        case .occupancy(let notice): return [insideMessage(count: notice.insideCount, capacity: capacity)]
        default: return []
        }
    }

    /// A tap's (or a staff check-out's) messages: `checkin` (every outcome), `checkout` (exits),
    /// `refused` (refusals and unknown passes), the door (admitted entries only), `last_checkin`
    /// (retained, admitted entries) and `inside` (retained). `inside` comes with every report: the
    /// count in it is the store's after the tap, which closing time may have changed even on a refusal.
    public func messages(for report: CheckInReport, eventId: String) -> [OutboxMessage] {
        let payload = Self.json(tapFields(report, eventId: eventId))
        var messages = [OutboxMessage(topic: settings.topic("checkin"), text: payload)]
        let outcome = report.outcome
        switch outcome {
        case .refused, .unknownPass, .staffCard, .cardRefused, .walletRefused:
            messages.append(OutboxMessage(topic: settings.topic("refused"), text: payload))
        case .checkedOut, .guestsLeft(_, 1..., _):
            messages.append(OutboxMessage(topic: settings.topic("checkout"), text: payload))
        case .checkedIn, .duplicate, .duplicateExit, .enrolled, .notInside, .guestsLeft:
            break
        }
        // Admitted means an entry (or its repeat while the member is inside): never an exit, an
        // exit's repeat or a refusal.
        if outcome.isAdmitted, let door = settings.doorTopic {
            messages.append(OutboxMessage(topic: door, text: settings.doorPayload))
        }
        switch outcome {
        case .checkedIn(let member, _), .enrolled(let member):
            messages.append(OutboxMessage(topic: settings.topic("last_checkin"), text: shownName(member),
                                          retain: settings.retainState))
        default:
            break
        }
        messages.append(insideMessage(count: report.insideCount, capacity: report.capacity))
        return messages
    }

    /// Who is inside, retained: `{"inside":12}`, with `"capacity":40` when the club has one.
    public func insideMessage(count: Int, capacity: Int) -> OutboxMessage {
        var fields: [String: JSONValue] = ["inside": .int(count)]
        if capacity > 0 { fields["capacity"] = .int(capacity) }
        return OutboxMessage(topic: settings.topic("inside"), text: Self.json(fields), retain: settings.retainState)
    }

    /// The JSON fields of a tap, where they exist; `username` only with `include_names`.
    func tapFields(_ report: CheckInReport, eventId: String) -> [String: JSONValue] {
        var fields: [String: JSONValue] = [
            "eventId": .string(eventId),
            "time": .string(Self.timestamp(report.time)),
            "desk": .string(settings.terminal.name),
            "outcome": .string(report.outcome.name),
            "passId": .string(report.passId),
            "source": .string(report.source.rawValue),
        ]
        if let inside = report.inside { fields["inside"] = .bool(inside) }
        if let secure = report.secure { fields["secure"] = .bool(secure) }
        if let wallet = report.wallet { fields["wallet"] = .string(wallet.rawValue) }
        if report.guests > 0 { fields["guests"] = .int(report.guests) }
        if let member = report.outcome.member {
            fields["memberId"] = .string(member.memberId)
            if settings.includeNames, let name = member.username { fields["username"] = .string(name) }
        }
        switch report.outcome {
        case .checkedIn(_, let visit): fields["numVisits"] = .int(visit)
        case .enrolled: fields["numVisits"] = .int(1)
        case .duplicate(let member, _), .duplicateExit(let member, _): fields["numVisits"] = .int(member.numVisits)
        case .refused(let member, let reason):
            fields["reason"] = .string(reason.rawValue)
            fields["numVisits"] = .int(member.numVisits)
        case .unknownPass: fields["reason"] = .string("unknownPass")
        case .staffCard: fields["reason"] = .string("staffCard")
        case .cardRefused(_, let reason): fields["reason"] = .string(reason.rawValue)
        case .walletRefused(let refusal, _): fields["reason"] = .string(refusal.rawValue)
        case .checkedOut(let member, _), .notInside(let member): fields["numVisits"] = .int(member.numVisits)
        case .guestsLeft(let member, let left, let still):
            fields["numVisits"] = .int(member.numVisits)
            fields["guestsLeft"] = .int(left)
            fields["guestsInside"] = .int(still)
        }
        return fields
    }

    /// The member id, or the name with `include_names` (the id when there is none).
    func shownName(_ member: MemberRecord) -> String {
        settings.includeNames ? (member.username.flatMap { $0.isEmpty ? nil : $0 } ?? member.memberId) : member.memberId
    }

    /// A named beacon's change: `appeared`, `proximity` or `lost`, retained as the beacon's state.
    public func beaconMessage(_ beacon: NamedBeacon, event: String, snapshot: BeaconSnapshot, eventId: String, time: Date) -> OutboxMessage {
        let fields: [String: JSONValue] = [
            "eventId": .string(eventId),
            "time": .string(Self.timestamp(time)),
            "desk": .string(settings.terminal.name),
            "beacon": .string(beacon.id),
            "name": .string(beacon.name),
            "event": .string(event),
            "present": .bool(event != "lost"),
            "proximity": .string(snapshot.proximity.rawValue),
        ]
        return OutboxMessage(topic: settings.topic("beacon/" + beacon.id), text: Self.json(fields), retain: settings.retainState)
    }

    /// The desk's reader state, retained: `ready`, `no reader` or `pcscd unavailable`.
    public func readerMessage(_ state: String) -> OutboxMessage {
        OutboxMessage(topic: settings.topic("reader"), text: state, retain: settings.retainState)
    }

    // Made once: building an encoder and a date formatter per tap cost more than the rest of the mapping.
    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()
    private static let timestampStyle = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

    static func json(_ fields: [String: JSONValue]) -> String {
        (try? encoder.encode(JSONValue.object(fields))).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    /// UTC with milliseconds, as receivers parse it: "2026-11-25T18:47:19.123Z".
    static func timestamp(_ date: Date) -> String {
        date.formatted(timestampStyle)
    }
}
