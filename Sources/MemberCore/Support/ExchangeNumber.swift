import Foundation

/// Numbers as Foundation's JSONEncoder writes them: an integral Double without ".0".
package enum ExchangeNumber {
    package static func text(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return value.description  // what "\(value)" writes, without an interpolation buffer
    }
}
