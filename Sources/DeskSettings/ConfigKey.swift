import Foundation
import MemberKit
import TOMLKit

/// One documented configuration key: its dotted name, its default as TOML, and how it applies.
package struct ConfigKey: Sendable {
    package let name: String
    package let help: String
    let apply: @Sendable (inout DeskConfig, TOMLValueConvertible) throws -> Void
    let current: @Sendable (DeskConfig) -> String

    /// Every key the config file may hold. A key not listed here is an error.
    package static let all: [ConfigKey] = [
        string("terminal_name", "This terminal's name, shown in the status bar and in synced files",
               \.terminalName, nonEmpty: true),
        string("language", "The desk's language, as \"de\" or \"zh_CN\" (empty: from LANGUAGE, LC_ALL, LC_MESSAGES or LANG)",
               \.language),
        number("debounce_seconds", "The same pass again within this many seconds is not counted again",
               \.debounceSeconds, range: 0...86400),
        choice("enrolment", "Unknown passes: auto (enrol with one visit), prompt (ask staff) or deny", \.enrolment),
        bool("reader.feedback", "Beep or LED on check-in and refusal, where the reader supports it", \.reader.feedback),
        string("reader.name", "Watch only this reader (empty: every reader)", \.reader.name),
        bool("reader.ecp", "Send Apple's ECP frame before reading an iPhone (ACR122U, ACR1252U): a locked iPhone offers the pass", \.reader.ecp),
        bool("beacons.enabled", "Scan for beacons when the front desk starts", \.beacons.enabled),
        number("beacons.exit_timeout", "A beacon is lost after this many seconds without a report",
               \.beacons.exitTimeout, range: 0.1...3600),
        string("beacons.hci", "The Bluetooth adapter for live scanning", \.beacons.hci, nonEmpty: true),
        string("regions.source", "The region list: a file path or an http(s) URL (empty: none)", \.regions.source),
        number("regions.ttl", "Refresh the cached region list when older than this many seconds",
               \.regions.ttl, range: 60...31_536_000),
        number("regions.exit_delay", "Exit a beacon region after this many seconds without its beacon",
               \.regions.exitDelay, range: 0...3600),
        number("regions.script_timeout", "Stop a region script after this many seconds",
               \.regions.scriptTimeout, range: 0.01...60),
        stringList("regions.http_allowlist", "Hosts that wk_http_get/post may reach (empty: any)",
                   \.regions.httpAllowlist),
        number("regions.http_timeout", "Timeout of wk_http_get/post, in seconds", \.regions.httpTimeout, range: 0.1...300),
        string("regions.location", "A fixed position \"LAT,LNG\" for circular regions (empty: none)", \.regions.location),
        string("regions.gpsd", "gpsd \"host:port\" for circular regions (empty: none)", \.regions.gpsd),
        bool("regions.notify_send", "Also send script notifications to notify-send", \.regions.notifySend),
        number("ui.banner_seconds", "How long the check-in banner stays, in seconds", \.ui.bannerSeconds, range: 0.5...600),
        choice("ui.photo", "The banner's member photo: auto (as the terminal allows), sixel, kitty, symbols (block characters) or none",
               \.ui.photo),
        string("sync.folder", "The folder shared with the other desks, e.g. by Syncthing (empty: sync is off)", \.sync.folder),
        number("sync.snapshot_changes", "Write a snapshot (up to 256 KB) after this many changed members", \.sync.snapshotChanges,
               range: 1...10_000_000),
        number("sync.snapshot_hours", "...or once it is this many hours old (a larger one: once the changes since weigh half of it)", \.sync.snapshotHours,
               range: 0.01...8760),
        number("sync.max_file_mb", "Do not read sync files larger than this many MB", \.sync.maxFileMB, range: 1...65536),
        number("sync.rescan_seconds", "Look at the folder this often even without a change notice", \.sync.rescanSeconds,
               range: 1...86400),
        string("backup.folder", "Where `memberdesk backup` writes without a file (empty: the data folder's backups)",
               \.backup.folder),
        number("backup.keep", "How many timestamped backups to keep in the backup folder", \.backup.keep, range: 1...10000),
        bool("staff.lock", "Lock the front desk behind operators' PINs (only once an operator exists)", \.staff.lock),
        number("staff.idle_minutes", "Lock the front desk again after this many minutes without a key", \.staff.idleMinutes,
               range: 0.5...1440),
        bool("staff.quit_when_locked", "A locked front desk quits without a sign-in (a kiosk whose service restarts it)",
             \.staff.quitWhenLocked),
        number("audit.keep_days", "Keep the record of who did what this many days", \.audit.keepDays, range: 1...36500),
        string("mqtt.url", "The MQTT broker: mqtt://host:1883 or mqtts://host:8883 (empty: MQTT is off)", \.mqtt.url),
        string("mqtt.username", "The broker's user name (empty: none)", \.mqtt.username),
        string("mqtt.password_file", "A file whose first line is the broker's password (never the password here)",
               \.mqtt.passwordFile),
        string("mqtt.ca_file", "The CA certificate (PEM) that signed an mqtts broker's (empty: the system's)", \.mqtt.caFile),
        string("mqtt.client_id", "The MQTT client id (empty: memberdesk-<terminal id>)", \.mqtt.clientId),
        string("mqtt.topic_prefix", "Topics start with this (empty: memberdesk/<terminal name as a slug>)", \.mqtt.topicPrefix),
        bool("mqtt.retain_state", "Retain the state topics (inside, last_checkin, reader) on the broker", \.mqtt.retainState),
        bool("mqtt.discovery", "Announce the desk to Home Assistant (MQTT discovery)", \.mqtt.discovery),
        string("mqtt.discovery_prefix", "Home Assistant's discovery prefix", \.mqtt.discoveryPrefix, nonEmpty: true),
        bool("mqtt.include_names", "Events carry the member's name as well as the id", \.mqtt.includeNames),
        number("mqtt.outbox_max", "Unsent events kept while the broker is away; past it the oldest are dropped",
               \.mqtt.outboxMax, range: 1...100_000_000),
        bool("mqtt.door", "Publish door_payload to door_topic on every admitted entry", \.mqtt.door),
        string("mqtt.door_topic", "The door's topic (empty: <topic_prefix>/door)", \.mqtt.doorTopic),
        string("mqtt.door_payload", "What the door topic gets on an admitted entry", \.mqtt.doorPayload, nonEmpty: true),
        stringList("mqtt.script_topics", "Topics region scripts may publish to besides <topic_prefix>/... (+ and # allowed)",
                   \.mqtt.scriptTopics),
        choice("occupancy.tap", "A tap of a member inside: in (always an entry), toggle (an exit after the minimum stay) or out (an exit desk)",
               \.occupancy.tap),
        number("occupancy.min_stay_minutes", "Toggle: a tap sooner than this after the entry is a duplicate, not an exit; toggle and out: sooner after the member's exit tap, that exit again",
               \.occupancy.minStayMinutes, range: 0...1440),
        number("occupancy.capacity", "At most this many inside (0: no limit)", \.occupancy.capacity, range: 0...10_000_000,
               whole: true),
        choice("occupancy.when_full", "At capacity: refuse the entry, or warn and let in", \.occupancy.whenFull),
        clockTime("occupancy.closing_time", "Check everyone still inside out at this local time, \"HH:MM\" (empty: never)",
                  \.occupancy.closingTime),
        number("occupancy.max_stay_hours", "Check out anyone inside longer than this, whether or not a closing time is set (0: never)", \.occupancy.maxStayHours,
               range: 0...8760),
        number("visits.keep_days", "Prune entry and exit events older than this many days (counters are kept)",
               \.visits.keepDays, range: 1...36500, whole: true),
        choice("plans.pack_use", "What uses a visit of a pack: per-day (the day's first entry) or per-visit (every entry)",
               \.plans.packUse),
        number("plans.warn_days", "Say \"Expires in N days\" at the door this many days ahead (0: only on the last day)",
               \.plans.warnDays, range: 0...3650, whole: true),
        validated("plans.currency", "The currency of the catalogue's prices, as \"EUR\" (empty: none named)",
                  \.plans.catalogue.currency) { PlanCatalogue.isValidCurrency($0) ? nil : "expected three capital letters, as \"EUR\"" },
        catalogueKey,
        bool("plans.freeze_extends_expiry", "A freeze (members freeze) moves the member's expiry out by the days it holds",
             \.plans.freezeExtendsExpiry),
        bool("plans.require_waiver", "Refuse entries without a signed waiver (members edit --waiver DAY; reason waiverNeeded)",
             \.plans.requireWaiver),
        number("plans.waiver_valid_days", "A waiver older than this many days counts as none (0: it never lapses)",
               \.plans.waiverValidDays, range: 0...36500, whole: true),
        number("plans.guests_per_month", "Guests a member may bring each month when its plan names no guests_per_month (-1: no limit; reason guestAllowance)",
               \.plans.guestsPerMonth, range: -1...10000, whole: true),
        number("plans.adult_age", "Members younger than this (by a birthday with its year) need a guardian named on their waiver",
               \.plans.adultAge, range: 1...120, whole: true),
        bool("cards.require_secure", "Refuse NFC cards that are not SUN-verified NTAG 424 DNA (reason insecure); else admit them as low assurance",
             \.cards.requireSecure),
        string("cards.sun_master_key_file", "A file holding the SUN master key (32 hex characters; readable by the service user only); tags' keys are derived from it",
               \.cards.sunMasterKeyFile),
        string("cards.sun_meta_key_file", "Or: a file holding the SDMMetaReadKey every tag uses (32 hex characters)", \.cards.sunMetaKeyFile),
        string("cards.sun_file_key_file", "...and one holding the SDMFileReadKey every tag uses", \.cards.sunFileKeyFile),
        string("cards.sun_picc_param", "The SUN URL's parameter holding the encrypted PICC data", \.cards.sunPICCParam, nonEmpty: true),
        string("cards.sun_cmac_param", "The SUN URL's parameter holding the CMAC", \.cards.sunCMACParam, nonEmpty: true),
        string("cards.sun_url", "The URL `cards personalise` writes, e.g. https://club.example/c?picc_data=<32 zeros>&cmac=<16 zeros>",
               \.cards.sunURL),
    ] + walletKeys + hoursKeys

    /// `[wallet]`, `[wallet.apple]` and `[wallet.google]` (docs/wallet.md).
    static let walletKeys: [ConfigKey] = [
        string("wallet.organization", "The organisation on the passes (empty: terminal_name)", \.wallet.organization),
        string("wallet.description", "What the pass is, for VoiceOver and the lock screen (empty: \"<organization> membership\")",
               \.wallet.description),
        string("wallet.logo", "A PNG shown at the pass's top left (empty: none)", \.wallet.logo),
        string("wallet.icon", "A PNG for notifications and the lock screen (empty: a built-in icon)", \.wallet.icon),
        validated("wallet.foreground", "The pass's text colour, rgb(r,g,b)", \.wallet.foreground, WalletColour.problem),
        validated("wallet.background", "The pass's background colour, rgb(r,g,b)", \.wallet.background, WalletColour.problem),
        validated("wallet.label", "The colour of the fields' labels, rgb(r,g,b)", \.wallet.label, WalletColour.problem),
        string("wallet.out_folder", "Where passes are written without --out (empty: the database's folder's wallet/)",
               \.wallet.outFolder),
        number("wallet.max_age_seconds", "A phone's pass made further than this from the desk's clock is refused as stale",
               \.wallet.maxAgeSeconds, range: 5...3600),
        string("wallet.apple.pass_type_id", "Apple: the Pass Type ID, e.g. pass.org.example.members", \.wallet.apple.passTypeId),
        string("wallet.apple.team_id", "Apple: the developer team's id", \.wallet.apple.teamId),
        string("wallet.apple.certificate", "Apple: the Pass Type ID certificate (PEM)", \.wallet.apple.certificate),
        string("wallet.apple.key_file", "Apple: the certificate's private key (PEM, unencrypted, readable by the service user only)",
               \.wallet.apple.keyFile),
        string("wallet.apple.wwdr_certificate", "Apple: Apple's WWDR intermediate certificate (PEM)", \.wallet.apple.wwdrCertificate),
        stringList("wallet.apple.pass_type_ids", "Apple: more pass type ids to ask a phone for at the reader, after pass_type_id, in order",
                   \.wallet.apple.passTypeIds),
        string("wallet.apple.nfc_key_file", "Apple: the club's P-256 private key for NFC passes (PEM; empty: barcode-only passes, not read at the reader)",
               \.wallet.apple.nfcKeyFile),
        stringList("wallet.apple.nfc_previous_key_files", "Apple: retired NFC keys whose passes are still read (PEM files)",
                   \.wallet.apple.nfcPreviousKeyFiles),
        validated("wallet.apple.beacon", "Apple: the desk's iBeacon, UUID[:major[:minor]]: the pass comes up near it (empty: none)",
                  \.wallet.apple.beacon, WalletBeacon.problem),
        string("wallet.apple.relevant_text", "Apple: the lock screen's text near the beacon", \.wallet.apple.relevantText),
        string("wallet.google.issuer_id", "Google: the Wallet issuer id (digits)", \.wallet.google.issuerId),
        string("wallet.google.class_id", "Google: the pass class (empty: <issuer_id>.memberdesk)", \.wallet.google.classId),
        string("wallet.google.service_account_file", "Google: the service account's JSON key (client_email, private_key)",
               \.wallet.google.serviceAccountFile),
        validated("wallet.google.collector_id", "Google: the Smart Tap collector id (decimal; empty: Google passes are not read)",
                  \.wallet.google.collectorId) { $0.isEmpty || $0.allSatisfy({ ("0"..."9").contains($0) }) ? nil : "expected decimal digits" },
        string("wallet.google.smart_tap_key_file", "Google: the Smart Tap P-256 private key (PEM) the reader signs with (empty: Google passes are not read)", \.wallet.google.smartTapKeyFile),
        number("wallet.google.smart_tap_key_version", "Google: the Smart Tap key's version, as the console shows it",
               \.wallet.google.smartTapKeyVersion, range: 1...1_000_000, whole: true),
        validated("wallet.service.url", "The pass web service's URL Apple passes carry (webServiceURL), e.g. https://desk.example.org/passes/ (empty: passes are not updated)",
                  \.wallet.service.url, WalletServiceURL.problem),
        string("wallet.service.address", "wallet serve: the address to listen on (127.0.0.1 behind a proxy; 0.0.0.0 or :: for every interface)",
               \.wallet.service.address, nonEmpty: true),
        number("wallet.service.port", "wallet serve: the TCP port to listen on (0: any free port, printed at start)",
               \.wallet.service.port, range: 0...65535, whole: true),
        number("wallet.service.max_body_bytes", "wallet serve: a request body larger than this is refused (413)",
               \.wallet.service.maxBodyBytes, range: 256...1_048_576, whole: true),
        number("wallet.service.max_registrations_per_device", "wallet serve: a device registered for this many passes registers no more (429)",
               \.wallet.service.maxRegistrationsPerDevice, range: 1...100_000, whole: true),
        number("wallet.service.max_log_lines", "wallet serve: the lines of one POST /v1/log written to the log (the rest are counted)",
               \.wallet.service.maxLogLines, range: 1...1000, whole: true),
        string("wallet.service.tls_certificate", "wallet serve: the server's certificate chain (PEM) for HTTPS by the service itself (empty: plain HTTP, e.g. behind nginx)",
               \.wallet.service.tlsCertificate),
        string("wallet.service.tls_key", "wallet serve: the TLS certificate's private key (PEM, readable by the service user only)",
               \.wallet.service.tlsKey),
    ]

    static func bad(_ name: String, _ what: String) -> DeskError {
        DeskError.config("config key '\(name)': \(what)")
    }

    static func string(_ name: String, _ help: String, _ path: WritableKeyPath<DeskConfig, String> & Sendable,
                       nonEmpty: Bool = false) -> ConfigKey {
        ConfigKey(name: name, help: help, apply: { config, value in
            guard let text = value.string else { throw bad(name, "expected a string") }
            if nonEmpty, text.trimmingCharacters(in: .whitespaces).isEmpty { throw bad(name, "must not be empty") }
            config[keyPath: path] = text
        }, current: { quote($0[keyPath: path]) })
    }

    /// A string that `problem` accepts (it returns nil) or refuses with what is wrong.
    static func validated(_ name: String, _ help: String, _ path: WritableKeyPath<DeskConfig, String> & Sendable,
                          _ problem: @escaping @Sendable (String) -> String?) -> ConfigKey {
        ConfigKey(name: name, help: help, apply: { config, value in
            guard let text = value.string else { throw bad(name, "expected a string") }
            if let problem = problem(text) { throw bad(name, "\(problem), not \(quote(text))") }
            config[keyPath: path] = text
        }, current: { quote($0[keyPath: path]) })
    }

    static func clockTime(_ name: String, _ help: String, _ path: WritableKeyPath<DeskConfig, String> & Sendable) -> ConfigKey {
        ConfigKey(name: name, help: help, apply: { config, value in
            guard let text = value.string else { throw bad(name, "expected a string \"HH:MM\"") }
            guard ClosingRule.parseClosingTime(text) != nil else { throw bad(name, "expected a time \"HH:MM\" (00:00-23:59), not \(quote(text))") }
            config[keyPath: path] = text
        }, current: { quote($0[keyPath: path]) })
    }

    static func stringList(_ name: String, _ help: String, _ path: WritableKeyPath<DeskConfig, [String]> & Sendable) -> ConfigKey {
        ConfigKey(name: name, help: help, apply: { config, value in
            guard let array = value.array else { throw bad(name, "expected an array of strings") }
            var items: [String] = []
            for element in array {
                guard let text = element.string else { throw bad(name, "expected an array of strings") }
                items.append(text)
            }
            config[keyPath: path] = items
        }, current: { "[" + $0[keyPath: path].map(quote).joined(separator: ", ") + "]" })
    }

    static func number(_ name: String, _ help: String, _ path: WritableKeyPath<DeskConfig, Double> & Sendable,
                       range: ClosedRange<Double>, whole: Bool = false) -> ConfigKey {
        ConfigKey(name: name, help: help, apply: { config, value in
            guard let number = value.double ?? value.int.map(Double.init) else { throw bad(name, "expected a number") }
            if whole, number != number.rounded() { throw bad(name, "expected a whole number") }
            guard range.contains(number) else {
                throw bad(name, "\(format(number)) is out of range (\(format(range.lowerBound))...\(format(range.upperBound)))")
            }
            config[keyPath: path] = number
        }, current: { format($0[keyPath: path]) })
    }

    static func bool(_ name: String, _ help: String, _ path: WritableKeyPath<DeskConfig, Bool> & Sendable) -> ConfigKey {
        ConfigKey(name: name, help: help, apply: { config, value in
            guard let flag = value.bool else { throw bad(name, "expected true or false") }
            config[keyPath: path] = flag
        }, current: { $0[keyPath: path] ? "true" : "false" })
    }

    static func choice<T: RawRepresentable<String> & CaseIterable & Sendable>(
        _ name: String, _ help: String, _ path: WritableKeyPath<DeskConfig, T> & Sendable) -> ConfigKey {
        ConfigKey(name: name, help: help, apply: { config, value in
            let options = T.allCases.map(\.rawValue).joined(separator: ", ")
            guard let text = value.string, let choice = T(rawValue: text) else {
                throw bad(name, "expected one of \(options)")
            }
            config[keyPath: path] = choice
        }, current: { quote($0[keyPath: path].rawValue) })
    }

    /// A TOML basic string: a control character (which TOML forbids raw, and which `config show`
    /// must not print) is written as its escape, so what is rendered reads back the same.
    static func quote(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                out += String(format: "\\u%04X", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    static func format(_ number: Double) -> String {
        number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
    }
}
