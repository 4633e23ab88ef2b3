import Foundation
import MemberKit

// `DeskState`, `DeskEffect` and `JobResult` are `Equatable`, so a reducer test can say exactly what
// an input changed and asked for (`DeskTestStore`). Where a value they hold is not ours, or holds
// something with no equality, its equality is written here, field by field, with the reason.

/// `MemberChanges` (MemberKit) is not `Equatable`: compared field by field, every field.
extension MemberChanges: Equatable {
    public static func == (a: MemberChanges, b: MemberChanges) -> Bool {
        a.passId == b.passId && a.username == b.username && a.fields == b.fields && a.status == b.status
            && a.expiresAt == b.expiresAt && a.note == b.note && a.plan == b.plan
    }
}

/// `ImportNotice` (MemberKit) is not `Equatable`: compared field by field, every field.
extension ImportNotice: Equatable {
    public static func == (a: ImportNotice, b: ImportNotice) -> Bool {
        a.file == b.file && a.new == b.new && a.updated == b.updated && a.unchanged == b.unchanged
            && a.unified == b.unified && a.deleted == b.deleted
    }
}

extension ImportPreview: Equatable {
    /// Two previews are equal when they show the same: the file, the counts, what it holds and the
    /// lines. The plan is the importer's opaque value, made from the same file; it is compared too
    /// when its type is `Equatable` (a test's plan), and otherwise left out (`MergePlan` is not).
    public static func == (a: ImportPreview, b: ImportPreview) -> Bool {
        a.file == b.file && a.counts == b.counts && a.received == b.received && a.lines == b.lines
            && plansMatch(a.plan, b.plan)
    }

    private static func plansMatch(_ a: any Sendable, _ b: any Sendable) -> Bool {
        guard let a = a as? any Equatable else { return true }
        func same<T: Equatable>(_ a: T) -> Bool { (b as? T) == a }
        return same(a)
    }
}

extension DeskSetup: Equatable {
    /// Every field but `exportPath`, a closure (no equality): the set-up is a `let` of the state,
    /// made once when the desk starts, so no input can change it.
    public static func == (a: DeskSetup, b: DeskSetup) -> Bool {
        a.terminalName == b.terminalName && a.bannerSeconds == b.bannerSeconds && a.enrolment == b.enrolment
            && a.memberFields == b.memberFields && a.readerMonitorRunning == b.readerMonitorRunning
            && a.beaconScannerRunning == b.beaconScannerRunning && a.syncEnabled == b.syncEnabled
            && a.capacity == b.capacity && a.plans == b.plans && a.regionsOn == b.regionsOn && a.canImport == b.canImport
            && a.exportFormats == b.exportFormats && a.lockEnabled == b.lockEnabled && a.idleMinutes == b.idleMinutes
            && a.walletMissing == b.walletMissing
    }
}
