import CNameCollation
import Foundation
import GRDB
import Synchronization

/// The member list's name order: the locale's collation (ICU's, so "Łukasz" sorts with the L's
/// and a Swedish desk puts "Ö" after "Z"), kept as a sort key in `member.nameKey` so that the
/// index serves every page. A database keeps the locale it was made (or upgraded) under in
/// `collation.locale`: every process that writes names then writes the same keys, whatever its
/// own LANG, and the sqlite3 shell can still read and write the file (a key is a plain BLOB).
struct NameCollation: Sendable {
    static let settingKey = "collation.locale"
    /// The SQL function that writes a name's key: `member_name_key(username)`.
    static let functionName = "member_name_key"

    /// An ICU locale id: "de_DE", "sv", or "" for Unicode's root collation.
    let locale: String

    /// The locale POSIX says collates this process (LC_ALL, then LC_COLLATE, then LANG), as an ICU
    /// id: "de_DE.UTF-8" is "de_DE"; C and POSIX (and none) are Unicode's root collation.
    static func locale(environment: [String: String]) -> String {
        let name = ["LC_ALL", "LC_COLLATE", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? ""
        let language = String(name.prefix { $0 != "." && $0 != "@" })
        return ["", "C", "POSIX"].contains(language) ? "" : language
    }

    /// The locale this connection's database keeps, or the environment's for one that keeps none yet.
    static func locale(of db: Database, environment: [String: String]) throws -> String {
        if try db.tableExists("terminal_setting"),
           let kept = try String.fetchOne(db, sql: "SELECT value FROM terminal_setting WHERE key = ?", arguments: [settingKey]) {
            return kept
        }
        return locale(environment: environment)
    }

    /// `member_name_key(text)`: the name's sort key, NULL for no name.
    var keyFunction: DatabaseFunction {
        let collator = Self.collator(for: locale)
        return DatabaseFunction(Self.functionName, argumentCount: 1, pure: true) { values in
            guard let name = String.fromDatabaseValue(values[0]) else { return nil }
            return Self.key(name, collator: collator)
        }
    }

    /// The key of `name` under this locale (tests and the migration compare keys directly).
    func key(_ name: String) -> Data? { Self.key(name, collator: Self.collator(for: locale)) }

    private static func key(_ name: String, collator: Collator) -> Data? {
        var name = name
        return name.withUTF8 { text -> Data? in
            var key = [UInt8](repeating: 0, count: 256)
            func fill() -> Int32 {
                collator.withLock { c in
                    text.withMemoryRebound(to: CChar.self) { name_collator_sort_key(c, $0.baseAddress, Int32($0.count), &key, Int32(key.count)) }
                }
            }
            var length = fill()
            if length > Int32(key.count) {
                key = [UInt8](repeating: 0, count: Int(length))
                length = fill()
            }
            // ICU ends a key with a 0 byte that memcmp needs no more than SQLite does.
            return length > 0 ? Data(key[0..<Int(length - 1)]) : nil
        }
    }

    /// One ICU collator per locale for the process: opening one reads ICU's tables. Calls are
    /// serialised, since ICU promises thread safety only for collators it was not asked to share.
    private final class Collator: Sendable {
        /// Only used under `lock`, and never closed: collators live as long as the process.
        nonisolated(unsafe) private let pointer: OpaquePointer?
        private let lock = Mutex(())
        init(locale: String) {
            pointer = name_collator_open(locale) ?? name_collator_open("")
        }
        func withLock<T>(_ body: (OpaquePointer?) -> T) -> T { lock.withLock { _ in body(pointer) } }
    }

    private static let collators = Mutex<[String: Collator]>([:])

    private static func collator(for locale: String) -> Collator {
        collators.withLock { all in
            if let known = all[locale] { return known }
            let made = Collator(locale: locale)
            all[locale] = made
            return made
        }
    }
}
