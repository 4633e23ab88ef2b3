import Foundation

public enum CheckInSource: String, Sendable, Codable, CaseIterable {
    case nfc, wedge, manual, script, wallet
}
