import CGettext
import Foundation
import Synchronization

/// The process's language: gettext's domain bound to its catalogues, and the Locale that the
/// desk's formatters are handed (never the process default behind their back).
public enum DeskLanguage {
    /// The text domain: `<dir>/<lang>/LC_MESSAGES/memberdesk.mo`.
    public static let domain = "memberdesk"
    /// Where the Debian package installs the catalogues.
    public static let installedDirectory = "/usr/share/locale"

    private static let chosen = Mutex(LanguageChoice.english)

    /// The language activated last (English before any).
    public static var current: LanguageChoice { chosen.withLock { $0 } }

    /// The Locale for dates, times, weekdays and numbers in the current language.
    public static var locale: Locale { Locale(identifier: current.localeIdentifier) }

    /// Chooses the language from the environment and `configured` (the config's key) and makes
    /// gettext speak it. Process-wide: called at start-up, before other threads read messages.
    public static func start(configured: String = "", environment: [String: String] = ProcessInfo.processInfo.environment) {
        activate(LanguageChoice.choose(configured: configured, environment: environment),
                 directory: localeDirectory(environment: environment))
    }

    /// The config's key, once the config is read (`start` took the environment's language before):
    /// nothing happens without the key or when it names the language already spoken, so commands
    /// that tests run in-process, on threads side by side, never touch the environment.
    public static func follow(configured: String, environment: [String: String] = ProcessInfo.processInfo.environment) {
        guard !configured.trimmingCharacters(in: .whitespaces).isEmpty else { return }
        let choice = LanguageChoice.choose(configured: configured, environment: environment)
        guard choice != current else { return }
        activate(choice, directory: localeDirectory(environment: environment))
    }

    /// gettext reads `LANGUAGE` on each lookup, but ignores it under the plain "C" locale: the
    /// messages' category is moved to C.UTF-8 then (a desk whose locale is not generated stays readable).
    public static func activate(_ choice: LanguageChoice, directory: String) {
        if let messages = setlocale(LC_MESSAGES, nil).map({ String(cString: $0) }), messages == "C" || messages == "POSIX" {
            setlocale(LC_MESSAGES, "C.UTF-8")
        }
        // An empty list would let gettext fall back to LC_MESSAGES; "en" has no catalogue: English.
        setenv("LANGUAGE", choice.catalogues.isEmpty ? "en" : choice.catalogues.joined(separator: ":"), 1)
        bindtextdomain(domain, directory)
        bind_textdomain_codeset(domain, "UTF-8")
        // textdomain() bumps gettext's catalogue counter, so lookups cached under the old LANGUAGE are dropped.
        textdomain(domain)
        chosen.withLock { $0 = choice }
    }

    /// `MEMBERDESK_LOCALEDIR`, else a build tree's `.build/locale` (which `make translations`
    /// fills, two folders above `.build/<triple>/debug/`), else the installed folder.
    public static func localeDirectory(environment: [String: String],
                                       executable: String? = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) -> String {
        if let folder = environment["MEMBERDESK_LOCALEDIR"], !folder.isEmpty { return folder }
        if let executable {
            let built = URL(fileURLWithPath: executable).resolvingSymlinksInPath()
                .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("locale").path
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: built, isDirectory: &isFolder), isFolder.boolValue { return built }
        }
        return installedDirectory
    }

    /// English (and the pseudo-locale, English underneath): the desk keeps the ISO days it has always shown.
    public static var isEnglish: Bool {
        let identifier = current.localeIdentifier
        return identifier == "en" || identifier.hasPrefix("en_")
    }

    /// A count in the language's digits and grouping ("1.234" in German).
    public static func number(_ value: Int) -> String {
        abs(value) < 1000 ? String(value) : value.formatted(.number.locale(locale))
    }
}
