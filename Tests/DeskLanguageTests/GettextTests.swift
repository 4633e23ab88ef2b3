import DeskLanguage
import Foundation
import MemberDeskTestSupport
import Testing

/// gettext itself: a language is process-wide (LANGUAGE, the bound domain), so each case runs in
/// a child process of its own (an exit test), never beside the other suites' English.
@Suite struct GettextTests {
    @Test func germanHasTwoFormsAndChineseOne() async throws {
        let folder = try CatalogueFolder.built()
        await #expect(processExitsWith: .success) { [folder = folder as String] in
            DeskLanguage.activate(LanguageChoice(catalogues: ["de_DE.UTF-8"]), directory: folder)
            let german = [trn("%d visit", "%d visits", 1), trn("%d visit", "%d visits", 2), trn("%d visit", "%d visits", 1234), tr("Welcome, ")]
            DeskLanguage.activate(LanguageChoice(catalogues: ["zh_CN"]), directory: folder)
            let chinese = [trn("%d visit", "%d visits", 1), trn("%d visit", "%d visits", 2)]
            let expected = (["1 Besuch", "2 Besuche", "1.234 Besuche", "Willkommen, "], ["1 次到访", "2 次到访"])
            guard german == expected.0, chinese == expected.1 else {
                FileHandle.standardError.write(Data("\(german) \(chinese)\n".utf8))
                exit(1)
            }
        }
    }

    @Test func anUnknownLanguageOrMessageIsEnglish() async throws {
        let folder = try CatalogueFolder.built()
        await #expect(processExitsWith: .success) { [folder = folder as String] in
            DeskLanguage.activate(LanguageChoice(catalogues: ["xx_XX.UTF-8"]), directory: folder)
            let unknownLanguage = [tr("Welcome, "), trn("%d visit", "%d visits", 2)]
            DeskLanguage.activate(LanguageChoice(catalogues: ["de"]), directory: folder)
            let unknownMessage = tr("a message no catalogue holds")
            guard unknownLanguage == ["Welcome, ", "2 visits"], unknownMessage == "a message no catalogue holds",
                  tr("") == "" else { exit(1) }
        }
    }

    /// Polish has three forms (1, 2–4, 5+): gettext's rules from the catalogue's header, not ours.
    @Test func aThreeFormLanguageTakesItsFormsFromItsHeader() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("memberdesk-pl-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/pl/LC_MESSAGES", withIntermediateDirectories: true)
        let po = folder + "/pl.po"
        try """
        msgid ""
        msgstr ""
        "Content-Type: text/plain; charset=UTF-8\\n"
        "Plural-Forms: nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);\\n"

        msgid "%d visit"
        msgid_plural "%d visits"
        msgstr[0] "%d wizyta"
        msgstr[1] "%d wizyty"
        msgstr[2] "%d wizyt"
        """.write(toFile: po, atomically: true, encoding: .utf8)
        let compiled = try ChildProcess("msgfmt", ["--check", "-o", folder + "/pl/LC_MESSAGES/memberdesk.mo", po])
        try #require(compiled.wait(timeout: 30) == .exited(0))
        await #expect(processExitsWith: .success) { [folder = folder as String] in
            DeskLanguage.activate(LanguageChoice(catalogues: ["pl"]), directory: folder)
            let forms = [1, 3, 5, 22, 25].map { trn("%d visit", "%d visits", $0) }
            guard forms == ["1 wizyta", "3 wizyty", "5 wizyt", "22 wizyty", "25 wizyt"] else { exit(1) }
        }
    }
}
