import Foundation
@_spi(Decisions) import MemberCore
import Synchronization

/// The check-in rules and member changes. Every change is committed before it is published.
public final class Club: Sendable {
    /// The store, for MemberKit alone: adapters read through `Club+AdapterReads.swift`, and one that
    /// needs the handle (an outbox, an exporter) is given it by the wiring that opened it.
    let database: AppDatabase
    public let terminal: TerminalIdentity
    public let settings: ClubSettings
    public let bus: EventBus
    public let clock: any DeskClock
    /// Taps, exits and check-ins by hand go in the audit record. Only the bench turns it off, to
    /// weigh what recording adds to a check-in's commit.
    package let recordsCheckIns: Bool
    /// Where every decision's new ids come from (`RandomId`; a test may hand in its own).
    package let ids: IdSource

    public convenience init(database: AppDatabase, terminal: TerminalIdentity, settings: ClubSettings = ClubSettings(),
                            bus: EventBus = EventBus(), clock: any DeskClock = SystemClock()) {
        self.init(database: database, terminal: terminal, settings: settings, bus: bus, clock: clock, recordsCheckIns: true)
    }

    /// Set by the desk's MQTT link: what each event says to the building, written in the event's own commit.
    let eventMessages = Mutex<EventMessages?>(nil)

    package init(database: AppDatabase, terminal: TerminalIdentity, settings: ClubSettings, bus: EventBus,
                 clock: any DeskClock, recordsCheckIns: Bool, ids: IdSource = .random) {
        self.database = database
        self.terminal = terminal
        self.settings = settings
        self.bus = bus
        self.clock = clock
        self.recordsCheckIns = recordsCheckIns
        self.ids = ids
    }

    /// Turns what was scanned or typed into a pass, through `PassEntry` (the normal form's one
    /// home): adapters hand the text as read, and may only check it.
    /// A pass it cannot read is published as an error from `source`, then thrown.
    func normalize(_ raw: String, source: String? = nil) throws -> NormalizedPass {
        do {
            return try PassEntry.read(raw)
        } catch let error as DeskError {
            if let source { bus.publish(.error(DeskErrorNotice(source: source, message: error.description))) }
            throw error
        }
    }

    // MARK: Check-in

    /// A tap: the rules decide (an entry counts a visit, an exit does not), one transaction
    /// commits it, and the report is published and returned. With `enrolUnknown` false an unknown
    /// pass is reported even under the `auto` policy, so that the desk can ask first (a pass typed
    /// by hand may be a typo, where a tap is a real card). `actor` is who is recorded (nil: nobody
    /// signed in, by the source's method). `guests` come in with the member, on its entry (`GuestRule`).
    @discardableResult
    public func checkIn(passId raw: String, source: CheckInSource, at date: Date? = nil,
                        enrolUnknown: Bool = true, by actor: AuditActor? = nil, secure: SecureTap? = nil,
                        guests: Int = 0) throws -> CheckInReport {
        try admit(raw, source: source, at: date, unknown: enrolUnknown ? .byPolicy : .ask, by: actor, secure: secure, wallet: nil,
                  guests: guests)
    }

    /// Enrols an unknown pass with its first visit: staff's yes to the enrol prompt. It is an
    /// entry like any other, through the same rules in the same order (a full club refuses it;
    /// a pass that found its member meanwhile checks that member in).
    @discardableResult
    public func enrol(passId raw: String, username: String? = nil, fields: [String: JSONValue] = [:],
                      source: CheckInSource, at date: Date? = nil, by actor: AuditActor? = nil) throws -> CheckInReport {
        try admit(raw, source: source, at: date, unknown: .enrol(username: username, fields: fields), by: actor, secure: nil, wallet: nil)
    }

    /// A phone's pass: which wallet, and the digest of its cryptogram, claimed in the check-in's
    /// own transaction (a digest already claimed, here or at a desk whose claims were merged, is a replay).
    struct WalletClaim {
        var kind: WalletKind?
        var digest: [UInt8]
    }

    /// Every way in: the pass normalized, then the store's one transaction (`CheckInOperation`:
    /// it reads the facts, `Admission.decide` (MemberCore) decides, it writes the change), and
    /// the report published after the commit.
    func admit(_ raw: String, source: CheckInSource, at date: Date?, unknown: EnrolmentRule.Request,
               by actor: AuditActor?, secure: SecureTap?, wallet: WalletClaim?, guests: Int = 0) throws -> CheckInReport {
        let pass = try normalize(raw, source: source.rawValue)
        var request = CheckInRequest(pass: pass, source: source, now: date ?? clock.now(), desk: terminal, settings: settings,
                                     mode: .rules(unknown: unknown), actor: actor ?? .anonymous(AuditMethod(source)),
                                     ids: ids, secure: secure, wallet: wallet.map { ($0.kind, $0.digest) }, recordsCheckIns: recordsCheckIns)
        request.guests = try Self.guestCount(guests)
        return try perform(CheckInOperation(request: request), tap: pass.passId)
    }

    /// Guests asked for: 0 to `VisitEvent.maximumGuests` (what an event may carry between desks).
    static func guestCount(_ guests: Int) throws -> Int {
        guard (0...VisitEvent.maximumGuests).contains(guests) else {
            throw DeskError.invalidInput("guests must be 0 to \(VisitEvent.maximumGuests), not \(guests)")
        }
        return guests
    }
}
