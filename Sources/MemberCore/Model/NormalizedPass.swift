import Foundation

/// A scan turned into the credential the store matches on.
public struct NormalizedPass: Sendable, Equatable {
    public var passId: String
    /// The username carried by a ClubKit pass payload, if the scan was one.
    package var username: String?

    package init(passId: String, username: String? = nil) {
        self.passId = passId
        self.username = username
    }
}
