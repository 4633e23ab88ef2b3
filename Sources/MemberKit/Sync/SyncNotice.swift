import Foundation

/// A sync pass finished: how many desks the folder holds (this one included), or why it failed.
/// The status bar shows `Sync: 3 desks · 4 s ago` or `Sync: error`.
public struct SyncNotice: Sendable, Equatable {
    public var desks: Int
    public var time: Date
    public var error: String?

    public init(desks: Int, time: Date, error: String? = nil) {
        self.desks = desks
        self.time = time
        self.error = error
    }
}
