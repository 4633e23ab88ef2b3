import Foundation
import GRDB
@_spi(Decisions) import MemberCore

/// A sale (`members sell`, the desk's sell key) as one `StoreOperation`, in one transaction: the
/// stored member and its pack's balance read, `PlanSale` decides, the member, its pack's counters,
/// its edit lines and the sale's line written (`StoreTransaction.write(_:terminalId:)`).
struct PlanSaleOperation: StoreEdit {
    var request: PlanSale.Request
    var time: Double { request.time }
    /// The stored member, and as the sale leaves it (its refusal kept for `decide`), with its plan's facts.
    typealias Facts = (stored: MemberRecord?, sold: Result<MemberRecord, any Error>, plan: MemberPlanFacts)

    func facts(in store: StoreTransaction) throws -> Facts {
        let stored = try store.member(memberId: request.memberId)
        let sold = Result { try PlanSale.sold(stored, request) }
        guard case .success(let member) = sold else { return (stored, sold, MemberPlanFacts()) }
        return (stored, sold, try store.memberPlanFacts(member, readsPack: request.product.kind == .pack))
    }

    func decide(_ facts: Facts) throws -> MemberChange {
        let sold = try facts.sold.get()
        return try PlanSale.decide(before: facts.stored ?? sold, after: sold, request, facts: facts.plan)
    }

    func write(_ change: MemberChange, _ facts: Facts, in store: StoreTransaction) throws -> PlanSaleCommit {
        let events = try store.write(change, terminalId: request.desk.id)
        // `decide` puts the sale's line first.
        guard let sale = change.audit.first.flatMap(SaleRecord.init), let member = events.first?.member else {
            throw DeskError.database("a sale decided no sale")
        }
        return PlanSaleCommit(member: member, sale: sale)
    }
}

/// What a sale committed: the member as sold and the sale's line. The bus hears of the member
/// (the building hears of taps, not of sales).
struct PlanSaleCommit: Announcing {
    var member: MemberRecord
    var sale: SaleRecord
    /// A walk-in added with the sale.
    var created = false
    var event: DeskEvent? { nil }
    mutating func markQueued() {}
    var followingEvents: [DeskEvent] { [created ? .memberCreated(member) : .memberUpdated(member)] }
}

/// A walk-in added with a product: the addition as `MemberAdditionOperation` runs it, the sale's
/// line written with its lines, in its transaction.
struct WalkInSaleOperation: StoreEdit {
    var addition: MemberAdditionOperation
    var sale: PlanSale.Request
    var time: Double { addition.time }

    func facts(in store: StoreTransaction) throws -> MemberAdditionOperation.Facts { try addition.facts(in: store) }

    func decide(_ facts: MemberAdditionOperation.Facts) throws -> MemberChange {
        var change = try addition.decide(facts)
        change.audit.append(PlanSale.saleEntry(sale))
        return change
    }

    func write(_ change: MemberChange, _ facts: MemberAdditionOperation.Facts, in store: StoreTransaction) throws -> PlanSaleCommit {
        let events = try addition.write(change, facts, in: store)
        guard let sale = change.audit.last.flatMap(SaleRecord.init), let member = events.first?.member else {
            throw DeskError.database("a sale decided no sale")
        }
        return PlanSaleCommit(member: member, sale: sale, created: true)
    }
}

extension AppDatabase {
    /// The sales recorded from `start` on, before `end` (this desk's and those sync brought).
    package func sales(from start: Double, before end: Double) throws -> [SaleRecord] {
        try read { store in
            try store.auditEntries(AuditQuery(since: start, action: .sale)).filter { $0.time < end }.compactMap(SaleRecord.init)
        }
    }
}
