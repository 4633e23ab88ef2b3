import Foundation

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

    /// Counts a visit for the pass, in one transaction, and publishes the outcome. With
    /// `enrolUnknown` false an unknown pass is reported even under the `auto` policy, so that the
    /// desk can ask first (a pass typed by hand may be a typo, where a tap is a real card).
    @discardableResult
    public func checkIn(passId raw: String, source: CheckInSource, at date: Date? = nil,
                        enrolUnknown: Bool = true) throws -> CheckInOutcome {
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
            outcome = try database.checkIn(passId: pass.passId, terminalId: terminal.id, source: source,
                                           at: now.timeIntervalSince1970) { member in
                decide(member, pass: pass, enrolUnknown: enrolUnknown, at: now.timeIntervalSince1970)
            }
        } catch let error as DeskError {
            bus.publish(.error(DeskErrorNotice(source: "store", message: error.description)))
            throw error
        }
        bus.publish(.checkIn(CheckInReport(time: now, source: source, passId: pass.passId, outcome: outcome,
                                           terminalId: terminal.id)))
        if case .enrolled(let member) = outcome { bus.publish(.memberCreated(member)) }
        return outcome
    }

    /// The rules for a tap, given the pass's member (nil: none holds it).
    private func decide(_ member: MemberRecord?, pass: NormalizedPass, enrolUnknown: Bool, at time: Double) -> CheckInDecision {
        guard let member else {
            guard settings.enrolment == .auto, enrolUnknown else { return .answer(.unknownPass(pass.passId)) }
            return .enrol(newMember(pass, fields: [:], at: time))
        }
        switch member.effectiveStatus(at: time) {
        case .suspended: return .answer(.refused(member, reason: .suspended))
        case .expired: return .answer(.refused(member, reason: .expired))
        case .active: break
        }
        let since = time - member.timeStampOfLastVisit
        if member.timeStampOfLastVisit > 0, abs(since) < settings.debounce {
            return .answer(.duplicate(member, since: max(0, since)))
        }
        return .countVisit(member)
    }

    /// Enrols an unknown pass with its first visit (the UI's answer to the enrol prompt).
    @discardableResult
    public func enrol(passId raw: String, username: String? = nil, fields: [String: JSONValue] = [:],
                      source: CheckInSource, at date: Date? = nil) throws -> MemberRecord {
        let now = date ?? clock.now()
        var pass = try PassIdNormalizer.normalize(raw)
        if let username, !username.isEmpty { pass.username = username }
        let member = try database.enrol(newMember(pass, fields: fields, at: now.timeIntervalSince1970),
                                        terminalId: terminal.id, source: source, at: now.timeIntervalSince1970)
        bus.publish(.checkIn(CheckInReport(time: now, source: source, passId: pass.passId,
                                           outcome: .enrolled(member), terminalId: terminal.id)))
        bus.publish(.memberCreated(member))
        return member
    }

    private func newMember(_ pass: NormalizedPass, fields: [String: JSONValue], at time: Double) -> MemberRecord {
        MemberRecord(passId: pass.passId, username: pass.username, timeStampAdded: time, fields: fields,
                     modifiedAt: time, modifiedBy: terminal.id)
    }
}
