/// One btsnoop record. `data` borrows the reader's buffer: valid only inside the callback.
public struct BtsnoopRecord {
    public var originalLength: Int
    public var flags: UInt32
    public var drops: UInt32
    /// Microseconds since the Unix epoch.
    public var timestamp: Int64
    public var data: UnsafeRawBufferPointer

    /// Seconds since the Unix epoch.
    public var time: Double { Double(timestamp) / 1_000_000 }

    /// The HCI event this record carries (event code, length, parameters), or nil for any other packet.
    @inline(__always)
    public func hciEvent(datalink: BtsnoopDatalink) -> UnsafeRawBufferPointer? {
        switch datalink {
        case .h4:
            guard data.count >= 1, data[0] == BtsnoopFormat.h4Event else { return nil }
            return UnsafeRawBufferPointer(rebasing: data[1...])
        case .monitor:
            return UInt16(truncatingIfNeeded: flags) == BtsnoopFormat.monitorEvent ? data : nil
        case .hci:
            // Bit 0: received; bit 1: command or event. Both set: an event from the controller.
            return flags & 0x3 == 0x3 ? data : nil
        }
    }
}
