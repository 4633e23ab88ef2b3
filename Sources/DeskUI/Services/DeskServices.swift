import Foundation
import MemberKit

/// What an import would do, for the review dialog (ClubKit's "Received N users to import").
public struct ImportPreview: Sendable {
    public var file: String
    public var counts: MergeCounts
    /// One line per member the import touches, e.g. "new  Ana López (04A1B2C3)".
    public var lines: [String]
    /// Whatever the import service needs to apply exactly what was previewed.
    public var plan: any Sendable

    public init(file: String, counts: MergeCounts, lines: [String], plan: any Sendable) {
        self.file = file
        self.counts = counts
        self.lines = lines
        self.plan = plan
    }

    public var total: Int { counts.new + counts.updated + counts.unchanged + counts.unified + counts.deleted }
}

/// Imports .musrl/.mucsv files: plan first (no change), then apply what was reviewed.
/// The sync module provides the real one; the executable wires it in.
public protocol ImportService: Sendable {
    func preview(file: String) throws -> ImportPreview
    func apply(_ preview: ImportPreview) throws -> ImportNotice
}

/// Exports members to a file, reporting progress from 0 to 1.
public protocol ExportService: Sendable {
    /// Format names as the export dialog offers them, e.g. ["musrl", "mucsv"].
    var formats: [String] { get }
    func defaultPath(format: String) -> String
    /// Returns a one-line summary of what was written.
    func export(format: String, to path: String, progress: @escaping @Sendable (Double) -> Void) throws -> String
}

/// Turns region monitoring on and off (F9). The regions module provides the real one.
public protocol RegionToggle: Sendable {
    var isOn: Bool { get }
    func set(on: Bool) throws
}

/// Everything the front desk works with, wired by the executable. A missing part is nil
/// and shows as "not available".
public struct DeskServices: Sendable {
    public var club: Club
    public var clock: any DeskClock
    public var terminalName: String
    public var bannerSeconds: TimeInterval
    public var importer: (any ImportService)?
    public var exporter: (any ExportService)?
    public var regions: (any RegionToggle)?
    /// The reader monitor, when one runs: it publishes `.reader` events.
    public var readerMonitorRunning: Bool
    /// The beacon scanner, when one runs: it publishes `.beacon` events.
    public var beaconScannerRunning: Bool

    public init(club: Club, clock: any DeskClock = SystemClock(), terminalName: String, bannerSeconds: TimeInterval = 5,
                importer: (any ImportService)? = nil, exporter: (any ExportService)? = nil,
                regions: (any RegionToggle)? = nil, readerMonitorRunning: Bool = false,
                beaconScannerRunning: Bool = false) {
        self.club = club
        self.clock = clock
        self.terminalName = terminalName
        self.bannerSeconds = bannerSeconds
        self.importer = importer
        self.exporter = exporter
        self.regions = regions
        self.readerMonitorRunning = readerMonitorRunning
        self.beaconScannerRunning = beaconScannerRunning
    }

    public var database: AppDatabase { club.database }
}
