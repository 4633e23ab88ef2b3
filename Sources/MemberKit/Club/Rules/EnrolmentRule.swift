/// A pass no member holds: enrol it (the candidate goes through the other rules) or answer
/// `unknownPass`, by the desk's enrolment policy (and `enrolUnknown`: false for a pass typed by
/// hand, which the desk asks about first).
enum EnrolmentRule {
    enum Verdict {
        case answer(CheckInOutcome)
        case candidate(MemberRecord)
    }

    static func apply(pass: NormalizedPass, policy: EnrolmentPolicy, enrolUnknown: Bool = true,
                      candidate: () -> MemberRecord) -> Verdict {
        policy == .auto && enrolUnknown ? .candidate(candidate()) : .answer(.unknownPass(pass.passId))
    }
}
