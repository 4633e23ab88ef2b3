import DeskUI
import MemberKit
import Testing

/// The member form keeps MemberKit's text and date rules, and its messages name what is wrong.
@Suite struct MemberFormTextRuleTests {
    private func form(_ typed: [MemberFormModel.FieldKind: String]) -> MemberFormModel {
        var form = MemberFormModel(member: nil, extraFields: ["userEmailAddress"], calendar: .gregorianUTC)
        for (kind, text) in typed.merging([.pass: "P1"], uniquingKeysWith: { a, _ in a }) {
            form.focus = form.fields.firstIndex { $0.kind == kind }!
            for character in text { form.handle(.character(character)) }
        }
        return form
    }

    @Test func aControlCharacterInTheNameIsNamedOnce() {
        var form = form([.name: "A\u{9B}nn"])
        #expect(form.validate() == nil)
        #expect(form.error == "Name: a control character (U+009B) at character 2; names, e-mails and notes are one line of plain text")
    }

    @Test func aBidiOverrideInTheEmailOrNoteIsRefused() {
        var email = form([.extra("userEmailAddress"): "ann\u{202E}@x.org"])
        #expect(email.validate() == nil)
        #expect(email.error?.hasPrefix("Email: a control character (U+202E) at character 4") == true, "\(email.error ?? "")")
        var note = form([.note: "ok\u{2066}"])
        #expect(note.validate() == nil)
        #expect(note.error?.hasPrefix("Note: a control character (U+2066) at character 3") == true)
    }

    @Test func badDatesAreNamed() {
        var birthday = form([.birthday: "2026-02-30"])
        #expect(birthday.validate() == nil)
        #expect(birthday.error == "Birthday: '2026-02-30' is not a day: use YYYY-MM-DD, or --MM-DD without a year")
        var expires = form([.expires: "70,11\u{036B}\u{FFFD}\u{FFFD}3\u{FFFD}4"])
        #expect(expires.validate() == nil)
        #expect(expires.error == "Expires: '70,11\u{036B}\u{FFFD}\u{FFFD}3\u{FFFD}4' is not a date: use YYYY-MM-DD, an ISO-8601 time, or 'never'")
    }

    @Test func plainTextSaves() {
        var form = form([.name: "Zoë Ünal", .note: "likes the 6 pm class", .expires: "2030-01-31"])
        #expect(form.validate() != nil, "\(form.error ?? "")")
    }
}

/// Issue 46 item 3: at the form, every field a member holds is shown, editable and erasable,
/// not only those the member type names.
@Suite struct MemberFormExtraFieldTests {
    @Test func aFieldOnlyThisMemberHoldsIsShownAndAnEmptiedOneIsErased() throws {
        let member = MemberRecord(memberId: "M1", passId: "04A23C99", username: "Anna", timeStampAdded: 1,
                                  fields: ["userEmailAddress": .string("anna@old.example"), "Locker": .string("17"), "Gone": .null],
                                  modifiedAt: 1, modifiedBy: "T")
        var form = MemberFormModel(member: member, extraFields: ["userEmailAddress"], calendar: .gregorianUTC)
        #expect(form.value(.extra("Locker")) == "17")
        #expect(form.value(.extra("Gone")) == nil, "an erased field is not offered again")
        for kind in [MemberFormModel.FieldKind.extra("Locker"), .extra("userEmailAddress")] {
            let index = form.fields.firstIndex { $0.kind == kind }
            form.focus = try #require(index)
            for _ in 0..<20 { form.handle(.backspace) }
        }
        let saved = form.validate()
        let changes = try #require(saved)
        #expect(changes.fields["Locker"] == .null && changes.fields["userEmailAddress"] == .null)
    }
}
