import Foundation

/// Everything that happens at the desk. Every part publishes and listens on one `EventBus`.
/// Adapters own their payload types here, in the core, so the core depends on nothing of ours.
public enum DeskEvent: Sendable {
    // Check-ins (published only after the visit is committed).
    case checkIn(CheckInReport)
    // Who is inside changed other than by a tap or a staff check-out (closing time, check out all,
    // another desk's events merged): the new count. Published after the commit.
    case occupancy(OccupancyNotice)
    // ClubKit's ClubMiddlewareDelegate notifications.
    case memberCreated(MemberRecord)
    case memberUpdated(MemberRecord)
    /// The member as deleted (its tombstone): staff read the name, the log file the id.
    case memberDeleted(MemberRecord)
    case imported(ImportNotice)
    // Folder sync: a pass finished (or failed).
    case sync(SyncNotice)
    case error(DeskErrorNotice)
    // Card readers.
    case reader(ReaderEvent)
    // Beacons.
    case beacon(BeaconEvent)
    // Regions and scripts.
    case region(RegionEvent)
    case notification(DeskNotification)
    case log(LogLine)
    // The MQTT link's state, for the status bar (its errors come as `.error` with source "mqtt").
    case mqtt(MQTTNotice)

    /// UI-only events may be dropped, oldest first, when a subscriber falls behind.
    /// Everything else is kept until the subscriber's hard bound.
    public var isDroppable: Bool {
        switch self {
        case .beacon(let event): return event.isDroppable
        case .log, .mqtt: return true
        default: return false
        }
    }
}

public struct CheckInReport: Sendable {
    public var time: Date
    public var source: CheckInSource
    /// The member's own pass when the outcome names a member (a pass typed in another letter case
    /// finds `DO-ANNA`, and the outputs say `DO-ANNA`), else the pass as normalized (or the raw
    /// text, when it could not be).
    public var passId: String
    public var outcome: CheckInOutcome
    package var terminalId: String
    /// Whether the member is inside after the tap (nil: no member).
    public var inside: Bool?
    /// How many are inside after the tap (guests too), and the capacity (0: none).
    public var insideCount: Int
    /// The guests who came in with the member on this entry (0: none, or no entry).
    public var guests = 0
    public var capacity: Int
    /// Said to staff, the tap went through anyway (the club is full under `when_full = "warn"`).
    public var warnings: [String]
    /// A refusal's own line, when its rule words one ("Closed — opens 06:00"): `message` says it.
    public var refusalLine: String?
    /// The member's plan after the tap, when it is not open (the door's notice and `visitsLeft` read it).
    public var plan: PlanStanding?
    /// The member's last counted visit before this tap (nil: no member stored), for "once a day" notices.
    var lastVisitBefore: Double?
    /// The operator recorded for it (nil: nobody signed in; `cli:alice` at the shell).
    public var `operator`: String?
    /// For a card tap: whether the card proved itself (a verified SUN read); false for a plain
    /// UID or NDEF pass, which a copy could give ("low assurance"). Nil for other sources.
    public var secure: Bool?
    /// The wallet of a phone's pass (source `wallet`); nil for anything else.
    public var wallet: WalletKind?
    /// Its messages are already in the outbox, written in the tap's own commit (`Club.queueEventMessages`):
    /// a listener on the bus must not queue them again.
    public var messagesQueued = false
    /// For an unknown pass: the members who hold it but for leading zeros (a spreadsheet's `12`
    /// for the card `0012`), whose card it most likely is: staff are offered to give it to them.
    public var nearPassHolders: [MemberRecord] = []

    package init(time: Date, source: CheckInSource, passId: String, outcome: CheckInOutcome, terminalId: String,
                inside: Bool? = nil, insideCount: Int = 0, capacity: Int = 0, warnings: [String] = [],
                operator: String? = nil) {
        self.time = time
        self.source = source
        self.passId = outcome.member?.passId ?? passId
        self.outcome = outcome
        self.terminalId = terminalId
        self.inside = inside
        self.insideCount = insideCount
        self.capacity = capacity
        self.warnings = warnings
        self.operator = `operator`
    }
}

/// How many are inside after a change no tap made: closing time, a check-out of everyone, or
/// entries and exits merged from other desks.
public struct OccupancyNotice: Sendable, Equatable {
    public var insideCount: Int
    /// How many were checked out by this change.
    public var checkedOut: Int
    /// How they were (nil: other desks' entries and exits arrived through sync).
    public var exitKind: VisitSpan.ExitKind?
    /// Its messages are already in the outbox, written in the change's own commit (`Club.queueEventMessages`):
    /// a listener on the bus must not queue them again.
    public var messagesQueued = false

    package init(insideCount: Int, checkedOut: Int, exitKind: VisitSpan.ExitKind?) {
        self.insideCount = insideCount
        self.checkedOut = checkedOut
        self.exitKind = exitKind
    }
}

public struct DeskErrorNotice: Sendable {
    /// Which part: "reader", "beacons", "regions", "script", "store", "import" ...
    public var source: String
    public var message: String
    /// A tap that could not be written: its pass, and why (`StoreFailure`'s key, nil for another failure).
    public var passId: String?
    public var reason: String?
    public init(source: String, message: String, passId: String? = nil, reason: String? = nil) {
        self.source = source
        self.message = message
        self.passId = passId
        self.reason = reason
    }
}

public enum ReaderEvent: Sendable, Equatable {
    case attached(reader: String)
    case removed(reader: String)
    case cardPresented(reader: String, atr: [UInt8])
    case cardRemoved(reader: String)
    /// pcscd reachable again (true) or gone (false).
    case service(available: Bool)
    case failure(reader: String?, message: String)
}

public enum RegionEvent: Sendable {
    case entered(identifier: String, name: String)
    case exited(identifier: String, name: String)
    case scriptOutput(identifier: String, text: String)
    case scriptError(identifier: String, message: String)
    case listUpdated(count: Int, source: String)
    case switched(on: Bool)
}

public struct DeskNotification: Sendable {
    public var alert: String
    public var sound: String?
    public var badge: Int?
    public var userInfo: [String: JSONValue]
    public init(alert: String, sound: String? = nil, badge: Int? = nil, userInfo: [String: JSONValue] = [:]) {
        self.alert = alert
        self.sound = sound
        self.badge = badge
        self.userInfo = userInfo
    }
}

public struct MQTTNotice: Sendable, Equatable {
    /// `MQTT: on`, `MQTT: queued 12`, `MQTT: error`.
    public var barText: String
    var connected: Bool
    public init(barText: String, connected: Bool) {
        self.barText = barText
        self.connected = connected
    }
}

public struct LogLine: Sendable {
    public var source: String
    public var text: String
    public init(source: String, text: String) {
        self.source = source
        self.text = text
    }
}
