import Foundation
import RegionKit

// libFuzzer entry: any line from "gpsd" gives a fix with sane numbers, or nothing; never a trap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEntry(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let line = Array(UnsafeBufferPointer(start: data, count: size))
    if let fix = GpsdLocationSource.parse(line, now: Date(timeIntervalSince1970: 0)) {
        precondition((-90...90).contains(fix.latitude) && (-180...180).contains(fix.longitude))
        precondition(fix.accuracy >= 0 && fix.accuracy.isFinite)
        _ = fix.distance(toLatitude: 35.6595, longitude: 139.7005)
    }
    _ = LocationFix.parse(String(decoding: line, as: UTF8.self), time: Date(timeIntervalSince1970: 0))
    return 0
}
