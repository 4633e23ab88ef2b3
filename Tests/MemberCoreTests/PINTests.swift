import MemberCore
import Testing

@Suite struct PINTests {
    @Test(arguments: ["1234", "000000", "123456789012"])
    func acceptsFourToTwelveDigits(text: String) throws {
        #expect(try PIN(text).digits == text)
    }

    @Test(arguments: ["", "123", "1234567890123", "12a4", "12 34", "١٢٣٤", "-1234"])
    func refusesEverythingElse(text: String) {
        #expect(throws: DeskError.self) { try PIN(text) }
    }

    @Test func neverShowsItsDigits() throws {
        let pin = try PIN("4821")
        #expect(!"\(pin)".contains("4821"))
        do { _ = try PIN("48x1") } catch { #expect(!"\(error)".contains("48x1")) }
    }

    @Test(arguments: [
        ("$argon2id$v=19$m=65536,t=2,p=1$c2FsdHNhbHRzYWx0c2FsdA$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g", true),
        ("$argon2id$v=19$m=65536,t=2,p=1$c2FsdHNhbHRzYWx0c2FsdA$short", false),
        ("$argon2i$v=19$m=65536,t=2,p=1$c2FsdHNhbHRzYWx0c2FsdA$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g", false),
        ("$argon2id$v=19$m=0,t=2,p=1$c2FsdHNhbHRzYWx0c2FsdA$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g", false),
        ("$argon2id$v=19$m=65536,t=2,p=1$c2FsdH*hbHRzYWx0c2FsdA$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g", false),
        ("1234", false), ("", false),
    ])
    func hashFormat(hash: String, wellFormed: Bool) {
        #expect(PINHashFormat.isWellFormed(hash) == wellFormed)
    }
}
