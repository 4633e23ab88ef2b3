import BeaconKit
import Foundation
import MemberDeskTestSupport
import Testing

/// btmon (BlueZ) decodes our fixtures independently: if it reads the same beacons from the
/// files our writer made, the writer (and so the reader it tests) follow the real format.
@Suite struct BtmonCrossCheckTests {
    static let btmon = ["/usr/bin/btmon", "/bin/btmon"].first { FileManager.default.isExecutableFile(atPath: $0) }

    static func decode(_ writer: BtsnoopWriter) throws -> String {
        let folder = try TemporaryDirectory()
        let path = folder.file("fixture.btsnoop")
        try writer.write(to: path)
        var environment = ProcessInfo.processInfo.environment
        environment["COLUMNS"] = "200"
        let btmon = try ChildProcess(btmon!, ["-r", path], environment: environment, stdout: .pipe)
        let data = btmon.output!.readDataToEndOfFile()
        btmon.wait()
        return String(decoding: data, as: UTF8.self)
    }

    @Test(.enabled(if: btmon != nil), arguments: BtsnoopWriter.Datalink.allCases)
    func btmonReadsTheSameBeacons(datalink: BtsnoopWriter.Datalink) throws {
        let text = try Self.decode(CaptureFixture.scene(datalink, seconds: 1))
        // One second at 10 Hz: ten 3-report events and ten 1-report events.
        #expect(text.components(separatedBy: "LE Advertising Report (0x02)").count - 1 == 20)
        #expect(text.contains("Filter duplicates: Disabled (0x00)"))
        #expect(text.contains("Address: 11:22:33:44:55:01"))
        #expect(text.contains("Type: iBeacon (2)"))
        // btmon 5.x reads the iBeacon fields little-endian, so it prints the UUID byte-reversed and
        // major/minor swapped (100 → 25600, 7 → 1792); Apple's layout, which we write, is big-endian.
        #expect(text.contains("UUID: e09610a7-f5d0-60b0-d248-fbdfb56dc5e2"))
        #expect(text.contains("Version: 25600.1792"))
        #expect(text.contains("TX power: -59 dB"))
        #expect(text.contains("RSSI: -45 dBm (0xd3)"))
        // AltBeacon: Radius Networks' company id, then BEAC, id, major 3, minor 4, reference RSSI -60.
        #expect(text.contains("Company: Radius Networks, Inc. (280)"))
        #expect(text.contains("Data: beac2f234454cf6d4a0fadf2f4911ba9ffa600030004c400"))
        // Eddystone service data: UID (namespace, instance), URL (https://, "goo.gl/abc"), TLM.
        #expect(text.contains("Service Data: Google (0xfeaa)"))
        #expect(text.contains("Data: 00ee" + CaptureFixture.namespace + CaptureFixture.instance + "0000"))
        #expect(text.contains("Data: 10ee03676f6f2e676c2f616263"))
        #expect(text.contains("Data: 20000bb816800000006300000258"))
        if datalink == .monitor { #expect(text.contains("New Index: 11:22:33:44:55:66")) }
    }

    @Test(.enabled(if: btmon != nil))
    func btmonReadsExtendedReports() throws {
        let text = try Self.decode(CaptureFixture.scene(.monitor, seconds: 1, extended: true))
        #expect(text.components(separatedBy: "LE Extended Advertising Report (0x0d)").count - 1 == 10)
        #expect(text.contains("Address: 11:22:33:44:55:02"))
        #expect(text.contains("RSSI: -62 dBm (0xc2)"))
        #expect(text.contains("Type: iBeacon (2)"))
    }
}
