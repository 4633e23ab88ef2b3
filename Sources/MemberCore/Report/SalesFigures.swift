import Foundation

/// The report's sales: count and amount per local day, plan and seller, and the totals per plan
/// and per seller, each in its currency (a club that changed `plans.currency` has two). Pure:
/// the same sales give the same figures at every desk, whatever order sync brought them in.
public struct SalesFigures: Sendable, Equatable {
    /// What a group of sales adds up to.
    public struct Tally: Sendable, Equatable {
        public var count = 0
        public var amount = PlanPrice(cents: 0)

        mutating func add(_ sale: SaleRecord) {
            count += 1
            amount.cents += sale.price.cents
        }
    }

    /// One day's sales of one plan by one seller, in one currency.
    public struct Row: Sendable, Equatable {
        public var day: CalendarDay
        public var plan: String
        public var seller: String
        public var currency: String
        public var tally: Tally
    }

    /// A total per `name` (a plan or a seller) and currency.
    public struct Total: Sendable, Equatable {
        public var name: String
        public var currency: String
        public var tally: Tally
    }

    /// The period's sales, oldest first (ties by id): what `report --sales-csv` writes.
    public private(set) var sales: [SaleRecord]
    /// By day, then plan, seller and currency.
    public private(set) var rows: [Row] = []
    public private(set) var byPlan: [Total] = []
    public private(set) var bySeller: [Total] = []
    /// Per currency, by its code.
    public private(set) var totals: [Total] = []

    /// The sales among `sales` made on the period's days, in its time zone.
    public init(_ sales: [SaleRecord], period: ReportPeriod) {
        let zone = period.timeZone
        self.sales = sales.filter { (period.from...period.to).contains($0.day(in: zone)) }
            .sorted { ($0.time, $0.entryId) < ($1.time, $1.entryId) }
        var days: [[String]: (day: CalendarDay, tally: Tally)] = [:]
        var plans: [[String]: Tally] = [:], sellers: [[String]: Tally] = [:], currencies: [String: Tally] = [:]
        for sale in self.sales {
            let day = sale.day(in: zone)
            days[[day.description, sale.plan, sale.seller, sale.currency], default: (day, Tally())].tally.add(sale)
            plans[[sale.plan, sale.currency], default: Tally()].add(sale)
            sellers[[sale.seller, sale.currency], default: Tally()].add(sale)
            currencies[sale.currency, default: Tally()].add(sale)
        }
        rows = days.sorted { $0.key.lexicographicallyPrecedes($1.key) }.map {
            Row(day: $0.value.day, plan: $0.key[1], seller: $0.key[2], currency: $0.key[3], tally: $0.value.tally)
        }
        byPlan = Self.totals(plans)
        bySeller = Self.totals(sellers)
        totals = currencies.sorted { $0.key < $1.key }.map { Total(name: "", currency: $0.key, tally: $0.value) }
    }

    private static func totals(_ tallies: [[String]: Tally]) -> [Total] {
        tallies.sorted { $0.key.lexicographicallyPrecedes($1.key) }.map { Total(name: $0.key[0], currency: $0.key[1], tally: $0.value) }
    }
}
