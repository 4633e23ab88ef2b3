import MemberKit

/// Any name a shared folder could hold: parsing answers or declines, never crashes, and a name
/// it accepts is written back exactly as read (so a reader never mistakes one file for another).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEntry(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    if let name = SyncFileName(parsing: text) {
        precondition(name.description == text, "not a round trip: \(text) -> \(name)")
        precondition(name.kind == .snapshot || name.from < name.through, "a changes file must move forward")
        precondition(SyncFileName(parsing: name.description) == name)
    }
    return 0
}
