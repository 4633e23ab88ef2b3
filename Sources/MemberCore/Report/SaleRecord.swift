import Foundation

/// One sale as the record keeps it: an `AuditAction.sale` line, read back. Sales travel between
/// desks as audit lines do (`AuditFileSync`), so every desk reads the same sales.
public struct SaleRecord: Sendable, Equatable {
    public var entryId: String
    public var time: Double
    public var deskId: String
    public var desk: String
    /// Who sold it: the operator signed in, else the CLI's user; empty when nobody was.
    public var seller: String
    public var plan: String
    public var kind: String
    public var price: PlanPrice
    public var currency: String
    public var memberId: String

    /// The sale in `entry`, or nil for another kind of line or one whose detail was erased.
    public init?(_ entry: AuditEntry) {
        guard entry.action == .sale, let plan = entry.detail["plan"], let price = entry.detail["price"].flatMap(PlanPrice.init) else {
            return nil
        }
        entryId = entry.entryId
        time = entry.time
        deskId = entry.deskId
        desk = entry.desk
        seller = entry.operator ?? ""
        self.plan = plan
        kind = entry.detail["kind"] ?? ""
        self.price = price
        currency = entry.detail["currency"] ?? ""
        memberId = entry.detail["member"] ?? ""
    }

    /// A sale line's detail.
    package static func detail(plan: String, kind: PlanProduct.Kind, price: PlanPrice, currency: String,
                               memberId: String) -> [String: String] {
        ["plan": plan, "kind": kind.rawValue, "price": price.description, "currency": currency, "member": memberId]
    }

    /// The local day it was sold on.
    package func day(in timeZone: TimeZone) -> CalendarDay {
        let seconds = Double(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: time)))
        return CalendarDay(dayNumber: Int(((time + seconds) / 86_400).rounded(.down)))
    }
}
