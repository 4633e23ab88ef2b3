import DeskSettings
import MemberKit
import Testing

/// `[plans.catalogue.NAME]` and `plans.currency`: read, refused with the key named, rendered back.
@Suite struct CatalogueConfigTests {
    static let file = """
        [plans]
        currency = "EUR"
        [plans.catalogue.ten-pack]
        kind = "pack"
        visits = 10
        price = "120.00"
        valid_days = 365
        [plans.catalogue.monthly]
        kind = "open"
        price = "45.5"
        valid_days = 30
        guests_per_month = 2
        [plans.catalogue.day]
        kind = "day"
        price = "12"
        """

    @Test func readsEachProduct() throws {
        let catalogue = try DeskConfig.parse(Self.file).clubSettings.plans.catalogue
        #expect(catalogue.currency == "EUR")
        #expect(catalogue.products == [
            PlanProduct(name: "day", kind: .day, price: PlanPrice(cents: 1200)),
            PlanProduct(name: "monthly", kind: .open, price: PlanPrice(cents: 4550), validDays: 30, guestsPerMonth: 2),
            PlanProduct(name: "ten-pack", kind: .pack, visits: 10, price: PlanPrice(cents: 12000), validDays: 365),
        ])
    }

    @Test func rendersAndReadsBackTheSame() throws {
        let config = try DeskConfig.parse(Self.file)
        let shown = config.rendered()
        #expect(shown.contains("\ncurrency = \"EUR\"\n"))
        #expect(shown.contains("\ncatalogue = { day = { kind = \"day\", price = \"12.00\" }, monthly = "))
        #expect(try DeskConfig.parse(shown) == config)
        #expect(config.changedKeys == ["plans.currency", "plans.catalogue"])
        #expect(DeskConfig().rendered().contains("\ncatalogue = {}\n"))
    }

    @Test(arguments: [
        ("[plans.catalogue.Ten]\nkind = \"day\"\nprice = \"1\"",
         "config key 'plans.catalogue.Ten': a plan's name is lowercase letters, digits and '-', not \"Ten\""),
        ("[plans.catalogue.pack]\nkind = \"day\"\nprice = \"1\"",
         "config key 'plans.catalogue.pack': pack is a built-in plan (open, pack, household): name the product otherwise"),
        ("[plans.catalogue.x]\nkind = \"yearly\"\nprice = \"1\"", "config key 'plans.catalogue.x.kind': expected one of pack, open, day"),
        ("[plans.catalogue.x]\nprice = \"1\"", "config key 'plans.catalogue.x.kind': missing: one of pack, open, day"),
        ("[plans.catalogue.x]\nkind = \"day\"\nprice = \"12.345\"",
         "config key 'plans.catalogue.x.price': expected decimal text with at most 2 places, as \"120.00\", not \"12.345\""),
        ("[plans.catalogue.x]\nkind = \"day\"\nprice = 12",
         "config key 'plans.catalogue.x.price': expected decimal text with at most 2 places, as \"120.00\", not a number"),
        ("[plans.catalogue.x]\nkind = \"day\"", "config key 'plans.catalogue.x.price': missing: a price, as \"120.00\""),
        ("[plans.catalogue.x]\nkind = \"pack\"\nvisits = -3\nprice = \"1\"",
         "config key 'plans.catalogue.x.visits': must be 1 to 100000, not -3"),
        ("[plans.catalogue.x]\nkind = \"pack\"\nprice = \"1\"", "config key 'plans.catalogue.x.visits': missing: a pack needs its visits"),
        ("[plans.catalogue.x]\nkind = \"day\"\nvisits = 2\nprice = \"1\"", "config key 'plans.catalogue.x.visits': only a pack has visits"),
        ("[plans.catalogue.x]\nkind = \"open\"\nvisits = 2\nprice = \"1\"\nvalid_days = 3", "config key 'plans.catalogue.x.visits': only a pack has visits"),
        ("[plans.catalogue.x]\nkind = \"open\"\nprice = \"1\"",
         "config key 'plans.catalogue.x.valid_days': missing: an open plan needs its length in days"),
        ("[plans.catalogue.x]\nkind = \"day\"\nprice = \"1\"\nvalid_days = 0", "config key 'plans.catalogue.x.valid_days': must be 1 to 100000, not 0"),
        ("[plans.catalogue.x]\nkind = \"day\"\nprice = \"1\"\nguests_per_month = -1",
         "config key 'plans.catalogue.x.guests_per_month': must be 0 to 100000, not -1"),
        ("[plans.catalogue.x]\nkind = \"day\"\nprice = \"1\"\nvalid_days = 1.5", "config key 'plans.catalogue.x.valid_days': expected a whole number"),
        ("[plans.catalogue.x]\nkind = \"day\"\nprice = \"1\"\ncolour = 1", "unknown config key 'plans.catalogue.x.colour'"),
        ("[plans]\ncatalogue = 3", "config key 'plans.catalogue': expected tables, as [plans.catalogue.ten-pack]"),
        ("[plans.catalogue]\nx = 3", "config key 'plans.catalogue.x': expected a table, as [plans.catalogue.x]"),
        ("[plans]\ncurrency = \"eur\"", "config key 'plans.currency': expected three capital letters, as \"EUR\", not \"eur\""),
    ])
    func aBadValueIsOneLineNamingTheKey(text: String, message: String) {
        do {
            _ = try DeskConfig.parse(text)
            Issue.record("accepted \(text)")
        } catch {
            #expect("\(error)" == message)
        }
    }
}
