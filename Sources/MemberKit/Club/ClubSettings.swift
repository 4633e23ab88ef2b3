import Foundation

public struct ClubSettings: Sendable {
    /// The same pass again within this window is not counted again.
    public var debounce: TimeInterval
    public var enrolment: EnrolmentPolicy
    /// The member type's field names (`variableNamesAsStrings()`), for listings and exports.
    public var memberFields: [String]
    /// Entries, exits, capacity and closing time.
    public var occupancy: OccupancySettings
    /// Packs and expiry warnings.
    public var plans: PlanSettings
    /// Phones' passes: the organization's name, how old a cryptogram may be.
    public var wallet: WalletSettings

    public init(debounce: TimeInterval = 60, enrolment: EnrolmentPolicy = .auto,
                memberFields: [String] = CustomMembershipUser.variableNamesAsStrings(),
                occupancy: OccupancySettings = OccupancySettings(), plans: PlanSettings = PlanSettings(),
                wallet: WalletSettings = WalletSettings()) {
        self.debounce = debounce
        self.enrolment = enrolment
        self.memberFields = memberFields
        self.occupancy = occupancy
        self.plans = plans
        self.wallet = wallet
    }
}
