import DeskSettings
import MemberKit

/// Any config file: parse must give a config or a DeskError, never crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEntry(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard let text = String(validating: UnsafeBufferPointer(start: data, count: size), as: UTF8.self) else { return 0 }
    do {
        let config = try DeskConfig.parse(text)
        // What we render, we read back the same.
        precondition((try? DeskConfig.parse(config.rendered())) == config, "render round trip failed")
    } catch is DeskError {
    } catch {
        preconditionFailure("undocumented error type: \(error)")
    }
    return 0
}
