import Foundation

public enum RefusalReason: String, Sendable, Codable {
    case suspended, expired, capacity, packUsedUp
}
