import Foundation
import MemberKit

/// The effective configuration. Every key is optional in the file; `ConfigKey.all`
/// documents each key with its default, and `memberdesk config show` prints them.
public struct DeskConfig: Sendable, Equatable {
    public var terminalName = "Front desk"
    /// The desk's language ("de", "zh_CN"); empty: the environment's (docs/languages.md).
    public var language = ""
    package var debounceSeconds: Double = 60
    public var enrolment: EnrolmentPolicy = .auto
    public var reader = Reader()
    public var beacons = Beacons()
    public var regions = Regions()
    public var ui = UI()
    public var sync = Sync()
    public var backup = Backup()
    public var staff = Staff()
    public var audit = Audit()
    public var mqtt = MQTT()
    var occupancy = Occupancy()
    var visits = Visits()
    var plans = Plans()
    var hours = Hours()
    public var cards = Cards()
    public var wallet = Wallet()

    public init() {}

    public struct Reader: Sendable, Equatable {
        /// Beep / LED on check-in and refusal, where the reader supports it (ACR122U-class).
        public var feedback = true
        /// Watch only this reader; empty watches every reader.
        public var name = ""
        /// Send Apple's enhanced contactless polling frame before reading an iPhone's pass, where
        /// the reader lets the host (ACR122U, ACR1252U): a locked iPhone then offers the pass.
        public var ecp = false
    }

    public struct Beacons: Sendable, Equatable {
        /// A beacon is lost when no report has come for this long (seconds).
        public var exitTimeout: Double = 10
        /// The HCI adapter for live scanning.
        public var hci = "hci0"
        /// Scan for beacons when the front desk starts.
        public var enabled = true
    }

    public struct Regions: Sendable, Equatable {
        /// A file path or an http(s) URL; empty for no region list.
        public var source = ""
        /// Refresh the cached list when it is older than this (seconds).
        public var ttl: Double = 86400
        /// A beacon region is exited when no matching beacon was seen for this long (seconds).
        public var exitDelay: Double = 30
        /// Each script run is stopped after this long (seconds).
        public var scriptTimeout: Double = 1
        /// wk_http_get/post may reach only these hosts; empty allows any.
        public var httpAllowlist: [String] = []
        public var httpTimeout: Double = 10
        /// A fixed position "LAT,LNG" for circular regions (a desk does not move); empty for none.
        public var location = ""
        /// gpsd as "host:port" for circular regions; empty for none.
        public var gpsd = ""
        /// Also pass wk_send_notification to notify-send.
        public var notifySend = false
    }

    /// Folder sync (see docs/sync.md).
    public struct Sync: Sendable, Equatable {
        /// The shared folder (empty: sync is off).
        public var folder = ""
        /// A snapshot after this many changed members since the last one...
        var snapshotChanges: Double = 1000
        /// ...or when the last one is this old (hours) and something changed since.
        var snapshotHours: Double = 24
        /// Files larger than this (MB) are not read.
        var maxFileMB: Double = 2048
        /// Look at the folder this often (seconds) even without a change notice: network shares send none.
        var rescanSeconds: Double = 30
    }

    public struct UI: Sendable, Equatable {
        /// How long the check-in banner stays before it fades (seconds).
        public var bannerSeconds: Double = 5
        /// How the banner shows a member's photo (`PhotoDisplay`).
        public var photo: PhotoDisplay = .auto
    }

    /// The banner's photo: as the terminal allows (auto), as a sixel or kitty picture, as block
    /// characters, or not at all.
    public enum PhotoDisplay: String, Sendable, CaseIterable {
        case auto, sixel, kitty, symbols, none
    }

    public struct Backup: Sendable, Equatable {
        /// Where `memberdesk backup` without a file writes; empty for the data folder's `backups`.
        var folder = ""
        /// How many timestamped backups to keep there.
        public var keep: Double = 7
    }

    /// Operators and the front desk's lock (see docs/commands.md, "Staff and the lock").
    public struct Staff: Sendable, Equatable {
        /// Whether the desk starts locked when at least one operator exists.
        public var lock = true
        /// Minutes without a key before the desk locks again.
        public var idleMinutes: Double = 5
        /// Whether q, F10 and Ctrl-C quit a locked desk; off, they ask for a sign-in first (SIGTERM always stops it).
        public var quitWhenLocked = false
    }

