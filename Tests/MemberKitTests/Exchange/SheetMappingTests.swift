import Foundation
@testable import MemberKit
import Testing

/// Issue 46 item 2: another system's member list is read by its header, matched without regard
/// to case, spaces or punctuation, with the usual names, and `--columns` for the rest.
@Suite struct SheetMappingTests {
    private func uses(_ header: [String], _ options: SheetOptions = SheetOptions()) throws -> [String: SheetMapping.Use] {
        let mapping = try SheetMapping(header: header, options: options)
        return Dictionary(uniqueKeysWithValues: zip(mapping.header, mapping.uses))
    }

    @Test func theUsualHeadersAreMatchedWhateverTheirCaseSpacesAndPunctuation() throws {
        let found = try uses(["FIRST_NAME", "last name", "E-Mail", "Card Number", "Valid until", "Notes", "Telephone", "Membership",
                              "member id", "Joined", "Visits"])
        #expect(found["FIRST_NAME"] == .column(.firstName) && found["last name"] == .column(.lastName))
        #expect(found["E-Mail"] == .column(.email) && found["Card Number"] == .column(.pass))
        #expect(found["Valid until"] == .column(.expires) && found["Notes"] == .column(.note) && found["Telephone"] == .column(.phone))
        #expect(found["member id"] == .column(.memberId) && found["Joined"] == .column(.added) && found["Visits"] == .column(.visits))
        #expect(found["Membership"] == .unused, "kept only when asked")
        for (header, column) in [("userEmailAddress", SheetColumn.email), ("UID", .pass), ("Tag", .pass), ("Expiry", .expires),
                                 ("Full name", .name), ("Note", .note), ("Expires", .expires), ("Pass", .pass)] {
            let header2 = column == .pass ? [header] : [header, "Card"]
            #expect(try uses(header2)[header] == .column(column), "\(header)")
        }
    }

    @Test func columnsNamedByHandWinAndTheOthersAreKeptOnlyWhenAsked() throws {
        let options = SheetOptions(columns: try SheetOptions.columns(#"pass="Karte, Nr",name=Mitglied"#), keepOtherColumns: true)
        let found = try uses(["Mitglied", "Karte, Nr", "Card", "Membership", "Sync"], options)
        #expect(found["Karte, Nr"] == .column(.pass) && found["Mitglied"] == .column(.name))
        #expect(found["Card"] == .unused, "the pass is the named column; another that reads as one is not used")
        #expect(found["Membership"] == .field("Membership"))
        #expect(found["Sync"] == .unused, "a name the layout keeps for itself is never a field")
    }

    @Test func whatCannotBeMappedIsOneClearError() throws {
        func message(_ header: [String], _ options: SheetOptions = SheetOptions()) -> String {
            do {
                _ = try SheetMapping(header: header, options: options)
                return "no error"
            } catch {
                return error.message
            }
        }
        #expect(message(["Name", "Email"]).contains("no column holds the pass"))
        #expect(message(["Email", "E-mail", "Card"]).contains(#""Email" and "E-mail" both read as email"#))
        #expect(message(["Card"], SheetOptions(columns: [(.name, "Full Name")])).contains(#"--columns name="Full Name": the header has no such column"#))
        #expect(throws: DeskError.self) { try SheetOptions.columns("colour=Card") }
        #expect(throws: DeskError.self) { try SheetOptions.columns(#"pass="Card"#) }
        #expect(throws: DeskError.self) { try SheetOptions.columns("pass") }
    }

    @Test func aRowGetsWhatTheListLacks() throws {
        var options = SheetOptions(dateLayout: try DayLayout("DD.MM.YYYY"))
        options.now = 1_800_000_000
        let mapping = try SheetMapping(header: ["First Name", "Last Name", "Email", "Card Number", "Expiry Date"], options: options)
        let values = try mapping.values(["José", " Núñez ", "", "04:a2:3c:99", "31.07.2027"])
        #expect(values["Member ID"]?.text == "sheet-04A23C99", "derived from the pass as a tap reads it")
        #expect(values["Name"]?.text == "José Núñez")
        #expect(values["Added"]?.text == LocalTime.text(1_800_000_000) && values["Visits"]?.text == "0")
        #expect(values["Expires"]?.text == "2027-07-31", "the named layout read as the day it names")
        #expect(values["userEmailAddress"]?.text == "")
        // The same row, read again, is the same member.
        #expect(try mapping.values(["José", "Núñez", "", "04A23C99", "31.07.2027"])["Member ID"]?.text == "sheet-04A23C99")
        #expect(throws: FieldError.self) { try mapping.values(["Ann", "Lee", "", "  ", ""]) }
        #expect(throws: FieldError.self) { try mapping.values(["Ann", "Lee", "", "04A23C98", "07/31/2027"]) }
    }
}
