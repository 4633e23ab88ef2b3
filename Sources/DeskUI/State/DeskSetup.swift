import DeskLanguage
import Foundation
import MemberKit

/// What the desk was started with and never changes while it runs: which parts are present,
/// the club's policies, and how the export dialog names its files.
public struct DeskSetup: Sendable {
    public var terminalName: String
    public var bannerSeconds: TimeInterval
    public var enrolment: EnrolmentPolicy
    public var memberFields: [String]
    public var readerMonitorRunning: Bool
    public var beaconScannerRunning: Bool
    /// Folder sync runs beside the desk (the status bar then shows it).
    public var syncEnabled = false
    /// `occupancy.capacity`: the status bar's "Inside 23/80" (0: no limit, "Inside 23").
    public var capacity = 0
    /// Packs and expiry warnings: the banner's line under the welcome (`DoorNotice`).
    public var plans = PlanSettings()
    /// nil: no region watcher in this build or run.
    public var regionsOn: Bool?
    public var canImport: Bool
    public var exportFormats: [String]
    /// The file name the export dialog offers for a format (today's date in it).
    public var exportPath: @Sendable (String) -> String
    /// The desk starts locked (operators exist and `staff.lock` is on); it locks again after
    /// `idleMinutes` without a key.
    public var lockEnabled = false
    public var idleMinutes: Double = 5
    /// `staff.quit_when_locked`: q, F10 and Ctrl-C quit a locked desk without a sign-in.
    public var quitWhenLocked = false
    /// The `[wallet]` keys a pass needs that are not set; nil: no wallet in this build.
    public var walletMissing: [String]?

    public init(terminalName: String, bannerSeconds: TimeInterval = 5, enrolment: EnrolmentPolicy = .auto,
                memberFields: [String] = [], readerMonitorRunning: Bool = false, beaconScannerRunning: Bool = false,
                regionsOn: Bool? = nil, canImport: Bool = false, exportFormats: [String] = [],
                exportPath: @escaping @Sendable (String) -> String = { "members.\($0)" }) {
        self.terminalName = terminalName
        self.bannerSeconds = bannerSeconds
        self.enrolment = enrolment
        self.memberFields = memberFields
        self.readerMonitorRunning = readerMonitorRunning
        self.beaconScannerRunning = beaconScannerRunning
        self.regionsOn = regionsOn
        self.canImport = canImport
        self.exportFormats = exportFormats
        self.exportPath = exportPath
    }

    public init(_ services: DeskServices) {
        let exporter = services.exporter
        self.init(terminalName: services.terminalName, bannerSeconds: services.bannerSeconds,
                  enrolment: services.club.settings.enrolment, memberFields: services.club.settings.memberFields,
                  readerMonitorRunning: services.readerMonitorRunning, beaconScannerRunning: services.beaconScannerRunning,
                  regionsOn: services.regions?.isOn, canImport: services.importer != nil,
                  exportFormats: exporter?.formats ?? [], exportPath: { exporter?.defaultPath(format: $0) ?? "members.\($0)" })
        syncEnabled = services.syncEnabled
        lockEnabled = services.staff?.lockEnabled ?? false
        idleMinutes = services.staff?.idleMinutes ?? 5
        quitWhenLocked = services.staff?.quitWhenLocked ?? false
        capacity = services.club.settings.occupancy.capacity
        plans = services.club.settings.plans
        walletMissing = services.wallet?.missingSetUp
    }
}

extension DeskSetup {
    /// The event log's first lines, for what the desk starts without (`DeskState.init` logs them as notes).
    var startNotes: [DeskNote] {
        readerMonitorRunning ? [] : [DeskNote(text: tr("card reader: not available"), tone: .warning)]
    }
}
