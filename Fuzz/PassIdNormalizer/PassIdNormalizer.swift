import MemberKit

/// Any bytes a wedge scanner or a person could type: normalize must answer or throw, never crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEntry(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    if let pass = try? PassIdNormalizer.normalize(text) {
        precondition(!pass.passId.isEmpty, "normalized pass is empty")
        precondition(pass.passId.utf8.count <= PassIdNormalizer.maximumBytes)
        // No way in makes a pass that marks an erased member (`MemberPurge`), in any letter case.
        precondition(!pass.passId.lowercased().hasPrefix(MemberPurge.erasedPassPrefix), "an erased pass was let in: \(pass.passId)")
        // Normalizing is idempotent for plain passes (a payload's passId is taken verbatim).
        if !text.contains("|"), let again = try? PassIdNormalizer.normalize(pass.passId) {
            precondition(again.passId == pass.passId, "not idempotent: \(pass.passId) -> \(again.passId)")
        }
    }
    return 0
}
