import Foundation
import MemberKit

/// Any name a shared folder could hold: parsing answers or declines, never crashes, and a name
/// it accepts is written back exactly as read (so a reader never mistakes one file for another).
/// The parser works on bytes; `referenceParse` is the String one it replaced, kept here so that
/// every input checks that the two agree.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEntry(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let parsed = SyncFileName(parsing: text)
    let reference = referenceParse(text)
    precondition(parsed?.description == reference, "the byte parser and the reference disagree on \(Array(text.utf8))")
    if let name = parsed {
        precondition(name.description == text, "not a round trip: \(text) -> \(name)")
        precondition(name.kind == .snapshot || name.from < name.through, "a changes file must move forward")
        precondition(SyncFileName(parsing: name.description) == name)
    }
    return 0
}

/// The String parser as it was (2026-11-27), answering with the name it would write back.
func referenceParse(_ name: String) -> String? {
    let bytes = Array(name.utf8)
    guard bytes.count <= 160, name.hasSuffix(".musrl") else { return nil }
    var stem = String(name.dropLast("musrl".count + 1))
    var conflict: String?
    if let range = stem.range(of: ".sync-conflict-") {
        let tail = stem[range.upperBound...]
        guard !tail.isEmpty, tail.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }) else { return nil }
        conflict = String(stem[range.lowerBound...])
        stem = String(stem[..<range.lowerBound])
    }
    let parts = stem.split(separator: "-", omittingEmptySubsequences: false)
    func number(_ part: Substring) -> Int64? {
        guard part.count == 12, part.allSatisfy({ $0 >= "0" && $0 <= "9" }) else { return nil }
        return Int64(part)
    }
    func padded(_ n: Int64) -> String { let t = String(n); return String(repeating: "0", count: max(0, 12 - t.count)) + t }
    switch parts.first {
    case "changes"?:
        guard parts.count == 3, let from = number(parts[1]), let through = number(parts[2]), from < through else { return nil }
        return "changes-\(padded(from))-\(padded(through))" + (conflict ?? "") + ".musrl"
    case "snapshot"?:
        guard parts.count == 2, let through = number(parts[1]) else { return nil }
        return "snapshot-\(padded(through))" + (conflict ?? "") + ".musrl"
    default:
        return nil
    }
}
