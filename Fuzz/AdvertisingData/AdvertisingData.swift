import BeaconKit
import MemberKit

/// Any bytes, read both as AD structures and as an HCI LE Meta event: parsing must never
/// crash, every beacon found must format, and the tracker must take whatever comes out.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEntry(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = UnsafeRawBufferPointer(start: data, count: size)
    if case .beacon(let key, _)? = AdvertisingDataParser.parse(bytes) {
        let identity = key.identity
        if identity.kind == .eddystoneURL { precondition(identity.url?.isEmpty == false, "URL beacon without a URL") }
        precondition(!identity.displayText.isEmpty)
    }
    let tracker = PresenceTracker()
    var time = 0.0
    let count = HCIEventParser.forEachReport(in: bytes) { report in
        precondition(report.data.count <= size, "report data larger than the event")
        tracker.ingest(report, at: time)
        time += 0.1
    }
    precondition(count <= 255)
    tracker.expire(now: time + 100)
    precondition(tracker.count == 0, "every beacon is lost after the exit timeout")
    return 0
}
