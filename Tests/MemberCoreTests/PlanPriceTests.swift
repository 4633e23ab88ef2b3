import MemberCore
import Testing

/// A catalogue's price is decimal text read into hundredths: never a float.
@Suite struct PlanPriceTests {
    @Test(arguments: [
        ("120.00", 12000), ("120", 12000), ("120.5", 12050), ("0.05", 5), ("0", 0), ("007.10", 710),
        ("999999999.99", 99_999_999_999),
    ])
    func decimalTextIsReadAsHundredths(text: String, cents: Int) {
        #expect(PlanPrice(text)?.cents == cents)
    }

    @Test(arguments: ["", ".", "12.", ".5", "12.345", "-1", "+1", "1,50", "1.5.0", "1e3", " 12", "12 ", "١٢",
                      "1000000000", "12.-1", "0x10"])
    func anythingElseIsNoPrice(text: String) {
        #expect(PlanPrice(text) == nil, "\(text)")
    }

    @Test(arguments: [(12000, "120.00"), (5, "0.05"), (50, "0.50"), (0, "0.00"), (-250, "-2.50"), (-5, "-0.05")])
    func aPriceIsWrittenWithTwoPlaces(cents: Int, text: String) {
        #expect(PlanPrice(cents: cents).description == text)
    }

    @Test(arguments: ["ten-pack", "day", "a1", "off-peak-2"])
    func aProductNameIsLowercaseDigitsAndDashes(name: String) {
        #expect(PlanCatalogue.isValidName(name))
    }

    @Test(arguments: ["", "Ten", "ten_pack", "ten pack", "é", String(repeating: "a", count: 65)])
    func otherNamesAreRefused(name: String) {
        #expect(!PlanCatalogue.isValidName(name))
    }

    @Test func productsAreKeptByName() {
        let price = PlanPrice(cents: 1)
        let catalogue = PlanCatalogue(products: [PlanProduct(name: "b", kind: .day, price: price),
                                                 PlanProduct(name: "a", kind: .day, price: price)], currency: "EUR")
        #expect(catalogue.products.map(\.name) == ["a", "b"])
        #expect(catalogue.product(named: "b")?.name == "b" && catalogue.product(named: "c") == nil)
    }
}
