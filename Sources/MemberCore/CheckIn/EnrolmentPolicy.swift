import Foundation

public enum EnrolmentPolicy: String, Sendable, Codable, CaseIterable {
    /// Enrol with one visit, as ClubKit's automaticallyOnScan does.
    case auto
    /// Report `unknownPass` so that the UI can ask staff.
    case prompt
    case deny
}
