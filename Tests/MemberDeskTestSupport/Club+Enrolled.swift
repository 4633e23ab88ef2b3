import MemberKit

/// Tests that only need a member with its first visit: the enrol prompt's yes, which must enrol.
public struct NotEnrolled: Error, CustomStringConvertible {
    public let outcome: String
    public var description: String { "the pass was not enrolled: \(outcome)" }
}

extension Club {
    @discardableResult
    public func enrolMember(passId: String, username: String? = nil, source: CheckInSource) throws -> MemberRecord {
        let report = try enrol(passId: passId, username: username, source: source)
        guard case .enrolled(let member) = report.outcome else { throw NotEnrolled(outcome: report.outcome.name) }
        return member
    }
}
