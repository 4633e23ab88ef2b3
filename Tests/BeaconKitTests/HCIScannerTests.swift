import BeaconKit
import MemberDeskTestSupport
import MemberKit
import Testing

/// A scripted controller: answers commands, then hands out queued events.
final class FakeController: HCITransport {
    var extended = false
    var alreadyScanning = false
    var scanning = false
    var duplicatesFiltered = false
    var commands: [(UInt16, [UInt8])] = []
    var events: [[UInt8]] = []
    var closed = false

    func command(ogf: UInt16, ocf: UInt16, parameters: [UInt8]) throws -> [UInt8] {
        commands.append((ocf, parameters))
        switch ocf {
        case 0x0003: return [0x00, 0x00, extended ? 0x10 : 0x00, 0, 0, 0, 0, 0, 0]
        case 0x000B, 0x0041:
            if (ocf == 0x0041) != extended { return [0x01] } // unknown command
            return [scanning || alreadyScanning ? 0x0C : 0x00]
        case 0x000C, 0x0042:
            scanning = parameters[0] == 1
            duplicatesFiltered = parameters[1] == 1
            alreadyScanning = false
            return [0x00]
        default: return [0x01]
        }
    }

    func readEvents(timeout: Double, _ handler: (UnsafeRawBufferPointer) -> Void) throws -> Int {
        let batch = events
        events = []
        for event in batch { event.withUnsafeBytes { handler($0) } }
        return batch.count
    }

    func close() { closed = true }
}

@Suite struct HCIScannerTests {
    let ibeacon = AdvertisingFixture.iBeacon(uuid: "E2C56DB5-DFFB-48D2-B060-D0F5A71096E0", major: 1, minor: 2)

    @Test func legacyScanIsPassiveWithDuplicatesOffAndStopsCleanly() throws {
        let controller = FakeController()
        let clock = FakeClock()
        let scanner = HCIScanner(adapter: "hci0", clock: clock, transport: { _ in controller })
        try scanner.start()
        #expect(!scanner.usesExtendedScanning)
        #expect(controller.scanning && !controller.duplicatesFiltered)
        #expect(controller.commands.map(\.0) == [0x0003, 0x000B, 0x000C])
        #expect(controller.commands[1].1 == [0x00, 0x10, 0x00, 0x10, 0x00, 0x00, 0x00])

        controller.events = [AdvertisingFixture.advertisingReportEvent([.init(address: "00:00:00:00:00:01", rssi: -50, data: ibeacon)])]
        let pipeline = BeaconPipeline(tracker: PresenceTracker())
        var times: [Double] = []
        _ = try scanner.poll(timeout: 0) { event, time in
            times.append(time)
            pipeline.handle(event: event, time: time)
        }
        #expect(times == [clock.now().timeIntervalSince1970])
        #expect(pipeline.tracker.count == 1)

        scanner.stop()
        #expect(!controller.scanning && controller.closed)
        scanner.stop() // twice is harmless
    }

    @Test func extendedScanningWhereTheControllerSupportsIt() throws {
        let controller = FakeController()
        controller.extended = true
        let scanner = HCIScanner(transport: { _ in controller })
        try scanner.start()
        #expect(scanner.usesExtendedScanning)
        #expect(controller.commands.map(\.0) == [0x0003, 0x0041, 0x0042])
        #expect(controller.commands[2].1 == [0x01, 0x00, 0, 0, 0, 0])
        scanner.stop()
        #expect(controller.commands.last?.1 == [0x00, 0x00, 0, 0, 0, 0])
    }

    @Test func aScanAlreadyRunningIsPausedAndRestored() throws {
        let controller = FakeController()
        controller.alreadyScanning = true
        let scanner = HCIScanner(transport: { _ in controller })
        try scanner.start()
        #expect(scanner.wasScanning)
        #expect(controller.scanning && !controller.duplicatesFiltered)
        scanner.stop()
        // Back on, as the kernel had it.
        #expect(controller.scanning && controller.duplicatesFiltered)
    }

    @Test func aRefusedCommandIsOneLineAndClosesTheSocket() throws {
        final class Refusing: HCITransport {
            var closed = false
            func command(ogf: UInt16, ocf: UInt16, parameters: [UInt8]) throws -> [UInt8] { ocf == 0x000C ? [0x12] : [0x00] }
            func readEvents(timeout: Double, _ handler: (UnsafeRawBufferPointer) -> Void) throws -> Int { 0 }
            func close() { closed = true }
        }
        let controller = Refusing()
        let scanner = HCIScanner(adapter: "hci1", transport: { _ in controller })
        #expect(throws: ScannerError.failed("hci1 refused to enable scanning (HCI status 0x12)")) { try scanner.start() }
        #expect(controller.closed)
    }

    @Test func withoutBluetoothTheReasonIsOneLine() {
        // On a machine with a usable adapter this is not an error; elsewhere the reason must be clear.
        do {
            let socket = try BlueZHCISocket(adapter: "hci0")
            socket.close()
        } catch {
            let text = "\(error)"
            #expect(!text.isEmpty && !text.contains("\n"))
            #expect(["Bluetooth", "adapter", "permission"].contains { text.contains($0) })
        }
    }
}
