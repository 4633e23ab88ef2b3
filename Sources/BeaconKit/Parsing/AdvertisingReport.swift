/// One advertisement as the controller reported it: who sent it, how strong, and its AD bytes.
///
/// `data` borrows the HCI event's buffer: it is valid only inside the callback that
/// receives the report, so the hot path copies nothing.
public struct AdvertisingReport {
    public var address: BluetoothAddress
    /// 0 public, 1 random (and 2/3 for resolved identities on extended reports).
    public var addressType: UInt8
    /// dBm; nil when the controller says "not available" (127).
    public var rssi: Int8?
    /// True for the extended report (LE Extended Advertising Report, subevent 0x0D).
    public var isExtended: Bool
    /// The AD structures: [length][type][payload] ...
    public var data: UnsafeRawBufferPointer

    public init(address: BluetoothAddress, addressType: UInt8, rssi: Int8?, isExtended: Bool,
                data: UnsafeRawBufferPointer) {
        self.address = address
        self.addressType = addressType
        self.rssi = rssi
        self.isExtended = isExtended
        self.data = data
    }
}
