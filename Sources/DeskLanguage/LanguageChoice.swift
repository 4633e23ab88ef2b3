import Foundation

/// Which language the desk speaks: the config's `language` when set, else the environment the way
/// gettext reads it (`LANGUAGE`'s list, then the first of `LC_ALL`, `LC_MESSAGES`, `LANG`).
/// Pure, so the order is tested without touching the process's locale.
public struct LanguageChoice: Sendable, Equatable {
    /// gettext's priority list, as `LANGUAGE` holds it ("de_DE.UTF-8", "de", "en@pseudo"); empty: English.
    public var catalogues: [String]

    public init(catalogues: [String]) {
        self.catalogues = catalogues.filter { !$0.isEmpty }
    }

    public static let english = LanguageChoice(catalogues: [])

    /// `configured` is the config's `language` key ("" when unset).
    public static func choose(configured: String, environment: [String: String]) -> LanguageChoice {
        let configured = configured.trimmingCharacters(in: .whitespaces)
        if !configured.isEmpty { return LanguageChoice(catalogues: isPlain(configured) ? [] : [configured]) }
        // POSIX's order for one category; LANGUAGE, GNU's list, comes before it.
        let posix = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? ""
        if let list = environment["LANGUAGE"], !list.isEmpty {
            return LanguageChoice(catalogues: list.split(separator: ":").map(String.init).filter { !isPlain($0) })
        }
        return LanguageChoice(catalogues: isPlain(posix) ? [] : [posix])
    }

    /// The C and POSIX locales speak the program's own language, English.
    static func isPlain(_ name: String) -> Bool {
        name == "C" || name == "POSIX" || name.hasPrefix("C.")
    }

    /// Foundation's identifier for the formatters: the first catalogue without its codeset or
    /// modifier ("de_DE.UTF-8" → "de_DE", "en@pseudo" → "en"); English when there is none.
    public var localeIdentifier: String {
        guard let first = catalogues.first else { return "en" }
        let bare = first.split(separator: "@", maxSplits: 1).first.map(String.init) ?? first
        let name = bare.split(separator: ".", maxSplits: 1).first.map(String.init) ?? bare
        return name.isEmpty ? "en" : name
    }
}
