import Foundation
import MemberKit

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
    /// Folder sync runs beside the desk (the status bar then shows it).
    public var syncEnabled = false
    /// Operators and the lock; nil: no PIN checker in this build (the desk never locks).
    public var staff: DeskStaffServices?
    /// Members' wallet passes (the `w` key); nil: not in this build.
    public var wallet: (any WalletPassService)?
    /// Members' photos on the banner; nil: none shown.
    public var photos: (any PhotoArtSource)?
    /// Where the member form stores a photo file (`members photo`'s way); nil: the form takes none.
    public var photoIntake: (any PhotoIntake)?

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
}
