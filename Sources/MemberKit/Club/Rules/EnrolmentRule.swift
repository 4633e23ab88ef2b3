/// A pass no member holds: enrol it (the candidate goes through the other rules) or answer
/// `unknownPass`, by the desk's enrolment policy.
enum EnrolmentRule {
    enum Verdict {
        case answer(CheckInOutcome)
        case candidate(MemberRecord)
    }

    static func apply(pass: NormalizedPass, policy: EnrolmentPolicy, candidate: () -> MemberRecord) -> Verdict {
        policy == .auto ? .candidate(candidate()) : .answer(.unknownPass(pass.passId))
    }
}
