import MemberKit

extension BannerModel.Kind {
    /// What an outcome looks like at the desk; the banner and the event log colour it alike.
    public init(_ outcome: CheckInOutcome) {
        switch outcome {
        case .checkedIn, .enrolled, .checkedOut, .guestsLeft(_, 1..., _): self = .welcome
        case .notInside, .guestsLeft: self = .duplicate
        case .duplicate, .duplicateExit: self = .duplicate
        case .refused, .staffCard, .cardRefused, .walletRefused: self = .refused
        case .unknownPass: self = .unknown
        }
    }
}
