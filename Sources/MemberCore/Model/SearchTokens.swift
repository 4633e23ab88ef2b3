import Foundation

/// Member search is by word prefix: a member's name, pass and email are split into words
/// (runs of letters and digits), folded for case and diacritics, and a search matches a
/// member when every word typed starts one of its words ("ann smi" finds "Anna Smith",
/// "zoe" finds "Zoë", "example.com" finds every address at that domain).
///
/// Word prefixes are what a B-tree index answers in one range read, so the list can be
/// searched as staff type at 1,000,000 members; substring search through trigrams could not
/// (a common trigram such as "000" in pass ids costs hundreds of milliseconds per keystroke).
package enum SearchTokens {
    /// At most this many words of a search are used; more only narrow what is already few.
    package static let maximumQueryWords = 8

    /// Folded words of `text`, unique, in order of first appearance.
    package static func words(_ text: String) -> [String] {
        let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        var words: [String] = []
        var current = String.UnicodeScalarView()
        func flush() {
            if !current.isEmpty {
                let word = String(current)
                if !words.contains(word) { words.append(word) }
                current = String.UnicodeScalarView()
            }
        }
        for scalar in folded.unicodeScalars {
            if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
                current.append(scalar)
            } else {
                flush()
            }
        }
        flush()
        return words
    }

    /// Whether `text` is found by the search `query`: every word typed starts one of its words.
    package static func matches(_ query: String, _ text: String) -> Bool {
        let wanted = words(query), have = words(text)
        return !wanted.isEmpty && wanted.allSatisfy { word in have.contains { $0.hasPrefix(word) } }
    }

    /// The words a member is found by: its name, pass and email.
    package static func words(of member: MemberRecord) -> [String] {
        var text = member.username ?? ""
        text += " " + member.passId
        if case .string(let email)? = member.fields["userEmailAddress"] { text += " " + email }
        return words(text)
    }

    /// The member's words as the JSON array stored in `member.searchTokens`. The index table
    /// `member_token` is kept from that column by triggers.
    package static func json(of member: MemberRecord) -> String {
        var out: [UInt8] = [UInt8(ascii: "[")]
        for (index, word) in words(of: member).enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            JSONWriter.appendString(word, to: &out)
        }
        out.append(UInt8(ascii: "]"))
        return String(decoding: out, as: UTF8.self)
    }
}
