import MemberKit

/// Any bytes as another desk's wallet-claims.json: the parser answers or throws, never crashes;
/// what it accepts is within the file's bounds, each claim is T1's or a desk's T1 says it carries
/// (format 2's `carried`), and writing it back gives a file it accepts again with the same claims.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEntry(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let claims = try? WalletClaimFile.parse(bytes, from: "T1", path: "fuzz") {
        let own = claims.filter { $0.terminalId == "T1" }
        let carried = Dictionary(grouping: claims.filter { $0.terminalId != "T1" }, by: \.terminalId)
        precondition(own.count <= WalletClaimFile.maxClaims && carried.values.allSatisfy { $0.count <= WalletClaimFile.maxClaims })
        precondition(claims.allSatisfy { $0.digest.count == 32 && $0.keepUntil.isFinite && !$0.terminalId.isEmpty })
        precondition(Set(claims.map(\.digest)).count == claims.count, "a digest twice")
        let again = try! WalletClaimFile.parse(WalletClaimFile.bytes(terminalId: "T1", own, carried: carried), from: "T1", path: "fuzz")
        precondition(Set(again) == Set(claims), "written back, the claims changed")
    }
    return 0
}
