import Foundation
import GRDB

public struct ClubSettings: Sendable {
    /// The same pass again within this window is not counted again.
    public var debounce: TimeInterval
    public var enrolment: EnrolmentPolicy
    /// The member type's field names (`variableNamesAsStrings()`), for listings and exports.
    public var memberFields: [String]

    public init(debounce: TimeInterval = 60, enrolment: EnrolmentPolicy = .auto,
                memberFields: [String] = CustomMembershipUser.variableNamesAsStrings()) {
        self.debounce = debounce
        self.enrolment = enrolment
        self.memberFields = memberFields
    }
}

/// The check-in rules and member changes. Every change is committed before it is published.
public final class Club: Sendable {
    public let database: AppDatabase
    public let terminal: TerminalIdentity
    public let settings: ClubSettings
    public let bus: EventBus
    public let clock: any DeskClock

    public init(database: AppDatabase, terminal: TerminalIdentity, settings: ClubSettings = ClubSettings(),
                bus: EventBus = EventBus(), clock: any DeskClock = SystemClock()) {
        self.database = database
        self.terminal = terminal
        self.settings = settings
        self.bus = bus
        self.clock = clock
    }

    // MARK: Check-in

    /// Counts a visit for the pass, in one transaction, and publishes the outcome.
    @discardableResult
    public func checkIn(passId raw: String, source: CheckInSource, at date: Date? = nil) throws -> CheckInOutcome {
        let now = date ?? clock.now()
        let pass: NormalizedPass
        do {
            pass = try PassIdNormalizer.normalize(raw)
        } catch let error as DeskError {
            bus.publish(.error(DeskErrorNotice(source: source.rawValue, message: error.description)))
            throw error
        }
        let outcome: CheckInOutcome
        do {
            outcome = try database.write { db in try self.checkIn(db, pass: pass, source: source, at: now) }
        } catch let error as DeskError {
            bus.publish(.error(DeskErrorNotice(source: "store", message: error.description)))
            throw error
        }
        bus.publish(.checkIn(CheckInReport(time: now, source: source, passId: pass.passId, outcome: outcome,
                                           terminalId: terminal.id)))
        if case .enrolled(let member) = outcome { bus.publish(.memberCreated(member)) }
        return outcome
    }

    private func checkIn(_ db: Database, pass: NormalizedPass, source: CheckInSource, at now: Date) throws -> CheckInOutcome {
        let time = now.timeIntervalSince1970
        guard var member = try AppDatabase.member(db, passId: pass.passId) ?? Self.sameCard(db, pass: pass) else {
            guard settings.enrolment == .auto else { return .unknownPass(pass.passId) }
            return .enrolled(try enrol(db, pass: pass, fields: [:], source: source, at: time))
        }
        if member.status == .suspended { return .refused(member, reason: .suspended) }
        if member.isExpired(at: time) { return .refused(member, reason: .expired) }
        let since = time - member.timeStampOfLastVisit
        if member.timeStampOfLastVisit > 0, abs(since) < settings.debounce {
            return .duplicate(member, since: max(0, since))
        }
        try recordVisit(db, member: &member, at: time, source: source)
        return .checkedIn(member, visitNumber: member.numVisits)
    }

    /// A card UID stored in lowercase (as another system's member list may hold it) is the same card:
    /// without this, a tap would enrol a second member. Only an unambiguous match counts.
    private static func sameCard(_ db: Database, pass: NormalizedPass) throws -> MemberRecord? {
        guard PassIdNormalizer.cardUID(pass.passId) == pass.passId else { return nil }
        let matches = try MemberRecord.fetchAll(db.cachedStatement(sql: """
            SELECT * FROM member WHERE passId = ? COLLATE NOCASE AND deletedAt IS NULL LIMIT 2
            """), arguments: [pass.passId])
        return matches.count == 1 ? matches[0] : nil
    }

    /// Enrols an unknown pass with its first visit (the UI's answer to the enrol prompt).
    @discardableResult
    public func enrol(passId raw: String, username: String? = nil, fields: [String: JSONValue] = [:],
                      source: CheckInSource, at date: Date? = nil) throws -> MemberRecord {
        let now = date ?? clock.now()
        var pass = try PassIdNormalizer.normalize(raw)
        if let username, !username.isEmpty { pass.username = username }
        let member = try database.write { db in
            try self.enrol(db, pass: pass, fields: fields, source: source, at: now.timeIntervalSince1970)
        }
        bus.publish(.checkIn(CheckInReport(time: now, source: source, passId: pass.passId,
                                           outcome: .enrolled(member), terminalId: terminal.id)))
        bus.publish(.memberCreated(member))
        return member
    }

    private func enrol(_ db: Database, pass: NormalizedPass, fields: [String: JSONValue], source: CheckInSource,
                       at time: Double) throws -> MemberRecord {
        var member = MemberRecord(passId: pass.passId, username: pass.username, timeStampAdded: time, fields: fields,
                                  modifiedAt: time, modifiedBy: terminal.id)
        try AppDatabase.insertMember(db, member)
        try recordVisit(db, member: &member, at: time, source: source)
        return member
    }

    /// The visit row, this terminal's counter, and the member's totals, in the caller's transaction.
    private func recordVisit(_ db: Database, member: inout MemberRecord, at time: Double, source: CheckInSource) throws {
        // Cached statements: this runs on every tap.
        try db.cachedStatement(sql: """
            UPDATE member SET numVisits = numVisits + 1, timeStampOfLastVisit = max(timeStampOfLastVisit, ?)
            WHERE memberId = ?
            """).execute(arguments: [time, member.memberId])
        try db.cachedStatement(sql: """
            INSERT INTO visit_counter(memberId, terminalId, count) VALUES (?, ?, 1)
            ON CONFLICT(memberId, terminalId) DO UPDATE SET count = count + 1
            """).execute(arguments: [member.memberId, terminal.id])
        try db.cachedStatement(sql: "INSERT INTO visit(visitId, memberId, terminalId, time, source) VALUES (?, ?, ?, ?, ?)")
            .execute(arguments: [UUID().uuidString, member.memberId, terminal.id, time, source.rawValue])
        member.numVisits += 1
        member.timeStampOfLastVisit = max(member.timeStampOfLastVisit, time)
    }
}
