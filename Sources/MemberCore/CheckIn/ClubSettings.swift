import Foundation

public struct ClubSettings: Sendable {
    /// The same pass again within this window is not counted again.
    package var debounce: TimeInterval
    public var enrolment: EnrolmentPolicy
    /// The member type's field names (`variableNamesAsStrings()`), for listings and exports.
    public var memberFields: [String]
    /// Entries, exits, capacity and closing time.
    public var occupancy: OccupancySettings
    /// Packs and expiry warnings.
    public var plans: PlanSettings
    /// `cards.require_secure`: NFC taps that are not SUN-verified are refused (reason `insecure`).
    package var requireSecure: Bool
    /// Phones' passes: the organization's name, how old a cryptogram may be.
    package var wallet: WalletSettings

    public init(debounce: TimeInterval = 60, enrolment: EnrolmentPolicy = .auto,
                memberFields: [String] = MemberRecord.defaultFieldNames,
                occupancy: OccupancySettings = OccupancySettings(), plans: PlanSettings = PlanSettings(),
                requireSecure: Bool = false, wallet: WalletSettings = WalletSettings()) {
        self.requireSecure = requireSecure
        self.debounce = debounce
        self.enrolment = enrolment
        self.memberFields = memberFields
        self.occupancy = occupancy
        self.plans = plans
        self.wallet = wallet
    }
}
