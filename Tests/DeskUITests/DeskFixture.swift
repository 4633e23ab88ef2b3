import DeskUI
import Foundation
import MemberDeskTestSupport
@_spi(Testing) import MemberKit
import TerminalColumns

/// A front desk on an in-memory database, a fake clock and an inline worker: no terminal, no threads.
final class DeskFixture {
    let clock = FakeClock(Date(timeIntervalSince1970: 1_767_268_800))  // 2026-01-01 12:00 UTC
    let database: AppDatabase
    let club: Club
    let desk: FrontDesk

    init(width: Int = 100, height: Int = 30, enrolment: EnrolmentPolicy = .auto, bannerSeconds: Double = 5,
         importer: (any ImportService)? = nil, exporter: (any ExportService)? = nil,
         occupancy: OccupancySettings = OccupancySettings()) throws {
        database = try AppDatabase.inMemory()
        let terminal = try database.terminalIdentity(name: "Desk 1")
        club = Club(database: database, terminal: terminal, settings: ClubSettings(debounce: 60, enrolment: enrolment, occupancy: occupancy),
                    bus: EventBus(), clock: clock)
        let services = DeskServices(club: club, clock: clock, terminalName: "Desk 1", bannerSeconds: bannerSeconds,
                                    importer: importer, exporter: exporter)
        desk = FrontDesk(services: services, worker: DeskWorker(inline: true))
        desk.start(width: width, height: height)
        settle()
    }

    /// Runs the loop's non-waiting work until nothing is left to do.
    func settle() {
        for _ in 0..<20 {
            desk.tick()
            if desk.inbox.isEmpty { desk.tick(); if desk.inbox.isEmpty { return } }
        }
    }

    func press(_ keys: Key...) {
        for key in keys {
            settle()
            desk.key(key, at: clock.now())
            // Typed keys are slower than a wedge: let each one through before the next.
            clock.advance(by: 0.2)
            settle()
        }
    }

    func type(_ text: String) {
        for c in text { press(.character(c)) }
    }

    var screen: String { desk.render().text }

    @discardableResult
    func add(_ name: String?, pass: String, email: String? = nil, visits: Int = 0) throws -> MemberRecord {
        var fields: [String: JSONValue] = [:]
        if let email { fields["userEmailAddress"] = .string(email) }
        let member = try club.addMember(passId: pass, username: name, fields: fields)
        for i in 0..<visits {
            try club.checkIn(passId: pass, source: .manual, at: clock.now().addingTimeInterval(Double(-86400 * (i + 1))))
        }
        return member
    }
}

extension CellGrid {
    /// The display column where `needle` starts on row `y` (nil when absent).
    func column(of needle: String, row y: Int) -> Int? {
        let line = text(row: y)
        guard let range = line.range(of: needle) else { return nil }
        return TextWidth.of(String(line[..<range.lowerBound]))
    }

    func firstRow(containing needle: String) -> Int? {
        (0..<height).first { text(row: $0).contains(needle) }
    }
}
