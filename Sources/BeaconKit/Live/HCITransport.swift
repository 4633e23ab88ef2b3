/// The raw HCI conversation the scanner needs: commands with their replies, and incoming
/// events. `BlueZHCISocket` is the real one; tests give the scanner a scripted double.
public protocol HCITransport: AnyObject {
    /// Sends a command and returns the return parameters of its Command Complete
    /// (the first byte is the HCI status), or throws `ScannerError`.
    func command(ogf: UInt16, ocf: UInt16, parameters: [UInt8]) throws -> [UInt8]
    /// Waits up to `timeout` seconds for HCI events; hands each (event code, length,
    /// parameters) to `handler`. Returns the number delivered.
    func readEvents(timeout: Double, _ handler: (UnsafeRawBufferPointer) -> Void) throws -> Int
    /// Undoes the socket set-up and closes it.
    func close()
}

/// Why live scanning cannot run, in one line a person can act on.
public enum ScannerError: Error, Sendable, Equatable, CustomStringConvertible {
    case noBluetooth(String)
    case noAdapter(String)
    case adapterDown(String)
    case permission(String)
    case failed(String)

    public var description: String {
        switch self {
        case .noBluetooth(let m), .noAdapter(let m), .adapterDown(let m), .permission(let m), .failed(let m): return m
        }
    }
}

/// HCI status and opcode values the scanner uses.
enum HCI {
    static let ogfLE: UInt16 = 0x08
    static let readLocalSupportedFeatures: UInt16 = 0x0003
    static let setScanParameters: UInt16 = 0x000B
    static let setScanEnable: UInt16 = 0x000C
    static let setExtendedScanParameters: UInt16 = 0x0041
    static let setExtendedScanEnable: UInt16 = 0x0042
    static let commandDisallowed: UInt8 = 0x0C
    /// LE feature bit 12: LE Extended Advertising.
    static func supportsExtendedAdvertising(_ features: ArraySlice<UInt8>) -> Bool {
        features.count >= 2 && features[features.startIndex + 1] & 0x10 != 0
    }
}