    public struct Audit: Sendable, Equatable {
        /// Days the record of who did what is kept; older entries are pruned.
        public var keepDays: Double = 400
    }

    /// MQTT events and Home Assistant discovery (see docs/mqtt.md). An empty `url` turns it off.
    public struct MQTT: Sendable, Equatable {
        /// `mqtt://host:1883` or `mqtts://host:8883`; empty: off.
        public var url = ""
        public var username = ""
        /// A file holding the password (its first line): never the password itself in the config.
        public var passwordFile = ""
        /// The CA certificate (PEM) for mqtts; empty: the system's CAs.
        public var caFile = ""
        /// Empty: `memberdesk-<terminal id>`.
        public var clientId = ""
        /// Empty: `memberdesk/<terminal name as a topic-safe slug>`.
        public var topicPrefix = ""
        public var retainState = true
        public var discovery = true
        public var discoveryPrefix = "homeassistant"
        /// Events carry member ids only, unless the club opts in to names.
        public var includeNames = false
        /// Past this many unsent events the oldest are dropped (and that is reported once).
        public var outboxMax: Double = 100_000
        /// Publish `door_payload` to `door_topic` on every admitted entry.
        public var door = true
        /// Empty: `<topic_prefix>/door`.
        public var doorTopic = ""
        public var doorPayload = "open"
        /// Topics region scripts may publish to besides those below `topic_prefix` (MQTT filters: + and # allowed).
        public var scriptTopics: [String] = []

        public var isEnabled: Bool { !url.isEmpty }

        package init() {}
    }

    /// Who is inside (see docs/occupancy.md).
    struct Occupancy: Sendable, Equatable {
        var tap: OccupancySettings.TapMode = .in
        var minStayMinutes: Double = 2
        var capacity: Double = 0
        var whenFull: OccupancySettings.WhenFull = .refuse
        /// "HH:MM" local time; empty for none.
        var closingTime = ""
        /// On by default, so a visit nobody checked out ends even at a club that sets no closing
        /// time (a club open round the clock too); 12 hours is longer than any real stay.
        var maxStayHours: Double = 12
    }

    struct Visits: Sendable, Equatable {
        /// Visit events older than this many days are pruned (counters never are).
        var keepDays: Double = 400
    }

    /// Visit packs and expiry warnings (see docs/plans.md).
    struct Plans: Sendable, Equatable {
        var packUse: PlanSettings.PackUse = .perDay
        var warnDays: Double = 14
        /// What the club sells, with `plans.currency` (DeskConfig+Catalogue.swift).
        var catalogue = PlanCatalogue()
        var freezeExtendsExpiry = true
        var requireWaiver = false
        /// 0: a waiver never lapses.
        var waiverValidDays: Double = 0
        var adultAge: Double = 18
        /// -1: no limit.
        var guestsPerMonth: Double = -1
    }

    /// Secure Unique NFC cards (NTAG 424 DNA, see docs/card-reading.md#secure-cards).
    public struct Cards: Sendable, Equatable {
        /// Refuse NFC cards that are not SUN-verified (plain UIDs, NDEF passes).
        var requireSecure = false
        /// The master key from which every tag's keys are derived (as sdm-backend derives them).
        public var sunMasterKeyFile = ""
        /// Or one SDMMetaReadKey and one SDMFileReadKey for every tag.
        public var sunMetaKeyFile = ""
        public var sunFileKeyFile = ""
        public var sunPICCParam = "picc_data"
        public var sunCMACParam = "cmac"
        /// The URL `cards personalise` writes, with placeholders where the tag mirrors.
        public var sunURL = ""
    }

    /// Wallet passes the club issues (see docs/wallet.md). Paths are files the service user reads;
    /// an empty value is "not set" (the command that needs it says so).
    public struct Wallet: Sendable, Equatable {
        /// Empty: the terminal's name.
        public var organization = ""
        /// Empty: "<organization> membership".
        public var description = ""
        /// PNG files; an empty icon is the built-in one, an empty logo none.
        public var logo = ""
        public var icon = ""
        /// `rgb(r,g,b)`, checked when the file is read (`WalletColour`).
        public var foreground = "rgb(255,255,255)"
        public var background = "rgb(38,70,83)"
        public var label = "rgb(233,196,106)"
        /// Empty: the database's folder's `wallet/`.
        public var outFolder = ""
        /// Phones at the reader: a cryptogram made further than this from the desk's clock is stale.
        var maxAgeSeconds: Double = 120
        public var apple = Apple()
        public var google = Google()
        public var service = Service()

