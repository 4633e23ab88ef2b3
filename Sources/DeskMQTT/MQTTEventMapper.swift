import Foundation
import MemberKit

/// Turns what happened at the desk into MQTT messages: a pure function of the event, the
/// settings, and what the caller looked up (the day's visit count, the named beacons).
public struct MQTTEventMapper: Sendable {
    public var settings: MQTTSettings

    public init(settings: MQTTSettings) {
        self.settings = settings
    }

    /// A tap's messages: `checkin` (every outcome), `refused` (refusals), the door (admitted),
    /// `last_checkin` and `visits_today` (retained state).
    public func messages(for report: CheckInReport, eventId: String, visitsToday: Int?) -> [OutboxMessage] {
        let payload = Self.json(tapFields(report, eventId: eventId))
        var messages = [OutboxMessage(topic: settings.topic("checkin"), text: payload)]
        let outcome = report.outcome
        switch outcome {
        case .refused, .unknownPass, .staffCard:
            messages.append(OutboxMessage(topic: settings.topic("refused"), text: payload))
        case .checkedIn, .duplicate, .enrolled, .checkedOut, .notInside:
            break  // issue #18's seam: `checkout` and `inside` are for the MQTT helper to add
        }
        // Seam for issue #18: a check-out outcome will go to `checkout` (same shape) and update `inside`.
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
        if let visitsToday {
            messages.append(OutboxMessage(topic: settings.topic("visits_today"), text: String(visitsToday),
                                          retain: settings.retainState))
        }
        return messages
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
        if let member = report.outcome.member {
            fields["memberId"] = .string(member.memberId)
            if settings.includeNames, let name = member.username { fields["username"] = .string(name) }
        }
        switch report.outcome {
        case .checkedIn(_, let visit): fields["numVisits"] = .int(visit)
        case .enrolled: fields["numVisits"] = .int(1)
        case .duplicate(let member, _): fields["numVisits"] = .int(member.numVisits)
        case .refused(let member, let reason):
            fields["reason"] = .string(reason.rawValue)
            fields["numVisits"] = .int(member.numVisits)
        case .unknownPass: fields["reason"] = .string("unknownPass")
        case .staffCard: fields["reason"] = .string("staffCard")
        case .checkedOut(let member, _), .notInside(let member): fields["numVisits"] = .int(member.numVisits)
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

    static func json(_ fields: [String: JSONValue]) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(JSONValue.object(fields))).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    /// UTC with milliseconds, as receivers parse it: "2026-11-25T18:47:19.123Z".
    static func timestamp(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: date)
    }
}
