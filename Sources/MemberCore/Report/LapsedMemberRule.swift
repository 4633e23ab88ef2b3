/// Who "stopped coming": a member who was regular, then stayed away.
/// - regular: visits on at least `regularDays` different days within `windowDays` days ending
///   on (and including) their last visit;
/// - stopped: no visit in the `quietDays` days after that last visit.
/// The member is listed in a report when the first day they count as stopped
/// (last visit + quietDays + 1) falls within the period, up to today.
@_spi(Decisions) public enum LapsedMemberRule {
    static let regularDays = 4
    static let windowDays = 30
    static let quietDays = 30

    /// - Parameters:
    ///   - latestDays: the member's most recent distinct visit days (day numbers), newest first,
    ///     at least `regularDays` of them when there are that many.
    /// - Returns: the day number the member counts as stopped, when they were regular.
    package static func stoppedOn(latestDays: [Int]) -> Int? {
        guard latestDays.count >= regularDays, let last = latestDays.first else { return nil }
        guard latestDays[regularDays - 1] > last - windowDays else { return nil }
        return last + quietDays + 1
    }
}
