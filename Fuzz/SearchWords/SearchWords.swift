import MemberKit

/// Any text typed into the search box or given as a member's name, pass or email: the words
/// must be non-empty runs of letters and digits, unique, and survive the JSON array that the
/// search index is kept from (a quote inside a word would break the stored-words check).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEntry(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let words = SearchTokens.words(text)
    precondition(Set(words).count == words.count, "duplicate words in \(words)")
    for word in words {
        precondition(!word.isEmpty, "empty word")
        precondition(!word.contains("\"") && !word.contains("\\"), "a word holds a JSON escape: \(word)")
        precondition(SearchTokens.words(word) == [word], "a word is not its own single word: \(word)")
    }
    let member = MemberRecord(memberId: "m1", passId: "P", username: text, timeStampAdded: 0, modifiedAt: 0, modifiedBy: "")
    let json = SearchTokens.json(of: member)
    precondition(json.hasPrefix("[") && json.hasSuffix("]"), "not an array: \(json)")
    return 0
}
