import MemberKit

/// Any bytes as one request to the pass web service: the first byte picks the method, the bytes up
/// to the first newline are the request target (path and query), the rest the body. The route
/// parser and the body readers answer or refuse, never crash; what they accept is within bounds.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEntry(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let first = bytes.first else { return 0 }
    let method = ["GET", "POST", "DELETE", "PUT"][Int(first) % 4]
    let rest = bytes.dropFirst()
    let newline = rest.firstIndex(of: 0x0A) ?? rest.endIndex
    let target = String(decoding: rest[..<newline], as: UTF8.self)
    let body = Array(rest[newline...].dropFirst())
    let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
    let route = PassWebRoute.parse(method: method, path: parts[0], query: parts.count > 1 ? parts[1] : nil, prefix: "/passes/")
    if case .success(let route) = route {
        var names: [String] = []
        switch route {
        case .register(let key), .unregister(let key): names = [key.device, key.passTypeId, key.serialNumber]
        case .serials(let device, let passTypeId, let since):
            names = [device, passTypeId]
            precondition((since ?? 0) >= 0, "a negative tag")
        case .latestPass(let passTypeId, let serialNumber): names = [passTypeId, serialNumber]
        case .log: break
        }
        for name in names {
            precondition(!name.isEmpty && name.utf8.count <= PassWebRoute.identifierLimit, "an identifier out of bounds")
            precondition(!name.unicodeScalars.contains { $0.properties.generalCategory == .control || $0 == "/" }, "a control character or slash")
        }
    }
    if case .success(let token) = PassWebBody.pushToken(body) {
        precondition(!token.isEmpty && token.utf8.count <= PassWebBody.pushTokenLimit && token.unicodeScalars.allSatisfy { $0.isASCII && $0.value > 0x20 })
    }
    if case .success(let (lines, dropped)) = PassWebBody.logLines(body, maxLines: 3) {
        precondition(lines.count <= 3 && dropped >= 0)
        precondition(lines.allSatisfy { $0.utf8.count <= PassWebBody.logLineLimit && !$0.unicodeScalars.contains { $0.properties.generalCategory == .control } })
    }
    if let token = PassWebAuthorization.token(fromHeader: target) {
        precondition(!token.isEmpty && token.utf8.count <= 256)
    }
    return 0
}
