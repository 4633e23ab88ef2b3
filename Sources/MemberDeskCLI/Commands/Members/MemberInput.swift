import ArgumentParser
import Foundation
import MemberKit

/// Checks and conversions for what people type into member fields.
enum MemberInput {
    static func validateEmail(_ email: String) throws {
        do { try MemberFieldRules.validateEmail(email, field: "--email") } catch { throw ValidationError("\(error)") }
    }

    /// Plain text of one line within the caps (`MemberFieldRules`): a bad one is a bad argument (exit 64).
    static func validateName(_ name: String) throws {
        do { try MemberFieldRules.validateName(name, field: "--name") } catch { throw ValidationError("\(error)") }
    }

    static func validateNote(_ note: String) throws {
        do { try MemberFieldRules.validateNote(note, field: "--note") } catch { throw ValidationError("\(error)") }
    }

    /// A pass as a tap would read it: a bad one is a bad argument (exit 64).
    static func validatePass(_ pass: String) throws {
        do { try PassIdNormalizer.check(pass) } catch { throw ValidationError("\(error)") }
    }

    /// The member's fields besides `named` (the member type's), that hold a value, by name.
    static func otherFields(of member: MemberRecord, besides named: [String]) -> [String] {
        member.fields.filter { $0.value != .null && !named.contains($0.key) }.keys.sorted()
    }

    /// The field `--unset` names: one the member holds (`email` is the e-mail's), else a bad argument naming those it has.
    static func extraField(_ name: String, of member: MemberRecord) throws -> String {
        let field = name.lowercased() == "email" ? MemberFieldRules.emailField : name
        guard let value = member.fields[field], value != .null else {
            let held = member.fields.filter { $0.value != .null }.keys.sorted()
            throw ValidationError("--unset \(name): \(member.displayName) has no field '\(name)'"
                                  + (held.isEmpty ? "" : " (their fields: \(held.joined(separator: ", ")))"))
        }
        return field
    }

    /// nil for "never"; a date is valid through the end of that local day.
    static func expiry(_ text: String) throws -> Double? {
        do { return try MemberFieldRules.expiry(text, calendar: LocalClock.calendar) } catch { throw ValidationError("--expires \(error)") }
    }
}
