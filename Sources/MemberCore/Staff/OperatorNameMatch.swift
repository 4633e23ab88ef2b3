import Foundation

/// Which operator a typed name is, as the sign-in takes it: the operator of that very name (any
/// letter case), else the one operator whose name has, for every word typed, a word that starts
/// with it, as the desk's member search matches ("mi" is Mia, "ana l" is Ana López). Pure.
public enum OperatorNameMatch: Sendable, Equatable {
    case one(String)
    case none
    /// More than one operator fits: the names, so that staff can type more.
    case several([String])

    public static func resolve(_ typed: String, among names: [String]) -> OperatorNameMatch {
        let text = typed.trimmingCharacters(in: .whitespaces)
        if let exact = names.first(where: { $0 == text }) ?? names.first(where: { $0.caseInsensitiveCompare(text) == .orderedSame }) {
            return .one(exact)
        }
        let words = SearchTokens.words(text)
        guard !words.isEmpty else { return .none }
        let fits = names.filter { name in
            let own = SearchTokens.words(name)
            return words.allSatisfy { word in own.contains { $0.hasPrefix(word) } }
        }
        switch fits.count {
        case 0: return .none
        case 1: return .one(fits[0])
        default: return .several(fits)
        }
    }
}