        package init() {}

        /// The pass web service (`wallet serve`, docs/wallet.md "The pass web service").
        public struct Service: Sendable, Equatable {
            /// Apple passes' `webServiceURL`, e.g. `https://desk.example.org/passes/`; empty: passes carry none.
            public var url = ""
            public var address = "127.0.0.1"
            public var port: Double = 8460
            public var maxBodyBytes: Double = 8192
            public var maxRegistrationsPerDevice: Double = 100
            public var maxLogLines: Double = 50
            /// Both set: the service speaks TLS itself; both empty: plain HTTP (behind a proxy).
            public var tlsCertificate = ""
            public var tlsKey = ""

            package init() {}
        }

        public struct Apple: Sendable, Equatable {
            public var passTypeId = ""
            public var teamId = ""
            public var certificate = ""
            public var keyFile = ""
            public var wwdrCertificate = ""
            /// Empty: barcode-only passes.
            public var nfcKeyFile = ""
            /// `UUID[:major[:minor]]`, checked when the file is read (`WalletBeacon`); empty: none.
            public var beacon = ""
            public var relevantText = ""
            /// Read at the reader after `passTypeId`, in order.
            var passTypeIds: [String] = []
            /// Retired NFC keys whose passes are still read.
            public var nfcPreviousKeyFiles: [String] = []

            /// The pass type ids asked for, in order, without repeats.
            public var allPassTypeIds: [String] {
                var seen = Set<String>()
                return ([passTypeId] + passTypeIds).filter { !$0.isEmpty && seen.insert($0).inserted }
            }

            /// Both a pass type id and a key: Apple passes are read at the reader.
            public var isSetUp: Bool { !allPassTypeIds.isEmpty && !nfcKeyFile.isEmpty }
        }

        public struct Google: Sendable, Equatable {
            public var issuerId = ""
            /// Empty: `<issuer_id>.memberdesk`.
            public var classId = ""
            public var serviceAccountFile = ""
            /// Decimal digits; empty: not set.
            public var collectorId = ""
            public var smartTapKeyFile = ""
            public var smartTapKeyVersion: Double = 1
        }
    }

    public var clubSettings: ClubSettings {
        ClubSettings(debounce: debounceSeconds, enrolment: enrolment, occupancy: occupancySettings,
                     plans: PlanSettings(packUse: plans.packUse, warnDays: Int(plans.warnDays), calendar: Self.clubCalendar,
                                           catalogue: plans.catalogue, freezeExtendsExpiry: plans.freezeExtendsExpiry,
                                           requireWaiver: plans.requireWaiver,
                                           waiverValidDays: plans.waiverValidDays > 0 ? Int(plans.waiverValidDays) : nil,
                                           adultAge: Int(plans.adultAge),
                                           guestsPerMonth: plans.guestsPerMonth >= 0 ? Int(plans.guestsPerMonth) : nil),
                     requireSecure: cards.requireSecure,
                     wallet: WalletSettings(organization: wallet.organization.isEmpty ? terminalName : wallet.organization,
                                            maxAge: wallet.maxAgeSeconds))
    }

    var occupancySettings: OccupancySettings {
        // closing_time was checked when the file was read.
        let closing = ClosingRule.parseClosingTime(occupancy.closingTime) ?? nil
        return OccupancySettings(tap: occupancy.tap, minStay: occupancy.minStayMinutes * 60, capacity: Int(occupancy.capacity),
                                 whenFull: occupancy.whenFull, closingMinute: closing, maxStay: occupancy.maxStayHours * 3600,
                                 keepDays: Int(visits.keepDays), calendar: Self.clubCalendar, hours: hours.openingHours)
    }

    /// The club's local time is the machine's (`TZ`, else /etc/localtime): read here, at the edge,
    /// and handed to the core, whose own default reads nothing from the process.
    static var clubCalendar: Calendar { .current }
}
