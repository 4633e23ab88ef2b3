import BeaconKit
import MemberKit

/// Any file as a btsnoop capture: a BtsnoopError or records, never a crash; every record's
/// HCI event goes through the whole pipeline.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEntry(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    do {
        let reader = try BtsnoopReader(bytes: bytes, name: "fuzz.btsnoop")
        let pipeline = BeaconPipeline(tracker: PresenceTracker())
        let link = reader.datalink
        while try reader.next({ record in
            precondition(record.data.count <= size)
            if let event = record.hciEvent(datalink: link) { pipeline.handle(event: event, time: record.time) }
        }) {}
        _ = pipeline.tracker.snapshots
    } catch let error as BtsnoopError {
        precondition(!error.description.contains("\n"), "error messages are one line")
    } catch {
        preconditionFailure("undocumented error type: \(error)")
    }
    return 0
}
