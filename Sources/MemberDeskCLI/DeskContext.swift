import DeskLanguage
import DeskSettings
import Foundation
import MemberKit
import Logging

/// The parts a command works with, wired from the options, the environment and the config.
struct DeskContext {
    let paths: DeskPaths
    let configPath: String
    let config: DeskConfig
    let database: AppDatabase
    let bus: EventBus
    let club: Club
    let log = Logger(label: "memberdesk")

    var terminal: TerminalIdentity { club.terminal }

    /// Who the record names for this command: the Unix user, as `cli:NAME`.
    var actor: AuditActor { .cli(user: UnixUser.name) }

    /// A live member by member id or pass, or a one-line "not found".
    func member(_ idOrPass: String) throws -> MemberRecord {
        guard let member = try club.member(idOrPass: idOrPass) else {
            throw DeskError.notFound("no member with id or pass '\(idOrPass)'")
        }
        return member
    }

    /// The member's plan as the store reads it, for an open member nil (nothing to read).
    func standing(_ member: MemberRecord) throws -> PlanStanding? {
        member.plan == .open ? nil : try database.planStanding(member)
    }

    /// Prints a changed member as JSON, or the one-line summary.
    func report(_ member: MemberRecord, json: Bool, _ summary: String) throws {
        if json {
            JSONOutput.print(JSONOutput.member(member, fields: club.settings.memberFields, at: club.clock.now().timeIntervalSince1970,
                                               standing: try standing(member)))
        } else {
            print(summary)
        }
    }

    static func open(_ options: GlobalOptions, readOnly: Bool = false) throws -> DeskContext {
        let paths = DeskPaths()
        let configFile = paths.configFile(override: options.config)
        let configPath = configFile.path
        let config = try DeskConfig.load(configFile)
        // The config's `language` wins over the environment main.swift started from.
        DeskLanguage.follow(configured: config.language)
        let databasePath = paths.database(override: options.db)
        // A first run creates the database even for a read-only command: an empty list, not an error.
        let database = try AppDatabase.open(
            path: databasePath, readOnly: readOnly && FileManager.default.fileExists(atPath: databasePath)) { members in
            // Said before the wait, so a large club does not take the pause for a hang.
            if members >= 10_000 {
                writeError("memberdesk: upgrading the database of \(CountText.of(members, "member")) (once)…\n")
            }
        }
        let terminal = try database.terminalIdentity(name: config.terminalName)
        let bus = EventBus()
        BusLogger.start(bus)
        let club = Club(database: database, terminal: terminal, settings: config.clubSettings, bus: bus, clock: CommandClock.current)
        if !database.isReadOnlyOpen {
            // The record keeps audit.keep_days; a writing command prunes what is older (an index range).
            try database.pruneAudit(before: club.clock.now().timeIntervalSince1970 - config.audit.keepDays * 86_400)
        }
        return DeskContext(paths: paths, configPath: configPath, config: config, database: database, bus: bus, club: club)
    }
}
