/// The plans the club sells (`[plans.catalogue.NAME]`) and the currency their prices are in
/// (`plans.currency`). No payment is taken: a sale is the record a front desk keeps.
public struct PlanCatalogue: Sendable, Equatable {
    /// By name, each name once.
    public private(set) var products: [PlanProduct]
    /// An ISO 4217 code ("EUR"), or empty: prices are shown without one.
    public var currency: String

    public init(products: [PlanProduct] = [], currency: String = "") {
        self.products = products.sorted { $0.name < $1.name }
        self.currency = currency
    }

    public func product(named name: String) -> PlanProduct? {
        products.first { $0.name == name }
    }

    /// A name is lowercase letters, digits and '-' (it is typed on the command line and shown in
    /// the report's CSV), at most 64 of them.
    public static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && name.count <= 64 && name.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
    }

    /// `plans.currency`: empty or three capital letters.
    public static func isValidCurrency(_ code: String) -> Bool {
        code.isEmpty || code.unicodeScalars.count == 3 && code.unicodeScalars.allSatisfy { ("A"..."Z").contains($0) }
    }
}

/// One plan the club sells: what applying it does to a member, and its price.
public struct PlanProduct: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable {
        /// Adds `visits` to the member's pack (and, with `validDays`, sets the expiry).
        case pack
        /// An open plan for `validDays` days from today or from the current expiry, the later.
        case open
        /// Valid until the club's closing time today, or on the `validDays`-th day.
        case day
    }

    public var name: String
    public var kind: Kind
    /// A pack's visits (1 or more); nil for the other kinds.
    public var visits: Int?
    public var price: PlanPrice
    /// How many days it runs: an open plan's length (required), a day pass's days (1 if unset),
    /// a pack's validity (unset: the expiry is left as it is).
    public var validDays: Int?
    /// Guests a member on this plan may bring each month (carried for the guest rule; nil: not set).
    public var guestsPerMonth: Int?
    /// When a member on this plan may come in (`access = "mon-fri 09:00-16:00"`, `AccessHoursRule`); nil: any time the club is open.
    public var access: WeeklyHours?

    public init(name: String, kind: Kind, visits: Int? = nil, price: PlanPrice, validDays: Int? = nil,
                guestsPerMonth: Int? = nil, access: WeeklyHours? = nil) {
        self.name = name
        self.kind = kind
        self.visits = visits
        self.price = price
        self.validDays = validDays
        self.guestsPerMonth = guestsPerMonth
        self.access = access
    }

    /// The one-day pass `members add --plan day` sells when the catalogue has no `day` product.
    public static let builtInDayPass = PlanProduct(name: "day", kind: .day, price: PlanPrice(cents: 0), validDays: 1)
}

/// A price in the currency's hundredths, written as decimal text ("120.00"), never a float.
public struct PlanPrice: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var cents: Int

    public init(cents: Int) {
        self.cents = cents
    }

    /// "120", "120.5" or "120.00": digits, then at most two after a point; no sign, at most nine
    /// digits before the point (so a sum of many sales cannot overflow).
    public init?(_ text: String) {
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let whole = parts[0], fraction = parts.count > 1 ? parts[1] : ""
        let isDigits = { (part: Substring) in part.unicodeScalars.allSatisfy { ("0"..."9").contains($0) } }
        guard !whole.isEmpty, whole.count <= 9, isDigits(whole), isDigits(fraction),
              fraction.count <= 2, parts.count == 1 || !fraction.isEmpty,
              let units = Int(whole) else { return nil }
        let hundredths = (Int(fraction) ?? 0) * (fraction.count == 1 ? 10 : 1)
        cents = units * 100 + hundredths
    }

    /// Always two places: "120.00", "0.50".
    public var description: String {
        let units = cents / 100, hundredths = abs(cents % 100)
        return "\(cents < 0 && units == 0 ? "-" : "")\(units).\(hundredths < 10 ? "0" : "")\(hundredths)"
    }

    public static func < (lhs: PlanPrice, rhs: PlanPrice) -> Bool { lhs.cents < rhs.cents }
}
