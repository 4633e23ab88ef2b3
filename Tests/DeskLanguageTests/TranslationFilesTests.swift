import Foundation
import MemberDeskTestSupport
import Testing

/// `make translations` (scripts/translations.sh): every shipped .po complete and compiling under
/// `msgfmt --check`, the template as the sources mark it; and it fails when one is not.
@Suite struct TranslationFilesTests {
    struct Run {
        var status: Int32?
        var output: String
    }

    func translations(poFolder: String? = nil) throws -> Run {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("memberdesk-mo-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        let log = out + ".log"
        defer { unlink(log) }
        var environment = ProcessInfo.processInfo.environment
        environment["LOCALE_OUT"] = out
        if let poFolder { environment["PO_DIR"] = poFolder }
        let child = try ChildProcess("bash", [CatalogueFolder.repository + "/scripts/translations.sh"], environment: environment,
                                     stdout: .file(log), stderr: .stdout)
        let ended = child.wait(timeout: 120)
        return Run(status: ended?.status, output: (try? String(contentsOfFile: log, encoding: .utf8)) ?? "")
    }

    /// A copy of po/ to spoil.
    func copiedPo() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("memberdesk-po-\(UUID().uuidString)").path
        try FileManager.default.copyItem(atPath: CatalogueFolder.repository + "/po", toPath: folder)
        return folder
    }

    @Test func everyShippedLanguageIsCompleteAndCompiles() throws {
        let run = try translations()
        #expect(run.status == 0, "\(run.output)")
        for language in ["de", "zh_CN", "en@pseudo"] {
            #expect(run.output.contains("translations: \(language): "), "\(run.output)")
        }
        #expect(!run.output.contains("untranslated") && !run.output.contains("fuzzy"))
    }

    @Test func anUntranslatedOrFuzzyMessageFails() throws {
        for spoil in ["untranslated", "fuzzy"] {
            let folder = try copiedPo()
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let po = folder + "/de.po"
            var text = try String(contentsOfFile: po, encoding: .utf8)
            let entry = "msgid \"Event log\"\nmsgstr \"Protokoll\"\n"
            try #require(text.contains(entry))
            text = text.replacingOccurrences(of: entry, with: spoil == "fuzzy" ? "#, fuzzy\n" + entry : "msgid \"Event log\"\nmsgstr \"\"\n")
            try text.write(toFile: po, atomically: true, encoding: .utf8)
            let run = try translations(poFolder: folder)
            #expect(run.status != 0 && run.output.contains("de.po"), "\(spoil): \(run.output)")
        }
    }

    @Test func aTemplateBehindTheSourcesFails() throws {
        let folder = try copiedPo()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let pot = folder + "/memberdesk.pot"
        let text = try String(contentsOfFile: pot, encoding: .utf8)
        // Lines moved by an edit elsewhere in a file are no change of the messages: it still passes.
        try text.replacingOccurrences(of: ".swift:1", with: ".swift:9").write(toFile: pot, atomically: true, encoding: .utf8)
        let moved = try translations(poFolder: folder)
        #expect(moved.status == 0, "\(moved.output)")
        try text.replacingOccurrences(of: "msgid \"Event log\"\nmsgstr \"\"\n", with: "").write(toFile: pot, atomically: true, encoding: .utf8)
        let run = try translations(poFolder: folder)
        #expect(run.status != 0 && run.output.contains("out of date"), "\(run.output)")
    }
}
