import Foundation
import MemberKit

/// JSON as the CLI prints it: one object per line, keys sorted, `/` not escaped.
enum JSONOutput {
    static func line(_ object: [String: JSONValue]) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(object)) ?? Data("{}".utf8)
        return PlainText.jsonEscaped(String(decoding: data, as: UTF8.self))
    }

    static func print(_ object: [String: JSONValue]) {
        MemberDeskCLI.print(line(object))
        fflush(nil)
    }

    /// A member: ClubKit's keys, the subclass keys, then memberdesk's own. `status` is the stored
    /// status; `effectiveStatus` is what the desk shows at `time` (`expired` once expiresAt has passed).
    /// `standing`: the member's plan as the store reads it (nil for an open member: no pack).
    static func member(_ member: MemberRecord, fields: [String], at time: Double, standing: PlanStanding? = nil) -> [String: JSONValue] {
        var object = member.clubKitObject(fieldNames: fields)
        object["status"] = .string(member.status.rawValue)
        object["effectiveStatus"] = .string(member.effectiveStatus(at: time).rawValue)
        object["expiresAt"] = member.expiresAt.map(JSONValue.double) ?? .null
        object["note"] = member.note.map(JSONValue.string) ?? .null
        object["plan"] = .string(member.plan.rawValue)
        object["visitsLeft"] = standing?.visitsLeft.map(JSONValue.int) ?? .null
        object["household"] = member.household.map(JSONValue.string) ?? .null
        object["birthday"] = member.birthday.map { .string($0.description) } ?? .null
        object["alert"] = member.alert.map(JSONValue.string) ?? .null
        object["freezes"] = .array(member.holds.map(Self.hold))
        object["waiver"] = member.waiver.map { .string($0.description) } ?? .null
        object["guardian"] = member.guardian.map(JSONValue.string) ?? .null
        object["photo"] = member.photo.map(JSONValue.string) ?? .null
        object["product"] = member.product.map(JSONValue.string) ?? .null
        return object
    }

    static func hold(_ hold: MemberHold) -> JSONValue {
        .object(["from": .string(hold.from.description), "until": .string(hold.until.description),
                 "reason": hold.reason.map(JSONValue.string) ?? .null, "headOnly": .bool(hold.headOnly)])
    }

    /// An ISO-8601 time, as every command prints times.
    static func time(_ seconds: Double) -> JSONValue {
        .string(ISO8601Formatters.string(from: Date(timeIntervalSince1970: seconds)))
    }

    static func checkIn(_ report: CheckInReport, plans: PlanSettings) -> [String: JSONValue] {
        let member = report.outcome.member
        var object: [String: JSONValue] = [
            "time": .string(ISO8601Formatters.string(from: report.time)),
            "outcome": .string(report.outcome.name),
            "passId": .string(report.passId),
            "source": .string(report.source.rawValue),
            "memberId": member.map { .string($0.memberId) } ?? .null,
            "username": member?.username.map(JSONValue.string) ?? .null,
            "numVisits": member.map { .int($0.numVisits) } ?? .null,
            "message": .string(report.message(sellPack: CheckInCommand.sellPack)),
        ]
        switch report.outcome {
        case .checkedIn(_, let n): object["visitNumber"] = .int(n)
        case .duplicate(_, let since): object["secondsSinceLastVisit"] = .double(since)
        case .duplicateExit(_, let since): object["secondsSinceExit"] = .double(since)
        case .refused(_, let reason): object["reason"] = .string(reason.rawValue)
        case .checkedOut(_, let stay): object["secondsInside"] = .double(stay)
        case .guestsLeft(_, let left, let still):
            object["guestsLeft"] = .int(left)
            object["guestsInside"] = .int(still)
        case .staffCard: object["reason"] = .string("staffCard")
        case .cardRefused(_, let reason): object["reason"] = .string(reason.rawValue)
        case .walletRefused(let refusal, _): object["reason"] = .string(refusal.rawValue)
        default: break
        }
        if let wallet = report.wallet { object["wallet"] = .string(wallet.rawValue) }
        if let left = report.plan?.visitsLeft { object["visitsLeft"] = .int(left) }
        if let days = DoorNotice.expiresInDays(report, settings: plans) { object["expiresInDays"] = .int(days) }
        if let notice = DoorNotice.line(for: report, settings: plans) { object["notice"] = .string(notice) }
        object["alert"] = member?.alert.map(JSONValue.string) ?? .null
        object["inside"] = report.inside.map(JSONValue.bool) ?? .null
        object["guests"] = .int(report.guests)
        // Card taps only: true for a verified SUN read, false for a card a copy could give.
        if let secure = report.secure { object["secure"] = .bool(secure) }
        // Who it is recorded under: `cli:alice` at the shell, an operator at the desk, null for none.
        object["operator"] = report.operator.map(JSONValue.string) ?? .null
        if !report.warnings.isEmpty { object["warnings"] = .array(report.warnings.map(JSONValue.string)) }
        return object
    }
}
