import MemberCore
import Testing

/// `import --date-format`: a day in the layout a person names, and nothing guessed.
@Suite struct DayLayoutTests {
    @Test func aNamedLayoutReadsItsDays() throws {
        #expect(try DayLayout("DD.MM.YYYY").day("31.01.2027")?.description == "2027-01-31")
        #expect(try DayLayout("MM/DD/YYYY").day("01/31/2027")?.description == "2027-01-31")
        #expect(try DayLayout("yyyy/mm/dd").day("2027/07/04")?.description == "2027-07-04", "the letters in either case")
        #expect(try DayLayout("D.M.YYYY").day("4.7.2027")?.description == "2027-07-04")
        #expect(try DayLayout("D.M.YYYY").day("04.07.2027")?.description == "2027-07-04")
    }

    @Test func textOfAnotherLayoutOrNoDayIsNoDay() throws {
        let german = try DayLayout("DD.MM.YYYY")
        #expect(german.day("2027-01-31") == nil)
        #expect(german.day("01/31/2027") == nil)
        #expect(german.day("4.7.2027") == nil, "DD is two digits")
        #expect(german.day("31.02.2027") == nil, "no such day")
        #expect(german.day("31.01.2027 ") == nil && german.day("31.01.27") == nil && german.day("") == nil)
        #expect(german.day("٣١.٠١.٢٠٢٧") == nil, "ASCII digits only")
        // The same text is two different days in two layouts: which one is never guessed.
        #expect(try DayLayout("DD/MM/YYYY").day("01/02/2027")?.description == "2027-02-01")
        #expect(try DayLayout("MM/DD/YYYY").day("01/02/2027")?.description == "2027-01-02")
    }

    @Test func aLayoutWithoutOneDayMonthAndYearIsRefused() {
        for bad in ["DD.MM", "YY.MM.DD", "DD.MM.YYYY.DD", "DDD.MM.YYYY", "DD.MM.YYYY HH", "", "QQ.MM.YYYY"] {
            #expect(throws: DeskError.self, "\(bad)") { try DayLayout(bad) }
        }
    }
}
