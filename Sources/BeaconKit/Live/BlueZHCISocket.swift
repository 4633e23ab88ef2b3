import CBlueZ
#if canImport(Glibc)
import Glibc
#endif

/// A raw HCI socket on one adapter, through BlueZ's libbluetooth.
///
/// Opening it needs CAP_NET_RAW (and CAP_NET_ADMIN for the scan commands), or root. Each
/// failure becomes a `ScannerError` that says what is missing: no Bluetooth in the kernel,
/// no such adapter, adapter down, or no permission.
public final class BlueZHCISocket: HCITransport {
    public let adapter: String
    private var descriptor: Int32 = -1
    private var savedFilter = hci_filter()
    private var buffer = [UInt8](repeating: 0, count: 1024)

    public init(adapter: String) throws {
        self.adapter = adapter
        // Probe the kernel first, so "no Bluetooth at all" is not reported as "no adapter".
        let probe = socket(AF_BLUETOOTH, Int32(SOCK_RAW.rawValue) | Int32(SOCK_CLOEXEC.rawValue), BTPROTO_HCI)
        if probe < 0 { throw Self.failure(errno, adapter: adapter, doing: "open a Bluetooth socket") }
        Glibc.close(probe)

        let id = hci_devid(adapter)
        guard id >= 0 else {
            if errno == EPERM || errno == EACCES { throw Self.failure(errno, adapter: adapter, doing: "find the adapter") }
            throw ScannerError.noAdapter("no Bluetooth adapter named \(adapter) (list them with `btmgmt info` or `hciconfig`)")
        }
        var info = hci_dev_info()
        if hci_devinfo(id, &info) == 0, info.flags & (1 << UInt32(HCI_UP)) == 0 {
            throw ScannerError.adapterDown("Bluetooth adapter \(adapter) is down (power it on with `bluetoothctl power on`)")
        }
        let dd = hci_open_dev(id)
        guard dd >= 0 else { throw Self.failure(errno, adapter: adapter, doing: "open the adapter") }
        descriptor = dd

        // Let through only LE Meta events; keep the old filter to put back.
        var length = socklen_t(MemoryLayout<hci_filter>.size)
        if getsockopt(dd, SOL_HCI, HCI_FILTER, &savedFilter, &length) < 0 {
            let code = errno
            close()
            throw Self.failure(code, adapter: adapter, doing: "read the socket filter")
        }
        var filter = hci_filter()
        hci_filter_clear(&filter)
        hci_filter_set_ptype(HCI_EVENT_PKT, &filter)
        hci_filter_set_event(EVT_LE_META_EVENT, &filter)
        if setsockopt(dd, SOL_HCI, HCI_FILTER, &filter, socklen_t(MemoryLayout<hci_filter>.size)) < 0 {
            let code = errno
            close()
            throw Self.failure(code, adapter: adapter, doing: "set the socket filter")
        }
    }

    deinit { close() }

    static func failure(_ code: Int32, adapter: String, doing what: String) -> ScannerError {
        let detail = String(cString: strerror(code))
        switch code {
        case EAFNOSUPPORT, EPROTONOSUPPORT:
            return .noBluetooth("Bluetooth is not available: this kernel has no Bluetooth support (\(detail))")
        case EPERM, EACCES:
            return .permission("permission denied to \(what) on \(adapter): live scanning needs CAP_NET_RAW and CAP_NET_ADMIN (run as root, or `setcap cap_net_raw,cap_net_admin+eip memberdesk`)")
        case ENODEV, ENXIO:
            return .noAdapter("no Bluetooth adapter named \(adapter) (\(detail))")
        case ENETDOWN:
            return .adapterDown("Bluetooth adapter \(adapter) is down (power it on with `bluetoothctl power on`)")
        case ERFKILL:
            return .adapterDown("Bluetooth adapter \(adapter) is blocked by rfkill (`rfkill unblock bluetooth`)")
        default:
            return .failed("cannot \(what) on \(adapter): \(detail)")
        }
    }

    public func command(ogf: UInt16, ocf: UInt16, parameters: [UInt8]) throws -> [UInt8] {
        guard descriptor >= 0 else { throw ScannerError.failed("\(adapter) is closed") }
        var reply = [UInt8](repeating: 0, count: 64)
        var sent = parameters
        let result: Int32 = sent.withUnsafeMutableBytes { command in
            reply.withUnsafeMutableBytes { answer in
                var request = hci_request()
                request.ogf = ogf
                request.ocf = ocf
                request.event = 0
                request.cparam = command.baseAddress
                request.clen = Int32(command.count)
                request.rparam = answer.baseAddress
                request.rlen = Int32(answer.count)
                let status = hci_send_req(descriptor, &request, 1000)
                return status < 0 ? status : request.rlen
            }
        }
        guard result >= 0 else {
            throw Self.failure(errno, adapter: adapter,
                               doing: "send HCI command 0x\(String(ocf | ogf << 10, radix: 16))")
        }
        return Array(reply.prefix(Int(result)))
    }

    public func readEvents(timeout: Double, _ handler: (UnsafeRawBufferPointer) -> Void) throws -> Int {
        guard descriptor >= 0 else { return 0 }
        var delivered = 0
        var wait = Int32(max(0, timeout * 1000))
        while delivered < 256 {
            var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&request, 1, wait)
            if ready < 0 {
                if errno == EINTR { continue }
                throw Self.failure(errno, adapter: adapter, doing: "wait for events")
            }
            if ready == 0 { break }
            if request.revents & Int16(POLLERR | POLLHUP) != 0 {
                throw ScannerError.failed("Bluetooth adapter \(adapter) went away")
            }
            let got = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if got < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                throw Self.failure(errno, adapter: adapter, doing: "read events")
            }
            // An H4-framed packet: the type byte, then the event.
            if got > 1, buffer[0] == UInt8(HCI_EVENT_PKT) {
                buffer.withUnsafeBytes { handler(UnsafeRawBufferPointer(rebasing: $0[1..<got])) }
                delivered += 1
            }
            wait = 0 // drain what is already there, then return
        }
        return delivered
    }

    public func close() {
        guard descriptor >= 0 else { return }
        _ = setsockopt(descriptor, SOL_HCI, HCI_FILTER, &savedFilter, socklen_t(MemoryLayout<hci_filter>.size))
        hci_close_dev(descriptor)
        descriptor = -1
    }
}
