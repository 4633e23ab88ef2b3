import MemberKit
import TOMLKit

/// `[plans.catalogue.NAME]`: one table per plan the club sells (docs/plans.md, "The catalogue").
/// Its names are the club's, so the whole table is one `ConfigKey` that reads each product here.
extension ConfigKey {
    static let catalogueKey = ConfigKey(
        name: "plans.catalogue",
        help: "Plans the club sells, one [plans.catalogue.NAME] table each: kind (pack, open, day), visits, price, valid_days, guests_per_month, access",
        apply: { config, value in
            guard let table = value.table else { throw bad("plans.catalogue", "expected tables, as [plans.catalogue.ten-pack]") }
            var products: [PlanProduct] = []
            for name in table.keys.sorted() {
                guard let entry = table[name] else { continue }
                products.append(try CatalogueEntry.product(named: name, from: entry))
            }
            config.plans.catalogue = PlanCatalogue(products: products, currency: config.plans.catalogue.currency)
        },
        current: { config in
            let products = config.plans.catalogue.products.map { "\($0.name) = \(CatalogueEntry.rendered($0))" }
            return products.isEmpty ? "{}" : "{ " + products.joined(separator: ", ") + " }"
        })
}

/// One `[plans.catalogue.NAME]` table: its fields, each checked and named in its error.
enum CatalogueEntry {
    /// The fields a product may set, in the order `config show` writes them.
    static let fields = ["kind", "visits", "price", "valid_days", "guests_per_month", "access"]

    static func product(named name: String, from value: TOMLValueConvertible) throws -> PlanProduct {
        let key = "plans.catalogue.\(name)"
        guard PlanCatalogue.isValidName(name) else {
            throw ConfigKey.bad(key, "a plan's name is lowercase letters, digits and '-', not \(ConfigKey.quote(name))")
        }
        guard MemberPlan(rawValue: name) == nil else {
            throw ConfigKey.bad(key, "\(name) is a built-in plan (open, pack, household): name the product otherwise")
        }
        guard let table = value.table else { throw ConfigKey.bad(key, "expected a table, as [\(key)]") }
        for field in table.keys.sorted() where !fields.contains(field) {
            throw DeskError.config("unknown config key '\(key).\(field)'")
        }
        guard let kindText = table["kind"] else { throw ConfigKey.bad("\(key).kind", "missing: one of pack, open, day") }
        guard let kind = kindText.string.flatMap(PlanProduct.Kind.init(rawValue:)) else {
            throw ConfigKey.bad("\(key).kind", "expected one of pack, open, day")
        }
        guard let priceValue = table["price"] else { throw ConfigKey.bad("\(key).price", "missing: a price, as \"120.00\"") }
        guard let priceText = priceValue.string, let price = PlanPrice(priceText) else {
            let shown = priceValue.string.map(ConfigKey.quote) ?? "a number"
            throw ConfigKey.bad("\(key).price", "expected decimal text with at most 2 places, as \"120.00\", not \(shown)")
        }
        let visits = try count(table, "visits", of: key, least: 1)
        let validDays = try count(table, "valid_days", of: key, least: 1)
        let guests = try count(table, "guests_per_month", of: key, least: 0)
        let access = try accessWindows(table, of: key)
        switch kind {
        case .pack where visits == nil: throw ConfigKey.bad("\(key).visits", "missing: a pack needs its visits")
        case .open where validDays == nil: throw ConfigKey.bad("\(key).valid_days", "missing: an open plan needs its length in days")
        case .open where visits != nil, .day where visits != nil: throw ConfigKey.bad("\(key).visits", "only a pack has visits")
        default: break
        }
        return PlanProduct(name: name, kind: kind, visits: visits, price: price, validDays: validDays, guestsPerMonth: guests,
                           access: access)
    }

    /// A whole number from `least` to 100 000 (a year's days a hundred times over is no plan).
    private static func count(_ table: TOMLTable, _ field: String, of key: String, least: Int) throws -> Int? {
        guard let value = table[field] else { return nil }
        guard let number = value.int else { throw ConfigKey.bad("\(key).\(field)", "expected a whole number") }
        guard (least...100_000).contains(number) else {
            throw ConfigKey.bad("\(key).\(field)", "must be \(least) to 100000, not \(number)")
        }
        return number
    }

    /// An inline table that reads back as the same product.
    static func rendered(_ product: PlanProduct) -> String {
        var parts = ["kind = \"\(product.kind.rawValue)\""]
        if let visits = product.visits { parts.append("visits = \(visits)") }
        parts.append("price = \"\(product.price)\"")
        if let days = product.validDays { parts.append("valid_days = \(days)") }
        if let guests = product.guestsPerMonth { parts.append("guests_per_month = \(guests)") }
        if let access = product.access { parts.append("access = \(ConfigKey.quote(access.written))") }
        return "{ " + parts.joined(separator: ", ") + " }"
    }
}
