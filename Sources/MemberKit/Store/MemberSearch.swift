import GRDB

/// How a search reads the member table: the words typed (see `SearchTokens`), and the
/// plan for them.
///
/// Each word is a range of the `member_token` index. A search whose rarest word has few
/// index rows reads those rows first (CROSS JOIN fixes the loop order) and sorts them. A
/// search whose every word is common walks the sort index instead and checks each row's
/// stored words, stopping after a page: with every word common, a page is found within a
/// few thousand rows, whereas reading and sorting a word's whole range would take far longer.
struct MemberSearch {
    /// Index rows of the rarest word at or under which a search reads the matches first.
    static let sparseLimit = 15_000

    /// nil: no search. Empty: text with no letters or digits, which matches nothing.
    let words: [String]?

    init(_ text: String?) {
        guard let text, !text.allSatisfy(\.isWhitespace) else {
            words = nil
            return
        }
        words = Array(SearchTokens.words(text).prefix(SearchTokens.maximumQueryWords))
    }

    /// The FROM source, the extra WHERE conditions (each starting with " AND"), and their
    /// arguments in SQL order.
    func plan(_ db: Database, sparseLimit: Int = sparseLimit) throws -> (String, String, StatementArguments) {
        guard let words else { return ("member", "", []) }
        guard !words.isEmpty else { return ("member", " AND 0", []) }
        var rarest: (word: String, rows: Int)?
        for word in words {
            let rows = try Int.fetchOne(db, sql: """
                SELECT COUNT(*) FROM (SELECT 1 FROM member_token WHERE token >= ? AND token < ? LIMIT ?)
                """, arguments: [word, Self.end(of: word), sparseLimit + 1]) ?? 0
            if rows < rarest?.rows ?? .max { rarest = (word, rows) }
        }
        guard let rarest, rarest.rows <= sparseLimit else {
            return ("member", Self.checks(words), Self.checkArguments(words))
        }
        let others = words.filter { $0 != rarest.word }
        let source = """
            (SELECT DISTINCT memberRowId AS hit FROM member_token WHERE token >= ? AND token < ?) \
            CROSS JOIN member ON member.id = hit
            """
        return (source, Self.checks(others), [rarest.word, Self.end(of: rarest.word)] + Self.checkArguments(others))
    }

    /// Just past every word that starts with `word`, in the index's (binary) order.
    static func end(of word: String) -> String { word + "\u{10FFFF}" }

    /// A member row has a word starting with `w` when its stored JSON array holds `"w`:
    /// words are letters and digits only, so a quote before them opens an element.
    static func checks(_ words: [String]) -> String {
        String(repeating: " AND instr(member.searchTokens, ?) > 0", count: words.count)
    }

    static func checkArguments(_ words: [String]) -> StatementArguments {
        StatementArguments(words.map { "\"" + $0 })
    }
}
