import DeskPhotos
import DeskUI
import Foundation
import MemberKit

/// A photo file's path in (`members photo`, another desk's `photos/`), fed any bytes: never a
/// crash; what `PhotoImage.prepare` keeps is a JPEG within the caps that a desk receiving it
/// accepts (`PhotoImage.checkStored`) and that draws as block art; `checkStored` alone never crashes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEntry(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    try? PhotoImage.checkStored(bytes)
    guard let stored = try? PhotoImage.prepare(bytes) else { return 0 }
    precondition(stored.count <= PhotoImage.maxStoredBytes, "stored \(stored.count) bytes")
    do { try PhotoImage.checkStored(stored) } catch { preconditionFailure("a stored photo is refused: \(error)") }
    guard let decoded = PhotoEncoding.decoded(stored) else { preconditionFailure("a stored photo does not decode") }
    precondition(decoded.width <= PhotoImage.maxWidth && decoded.height <= PhotoImage.maxHeight, "\(decoded.width)×\(decoded.height)")
    let library = MemoryPhotoLibrary()
    let hash = PhotoHash.of(stored)
    try? library.adopt(stored, as: hash)
    guard case .cells(let rows)? = ChafaPhotoArt(library: library, mode: .symbols, cellPixels: (10, 20)).art(photo: hash, columns: 6, rows: 4),
          rows.count == 4, rows.allSatisfy({ $0.count == 6 }) else { preconditionFailure("no block art for a stored photo") }
    return 0
}
