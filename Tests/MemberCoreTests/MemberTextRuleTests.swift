import Foundation
import MemberCore
import Testing

/// Issue 28 #9: names, e-mails and notes are one line of plain text within their caps, and
/// nothing shown from data carries a control character.
@Suite struct MemberTextRuleTests {
    @Test(arguments: ["\u{1B}[2J", "Ann\nLee", "Ann\rLee", "tab\there", "bell\u{7}", "del\u{7F}", "csi\u{9B}2J", "nel\u{85}",
                      "\u{202E}eeL nnA", "iso\u{2066}late", "line\u{2028}sep", "nul\u{0}"])
    func controlCharactersAreRefused(text: String) throws {
        let error = try #require(throws: DeskError.self) { try MemberFieldRules.validateName(text) }
        #expect("\(error)".hasPrefix("name: a control character (U+"))
        #expect("\(error)".hasSuffix("names, e-mails and notes are one line of plain text"))
        #expect(throws: DeskError.self) { try MemberFieldRules.validateNote(text) }
        #expect(throws: DeskError.self) { try MemberFieldRules.validateEmail("a@" + text) }
        #expect(MemberFieldRules.textProblem(in: Self.member(name: text)) != nil)
    }

    @Test func theMessageNamesTheCharacterAndWhereItIs() throws {
        let error = try #require(throws: DeskError.self) { try MemberFieldRules.validateName("Anna\u{1B}[31m", field: "--name") }
        #expect("\(error)" == "--name: a control character (U+001B) at character 5; names, e-mails and notes are one line of plain text")
    }

    @Test(arguments: ["Ann Lee", "Zoë Ünal", "李小龙", "أحمد\u{200F}", "👨‍👩‍👧", "O'Brien-Smith", ""])
    func plainTextIsKept(text: String) throws {
        try MemberFieldRules.validateName(text)
        try MemberFieldRules.validateNote(text)
        #expect(MemberFieldRules.textProblem(in: Self.member(name: text)) == nil)
        #expect(PlainText.shown(text) == text)
    }

    @Test func capsAreSaidInTheError() throws {
        try MemberFieldRules.validateName(String(repeating: "x", count: 200))
        let name = try #require(throws: DeskError.self) { try MemberFieldRules.validateName(String(repeating: "x", count: 20_000)) }
        #expect("\(name)" == "name: 20000 characters; at most 200")
        try MemberFieldRules.validateNote(String(repeating: "n", count: 2000))
        #expect(throws: DeskError.self) { try MemberFieldRules.validateNote(String(repeating: "n", count: 2001)) }
        try MemberFieldRules.validateEmail(String(repeating: "e", count: 250) + "@x.o")
        #expect(throws: DeskError.self) { try MemberFieldRules.validateEmail(String(repeating: "e", count: 251) + "@x.o") }
        // One character carrying a thousand combining marks is over-long too.
        #expect(throws: DeskError.self) { try MemberFieldRules.validateName("a" + String(repeating: "\u{0301}", count: 1000)) }
    }

    @Test func subclassFieldsKeepTheRuleToo() {
        var member = Self.member(name: "Ann")
        member.fields["locker"] = .string("12\u{1B}[2J")
        #expect(MemberFieldRules.textProblem(in: member) == "locker: a control character (U+001B) at character 3; names, e-mails and notes are one line of plain text")
        member.fields["locker"] = .int(12)
        #expect(MemberFieldRules.textProblem(in: member) == nil)
    }

    @Test func aSyncedRecordIsMadeSafeTheSameEverywhere() {
        var member = Self.member(name: "\u{1B}[2JEve" + String(repeating: "y", count: 300))
        member.note = "ok"
        member.fields["userEmailAddress"] = .string("e\u{202E}@x.org")
        let safe = MemberFieldRules.sanitised(member)
        #expect(safe.username == "\u{FFFD}[2JEve" + String(repeating: "y", count: 193))
        #expect(safe.fields["userEmailAddress"] == .string("e\u{FFFD}@x.org"))
        #expect(safe.note == "ok")
        #expect(MemberFieldRules.textProblem(in: safe) == nil)
        #expect(MemberFieldRules.sanitised(safe) == safe)
        let plain = Self.member(name: "Ann")
        #expect(MemberFieldRules.sanitised(plain) == plain)
    }

    @Test func shownTextHasNoControlCharacterLeft() {
        #expect(PlainText.shown("a\u{1B}[2J\nb\u{9B}c\u{202E}") == "a\u{FFFD}[2J\u{FFFD}b\u{FFFD}c\u{FFFD}")
        #expect(PlainText.shownLines("one\u{1B}\ntwo\t") == "one\u{FFFD}\ntwo\u{FFFD}")
        // JSON keeps the characters (as escapes): a reader gets the same string back.
        let json = PlainText.jsonEscaped("{\"n\":\"a\u{7F}b\u{202E}c\u{9B}\"}")
        #expect(json == "{\"n\":\"a\\u007fb\\u202ec\\u009b\"}")
        let decoded = try? JSONDecoder().decode([String: String].self, from: Data(json.utf8))
        #expect(decoded == ["n": "a\u{7F}b\u{202E}c\u{9B}"])
    }

    static func member(name: String) -> MemberRecord {
        MemberRecord(memberId: UUID().uuidString, passId: "P1", username: name, timeStampAdded: 1, modifiedAt: 1, modifiedBy: "t")
    }
}
