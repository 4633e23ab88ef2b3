import Foundation
@_spi(Decisions) import MemberCore

/// Selling a plan of the catalogue (`plans.catalogue`) to a member: the product applied and the
/// sale recorded in one transaction (`PlanSaleOperation`), the bus told of the member after.
extension Club {
    /// The product named `plan`, or the built-in one-day pass for `day` when the catalogue has none.
    public func product(named plan: String) throws -> PlanProduct {
        let catalogue = settings.plans.catalogue
        if let product = catalogue.product(named: plan) { return product }
        if plan == PlanProduct.builtInDayPass.name { return .builtInDayPass }
        let known = catalogue.products.map(\.name)
        throw DeskError.notFound("no plan '\(plan)' in the catalogue (\(known.isEmpty ? "none is configured" : known.joined(separator: ", ")))")
    }

    /// Sells `plan` to the member `memberId` now; returns the member as sold and the sale.
    @discardableResult
    public func sell(_ plan: String, to memberId: String, by actor: AuditActor = .anonymous(.manual)) throws -> (member: MemberRecord, sale: SaleRecord) {
        let commit = try perform(PlanSaleOperation(request: saleRequest(plan, memberId: memberId, stamp: editStamp(by: actor))))
        return (commit.member, commit.sale)
    }

    /// Adds a walk-in with `plan` sold to it (`members add --plan day`): the member made with the
    /// product's plan and expiry (`expiresAt`: as its current one), and the sale, in one transaction.
    /// `plan` of `changes` gives the birthday only: the product gives the rest.
    @discardableResult
    public func addMember(passId raw: String, username: String? = nil, fields: [String: JSONValue] = [:], expiresAt: Double? = nil,
                          note: String? = nil, selling plan: String, changes: PlanChanges = PlanChanges(),
                          door: DoorDetails = DoorDetails(), by actor: AuditActor = .anonymous(.manual)) throws -> (member: MemberRecord, sale: SaleRecord) {
        try MemberFieldRules.validateName(username ?? "")
        try MemberFieldRules.validateNote(note ?? "")
        for (name, value) in fields { try MemberFieldRules.validateField(name, value) }
        let pass = try normalize(raw)
        let stamp = editStamp(by: actor)
        var request = try saleRequest(plan, memberId: "", stamp: stamp)
        let terms = try PlanSale.walkIn(request, plan: changes, expiresAt: expiresAt)
        var member = try door.applied(to: MemberAddition.candidate(pass: pass, username: username, fields: fields, status: .active,
                                                                   expiresAt: terms.expiresAt, note: note, plan: terms.plan,
                                                                   at: stamp.time, desk: terminal.id, ids: ids))
        member.product = request.product.name
        request.memberId = member.memberId
        let addition = MemberAdditionOperation(member: member, plan: terms.plan, stamp: stamp)
        let commit = try perform(WalkInSaleOperation(addition: addition, sale: request))
        return (commit.member, commit.sale)
    }

    private func saleRequest(_ plan: String, memberId: String, stamp: EditStamp) throws -> PlanSale.Request {
        PlanSale.Request(memberId: memberId, product: try product(named: plan), currency: settings.plans.catalogue.currency,
                         time: stamp.time, desk: terminal, actor: stamp.actor, ids: ids, occupancy: settings.occupancy)
    }
}

extension Club {
    /// The sales made on the period's days (this desk's and those sync brought), as the report shows them.
    public func salesFigures(period: ReportPeriod) throws -> SalesFigures {
        // A day either side: the figures keep the sales of the period's local days.
        let start = Double(period.from.dayNumber - 1) * 86_400, end = Double(period.to.dayNumber + 2) * 86_400
        return SalesFigures(try database.sales(from: start, before: end), period: period)
    }
}
