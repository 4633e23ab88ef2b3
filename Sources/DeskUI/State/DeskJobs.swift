import Foundation

/// Bookkeeping for the background jobs the panes wait on, kept apart from what the panes show:
/// at most one count and one stats query at a time, and counts held back while staff type.
public struct DeskJobs: Sendable, Equatable {
    /// While staff type, a count would only compete with the pages they are waiting for.
    public static let countDelay: TimeInterval = 0.2

    public var countInFlight = false
    /// The member counts no longer match the data or the listing.
    public var countStale = true
    /// When the search text last changed: the match count waits for typing to pause.
    public var searchEditedAt: Date?
    public var statsInFlight = false
    /// Who is inside may have changed (a tap, a check-out, closing time, another process): the
    /// count, and the "Inside now" list when it shows, are read again. Each change moves the
    /// generation, so an answer read before the change cannot overwrite a newer count.
    public var insideStale = true
    public var insideInFlight = false
    public var insideGeneration = 0
    /// Another process (the scan service, a shell's `checkin`, an import) may commit at any time:
    /// the store is probed this often, and the panes reload only when its version moved.
    public static let storeProbeInterval: TimeInterval = 0.25
    public var storeProbeInFlight = false
    /// When the next probe is due; nil: at once (the first sets the version to compare with, and
    /// reloads once: the first reads may predate it).
    public var nextStoreProbe: Date?
    /// The version last seen; nil until the first probe answers.
    public var storeVersion: Int?
    /// Why the last probe failed, said once in the log (nil: the last probe answered).
    public var storeProbeError: String?
    /// A dialog asked for (F2, Enter, F8, `w`) before the member list's selected row was read: it
    /// opens when the row arrives, unless another key comes first (`DialogOpener.onceListed`).
    public var openOnceListed: DialogOpener?

    public init() {}

    public mutating func insideChanged() {
        insideStale = true
        insideGeneration += 1
    }

    /// A probe failed: the log's note, once for each new reason (a probe runs four times a second).
    mutating func storeProbeFailed(_ error: String) -> DeskNote? {
        storeProbeInFlight = false
        guard error != storeProbeError else { return nil }
        storeProbeError = error
        return DeskNote(text: "store: other desks' changes not seen: \(error)", tone: .danger)
    }

    public func typing(at now: Date) -> Bool { Self.typing(since: searchEditedAt, at: now) }

    static func typing(since edited: Date?, at now: Date) -> Bool {
        edited.map { now.timeIntervalSince($0) < countDelay } ?? false
    }
}
