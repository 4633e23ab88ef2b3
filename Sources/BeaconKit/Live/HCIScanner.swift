import MemberKit

/// Live LE scanning on an HCI adapter, as a `BeaconSource`.
///
/// Scanning is passive with the duplicates filter off (beacons advertise about 10 times a
/// second and presence needs every report), continuous (window = interval), and uses the
/// extended scan commands when the controller supports LE Extended Advertising (a controller
/// that has been driven with extended commands refuses the legacy ones). If the adapter was
/// already scanning (the kernel's background scan), it is switched back on at `stop()`.
public final class HCIScanner: BeaconSource {
    public let adapter: String
    public var name: String { adapter }
    private let clock: any DeskClock
    private let openTransport: (String) throws -> any HCITransport
    private var transport: (any HCITransport)?
    /// True when the controller takes the extended scan commands.
    public private(set) var usesExtendedScanning = false
    /// True when scanning was already on before `start()`; `stop()` puts it back.
    public private(set) var wasScanning = false

    /// 0x0010 × 0.625 ms = 10 ms interval and window: listen all the time.
    static let interval: UInt16 = 0x0010

    public init(adapter: String = "hci0", clock: any DeskClock = SystemClock(),
                transport: @escaping (String) throws -> any HCITransport = { try BlueZHCISocket(adapter: $0) }) {
        self.adapter = adapter
        self.clock = clock
        self.openTransport = transport
    }

    public func start() throws {
        guard transport == nil else { return }
        let link = try openTransport(adapter)
        transport = link
        do {
            let features = try link.command(ogf: HCI.ogfLE, ocf: HCI.readLocalSupportedFeatures, parameters: [])
            usesExtendedScanning = features.first == 0 && HCI.supportsExtendedAdvertising(features.dropFirst())
            if try setParameters(link) == HCI.commandDisallowed {
                // Parameters cannot change while scanning: someone else is scanning. Pause it.
                wasScanning = true
                _ = try enable(link, on: false, filterDuplicates: false)
                try check(try setParameters(link), "set the scan parameters")
            }
            try check(try enable(link, on: true, filterDuplicates: false), "enable scanning")
        } catch {
            link.close()
            transport = nil
            throw error
        }
    }

    private func check(_ status: UInt8, _ what: String) throws {
        guard status != 0 else { return }
        let code = String(status, radix: 16, uppercase: true)
        throw ScannerError.failed("\(adapter) refused to \(what) (HCI status 0x\(code.count == 1 ? "0" + code : code))")
    }

    private func setParameters(_ link: any HCITransport) throws -> UInt8 {
        let interval = [UInt8(Self.interval & 0xFF), UInt8(Self.interval >> 8)]
        if usesExtendedScanning {
            // own address public, accept all, LE 1M only: passive, interval, window.
            let parameters: [UInt8] = [0x00, 0x00, 0x01, 0x00] + interval + interval
            return try link.command(ogf: HCI.ogfLE, ocf: HCI.setExtendedScanParameters, parameters: parameters).first ?? 0xFF
        }
        // passive, interval, window, own address public, accept all.
        let parameters: [UInt8] = [0x00] + interval + interval + [0x00, 0x00]
        return try link.command(ogf: HCI.ogfLE, ocf: HCI.setScanParameters, parameters: parameters).first ?? 0xFF
    }

    private func enable(_ link: any HCITransport, on: Bool, filterDuplicates: Bool) throws -> UInt8 {
        let flags: [UInt8] = [on ? 1 : 0, filterDuplicates ? 1 : 0]
        if usesExtendedScanning {
            // duration 0 and period 0: scan until disabled.
            return try link.command(ogf: HCI.ogfLE, ocf: HCI.setExtendedScanEnable, parameters: flags + [0, 0, 0, 0]).first ?? 0xFF
        }
        return try link.command(ogf: HCI.ogfLE, ocf: HCI.setScanEnable, parameters: flags).first ?? 0xFF
    }

    public func poll(timeout: Double, _ handler: (UnsafeRawBufferPointer, Double) -> Void) throws -> Bool {
        guard let transport else { return false }
        _ = try transport.readEvents(timeout: timeout) { event in
            handler(event, clock.now().timeIntervalSince1970)
        }
        return true
    }

    public var now: Double { clock.now().timeIntervalSince1970 }

    public func stop() {
        guard let link = transport else { return }
        transport = nil
        _ = try? enable(link, on: false, filterDuplicates: false)
        // The kernel's own background scan filters duplicates; put it back as it was.
        if wasScanning { _ = try? enable(link, on: true, filterDuplicates: true) }
        link.close()
    }
}
