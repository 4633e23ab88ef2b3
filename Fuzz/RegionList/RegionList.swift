import Foundation
import RegionKit

// libFuzzer entry: any bytes through the region list decoder must give regions or a
// one-line error, never a trap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEntry(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Data(bytes: data, count: size)
    if let regions = try? RegionListDecoder.decode(bytes) {
        for region in regions {
            _ = region.geometry
            _ = region.isExpired(at: Date(timeIntervalSince1970: 0))
            _ = region.isActive(at: Date(timeIntervalSince1970: 0))
        }
    }
    return 0
}
