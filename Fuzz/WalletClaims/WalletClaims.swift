import MemberKit

/// Any bytes as another desk's wallet-claims.json: the parser answers or throws, never crashes;
/// what it accepts is within the file's bounds, and writing it back gives a file it accepts again
/// with the same claims.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEntry(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let claims = try? WalletClaimFile.parse(bytes, from: "T1", path: "fuzz") {
        precondition(claims.count <= WalletClaimFile.maxClaims)
        precondition(claims.allSatisfy { $0.digest.count == 32 && $0.keepUntil.isFinite && $0.terminalId == "T1" })
        precondition(Set(claims.map(\.digest)).count == claims.count, "a digest twice")
        let again = try! WalletClaimFile.parse(WalletClaimFile.bytes(terminalId: "T1", claims), from: "T1", path: "fuzz")
        precondition(Set(again) == Set(claims), "written back, the claims changed")
    }
    return 0
}
