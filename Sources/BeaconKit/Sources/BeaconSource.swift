/// Where HCI events come from: a live adapter (`HCIScanner`) or a capture (`BtsnoopReplay`).
/// Tests use a replay of a capture they wrote, so they need no radio.
public protocol BeaconSource: AnyObject {
    /// "hci0" or the capture's path, for messages.
    var name: String { get }
    /// Opens the source (again is harmless). Throws an error whose description is one line a person can act on.
    func start() throws
    /// Delivers the HCI events that are ready (event code, length, parameters) with their
    /// Unix times, waiting at most `timeout` seconds. Returns false once the source has ended.
    /// The event bytes are valid only inside `handler`.
    func poll(timeout: Double, _ handler: (_ event: UnsafeRawBufferPointer, _ time: Double) -> Void) throws -> Bool
    /// The source's now, in Unix seconds: the clock for a live scan, the capture's time for a replay.
    var now: Double { get }
    /// Stops and puts back whatever `start` changed. Safe to call more than once.
    func stop()
}
