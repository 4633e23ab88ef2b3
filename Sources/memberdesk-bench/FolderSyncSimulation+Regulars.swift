import Foundation
import MemberDeskTestSupport
import MemberKit

/// The months-of-use scenario (`folder-sync-sim`'s REGULARS_PERCENT): before day 0 every desk has
/// already counted its regulars, a share of the list (its own home members first, then others),
/// one entry and one exit each, each tap written as the watcher writes it, and snapshots as the
/// rules say. A desk's snapshot then carries a tally for each regular another desk authors: what
/// grows with time is the members each desk has counted, not the days.
extension FolderSyncSimulation {
    /// What counting the regulars left in the folder, and in one export.
    struct Months {
        var regularsPerDesk = 0, homePerDesk = 0, visits = 0
        var folderBefore = 0, folderAfter = 0, exportBefore = 0, exportAfter = 0
        var snapshotsAfter = SnapshotComposition()
        var wall = 0.0
    }

    /// The weeks the regulars' visits are spread over before day 0.
    static let monthsSpan = 28.0 * 86400

    /// Every desk counts its regulars, interleaved: round k taps each desk's k-th regular in, then
    /// out an hour later (half the spacing, if less), each tap written at once. Then the desks that
    /// read (and the one that goes offline after day 0) read it all, uncounted, as they would have
    /// over the weeks; the non-reading desks read nothing, as during the days.
    func countRegulars(sites: [Site], folder: String, clock: FakeClock, offline: Int, tally: inout Tally) throws -> Months {
        var months = Months()
        let wall = DispatchTime.now().uptimeNanoseconds
        months.regularsPerDesk = min(members, members * regularsPercent / 100)
        months.homePerDesk = min(months.regularsPerDesk, members / desks)
        months.folderBefore = try Self.subfolderSizes(folder).values.reduce(0) { $0 + $1.bytes }
        months.exportBefore = try exportSize(sites[0], folder: folder)
        var random = SystemRandomNumberGenerator()
        let chosen = (0..<desks).map { regulars(of: $0, count: months.regularsPerDesk, using: &random) }
        // Toggle taps: the second tap of a regular inside is its exit.
        var settings = ClubSettings(debounce: 0)
        settings.occupancy.tap = .toggle
        let clubs = sites.map { Club(database: $0.sync.database, terminal: $0.club.terminal, settings: settings, clock: clock) }
        let spacing = Self.monthsSpan / Double(max(1, months.regularsPerDesk))
        let stay = min(3600, spacing / 2)
        for visit in 0..<months.regularsPerDesk {
            if visit % max(1, months.regularsPerDesk / 10) == 0 {
                FileHandle.standardError.write(Data("regulars: visit \(visit) of \(months.regularsPerDesk)\n".utf8))
            }
            let time = Self.start - Self.monthsSpan + Double(visit) * spacing
            for (offset, tap) in [0.0, stay].enumerated() {
                for desk in 0..<desks {
                    clock.set(Date(timeIntervalSince1970: time + tap + Double(desk) * stay / 2 / Double(desks)))
                    let report = try clubs[desk].checkIn(passId: pass(chosen[desk][visit]), source: .nfc)
                    let expected = offset == 0 ? report.outcome.isEntry : report.outcome.name == "checkedOut"
                    guard expected else { throw SimulationError("desk \(desk)'s regular \(chosen[desk][visit]), tap \(offset + 1): \(report.outcome.name)") }
                    try write(sites[desk], day: days + 1, folder: folder, tally: &tally)
                }
            }
            months.visits += desks
        }
        for index in Array(0..<readers) + [offline] { _ = try sites[index].sync.reader.read() }
        months.folderAfter = try Self.subfolderSizes(folder).values.reduce(0) { $0 + $1.bytes }
        months.exportAfter = try exportSize(sites[0], folder: folder)
        months.snapshotsAfter = try SnapshotComposition(folder: folder)
        months.wall = Double(DispatchTime.now().uptimeNanoseconds - wall) / 1e9
        return months
    }

    /// A desk's regulars: its home members first (m % desks == desk), then other members at random.
    private func regulars(of desk: Int, count: Int, using random: inout SystemRandomNumberGenerator) -> [Int] {
        var chosen = Array(stride(from: desk, to: members, by: desks).prefix(count))
        guard chosen.count < count else { return chosen }
        var others = (0..<members).filter { $0 % desks != desk }
        others.shuffle(using: &random)
        chosen += others.prefix(count - chosen.count)
        return chosen
    }

    /// The bytes of one full `export` of what this desk holds.
    func exportSize(_ site: Site, folder: String) throws -> Int {
        let path = folder + "/.export.musrl"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try MemberExporter(database: site.sync.database).export(to: path, format: .musrl)
        return Self.size(path)
    }
}

struct SimulationError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// What the snapshots in a folder hold: full records and tallies, counted and weighed apart (a
/// snapshot holds one entry a line; a tally's line starts with `{"tally":`). `bareTallyBytes` are
/// the tallies' bytes without their entries and exits (`visitEvents` comes last), which an export
/// carries too: what a tally adds beside an export.
struct SnapshotComposition {
    var records = 0, recordBytes = 0, tallies = 0, tallyBytes = 0, bareTallyBytes = 0

    init() {}

    init(folder: String) throws {
        let manager = FileManager.default
        for desk in try manager.contentsOfDirectory(atPath: folder) where !desk.hasPrefix(".") {
            for name in (try? manager.contentsOfDirectory(atPath: folder + "/" + desk)) ?? [] where name.hasPrefix("snapshot-") {
                guard let data = manager.contents(atPath: folder + "/" + desk + "/" + name) else { continue }
                add(Array(data))
            }
        }
    }

    private mutating func add(_ bytes: [UInt8]) {
        let tally = Array("{\"tally\":".utf8), events = Array(",\"visitEvents\":".utf8)
        var start = 0
        while start < bytes.count {
            let end = bytes[start...].firstIndex(of: 0x0A).map { $0 + 1 } ?? bytes.count
            var first = start
            if bytes[first] == UInt8(ascii: "[") { first += 1 }
            let length = end - start
            if end - first >= tally.count, Array(bytes[first..<first + tally.count]) == tally {
                tallies += 1
                tallyBytes += length
                let line = bytes[first..<end]
                let eventsAt = line.indices.first { line[$0...].starts(with: events) }
                bareTallyBytes += eventsAt.map { $0 - start + 2 } ?? length  // "}," or "}]" instead of the events
            } else if end - first > 2 {  // not the empty array "[]"
                records += 1
                recordBytes += length
            }
            start = end
        }
    }
}
