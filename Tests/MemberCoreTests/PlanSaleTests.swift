import Foundation
@_spi(Decisions) import MemberCore
import Testing

/// Selling a catalogue product, decided with no database: each kind's plan, visits and expiry,
/// a day pass's end at closing time (on a normal and a daylight-saving day), and the sale's line.
@Suite struct PlanSaleTests {
    static let berlin: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Berlin")!
        return calendar
    }()
    static let closing22 = OccupancySettings(closingMinute: 22 * 60, calendar: berlin)
    static let noClosing = OccupancySettings(calendar: berlin)
    /// 2026-03-28 10:00 in Berlin (CET), the day before the spring change; 2026-03-29 10:00 (CEST), its day.
    static let saturday: Double = 1_774_688_400, springDay: Double = 1_774_771_200
    static let autumnDay: Double = 1_792_918_800
    static let price = PlanPrice(cents: 12000)
    static let actor = AuditActor(operator: "Mia", method: .manual)

    static func product(_ kind: PlanProduct.Kind, visits: Int? = nil, days: Int? = nil) -> PlanProduct {
        PlanProduct(name: "p", kind: kind, visits: visits, price: price, validDays: days)
    }

    static func request(_ product: PlanProduct, at time: Double = saturday, occupancy: OccupancySettings = closing22) -> PlanSale.Request {
        PlanSale.Request(memberId: "m1", product: product, currency: "EUR", time: time, desk: Core.desk, actor: actor,
                         ids: Core.ids(), occupancy: occupancy)
    }

    static let day: Double = 86_400

    /// (product, the member's expiry before, the time sold, closing, expiry after)
    @Test(arguments: [
        // A pack without valid_days leaves the expiry; with it, that many days on unless already later.
        (product(.pack, visits: 10), nil, saturday, closing22, nil),
        (product(.pack, visits: 10), saturday - day, saturday, closing22, saturday - day),
        (product(.pack, visits: 10, days: 30), nil, saturday, closing22, saturday + 30 * day - 3600),
        (product(.pack, visits: 10, days: 30), saturday + 90 * day, saturday, closing22, saturday + 90 * day),
        // An open plan runs from now, or from a later expiry (the summer change falls in the 30 days: one hour less).
        (product(.open, days: 30), nil, saturday, closing22, saturday + 30 * day - 3600),
        (product(.open, days: 30), saturday - 5 * day, saturday, closing22, saturday + 30 * day - 3600),
        (product(.open, days: 1), saturday + 0.5 * day, saturday, closing22, saturday + 1.5 * day - 3600),
        // A day pass: closing today (22:00 CET is 21:00 UTC), or on the N-th day, or the day's end without a closing time.
        (product(.day), saturday + 400 * day, saturday, closing22, 1_774_731_600),
        (product(.day), nil, springDay, closing22, 1_774_814_400),
        (product(.day, days: 2), nil, springDay, closing22, 1_774_900_800),
        (product(.day), nil, springDay, noClosing, 1_774_821_600 - 0.001),
        (product(.day), nil, autumnDay, closing22, 1_792_962_000),
    ] as [(PlanProduct, Double?, Double, OccupancySettings, Double?)])
    func eachKindGivesItsExpiry(product: PlanProduct, before: Double?, time: Double, occupancy: OccupancySettings, after: Double?) throws {
        #expect(try PlanTerm.expiry(of: product, current: before, at: time, occupancy: occupancy) == after)
    }

    @Test func aDayPassSoldAfterClosingIsRefused() throws {
        let late = 1_774_731_600 + 60.0  // 22:01 on the Saturday
        #expect(throws: DeskError.conflict("the club has closed for today: a day pass sold now would be over already")) {
            try PlanTerm.expiry(of: Self.product(.day), current: nil, at: late, occupancy: Self.closing22)
        }
        // Two days' pass sold then ends at tomorrow's closing.
        #expect(try PlanTerm.expiry(of: Self.product(.day, days: 2), current: nil, at: late, occupancy: Self.closing22)
            == 1_774_814_400)
    }

    @Test func aPackSaleTopsUpThePackAndRecordsTheSale() throws {
        let stored = Core.member(plan: .open)
        let request = Self.request(Self.product(.pack, visits: 10, days: 30))
        let sold = try PlanSale.sold(stored, request)
        #expect(sold.plan == .pack && sold.expiresAt == Self.saturday + 30 * Self.day - 3600 && sold.product == "p")
        #expect(sold.modifiedAt == Self.saturday && sold.modifiedBy == "desk-a")
        let change = try PlanSale.decide(before: stored, after: sold, request, facts: MemberPlanFacts(packBalance: 2))
        #expect(change.writes == [.update(sold)] && change.events == [.updated(sold)])
        #expect(change.pack == MemberChange.PackCount(memberId: "m1", added: 10, used: 0))
        #expect(change.audit.map(\.action) == [.sale, .edit, .edit, .edit, .edit])
        let sale = change.audit[0]
        #expect(sale.memberId == nil && sale.operator == "Mia" && sale.time == Self.saturday && sale.deskId == "desk-a")
        #expect(sale.detail == ["plan": "p", "kind": "pack", "price": "120.00", "currency": "EUR", "member": "m1"])
        #expect(change.audit[1].detail == ["field": "pack", "before": "2", "after": "12"])
        #expect(change.audit.dropFirst(2).map { $0.detail["field"] } == ["expires", "plan", "plan sold"])
        #expect(SaleRecord(sale)?.price == Self.price && SaleRecord(sale)?.memberId == "m1")
    }

    @Test func aDayPassMakesAnOpenMemberUntilClosingAndLeavesTheHousehold() throws {
        let stored = Core.member(plan: .household, household: "m9")
        let request = Self.request(Self.product(.day))
        let sold = try PlanSale.sold(stored, request)
        #expect(sold.plan == .open && sold.household == nil && sold.expiresAt == 1_774_731_600 && sold.product == "p")
        let change = try PlanSale.decide(before: stored, after: sold, request, facts: MemberPlanFacts())
        #expect(change.pack == nil && change.audit.map(\.action) == [.sale, .edit, .edit, .edit, .edit])
    }

    /// (the plan before, its expiry, the expiry after a day pass): an open membership that runs
    /// longer keeps its expiry; a shorter one, none set up (no expiry), or a pack's validity ends at closing.
    @Test(arguments: [
        (MemberPlan.open, saturday + 30 * day, saturday + 30 * day),
        (MemberPlan.open, nil, 1_774_731_600),
        (MemberPlan.open, saturday - day, 1_774_731_600),
        (MemberPlan.open, saturday + 0.1 * day, 1_774_731_600),
        (MemberPlan.pack, saturday + 300 * day, 1_774_731_600),
    ] as [(MemberPlan, Double?, Double?)])
    func aDayPassNeverCutsShortALongerOpenMembership(plan: MemberPlan, before: Double?, after: Double?) throws {
        var stored = Core.member(plan: plan)
        stored.expiresAt = before
        let sold = try PlanSale.sold(stored, Self.request(Self.product(.day)))
        #expect(sold.plan == .open && sold.expiresAt == after)
    }

    @Test func noLiveMemberIsNotFound() {
        var deleted = Core.member()
        deleted.deletedAt = 5
        for stored in [nil, deleted] {
            #expect(throws: DeskError.notFound("no member m1")) { try PlanSale.sold(stored, Self.request(Self.product(.day))) }
        }
    }
}
