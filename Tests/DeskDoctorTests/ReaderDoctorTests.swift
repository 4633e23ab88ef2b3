import DeskDoctor
import Foundation
import Testing

/// pcscd, readers, USB and the pn533 modules, over a fake system root.
@Suite struct ReaderDoctorTests {
    @Test func pcscdNotInstalledSaysHowToInstallIt() throws {
        let system = try FakeSystem()
        let checks = system.run(pcsc: FakeReaders(readers: nil))
        #expect(checks.of("pcscd") == [DoctorCheck("pcscd", .problem, "pcscd is not installed", action: "sudo apt install pcscd")])
        #expect(checks.of("readers").isEmpty)
    }

    @Test func pcscdInstalledButNotRunningSaysHowToStartIt() throws {
        let system = try FakeSystem()
        try system.write("/usr/sbin/pcscd", "")
        let checks = system.run(pcsc: FakeReaders(readers: nil))
        let pcscd = try #require(checks.of("pcscd").first)
        #expect(pcscd.status == .problem)
        #expect(pcscd.message == "pcscd is not running (no socket \(system.root)/run/pcscd/pcscd.comm)")
        #expect(pcscd.action == "sudo systemctl enable --now pcscd.socket, then sudo systemctl restart pcscd")
    }

    @Test func theReadersPcscdSeesAreListed() throws {
        let system = try FakeSystem()
        try system.installPCSCD()
        try system.plug("1-1", vendor: "072f", product: "2200", name: "ACR122U PICC Interface", interfaceClass: "ff")
        let checks = system.run(pcsc: FakeReaders(readers: ["ACS ACR122U PICC Interface 00 00"]))
        #expect(checks.of("pcscd").map(\.status) == [.ok])
        #expect(checks.of("readers") == [DoctorCheck("readers", .ok, "pcscd sees ACS ACR122U PICC Interface 00 00")])
        #expect(checks.of("usb").isEmpty)
        #expect(checks.of("kernel").map(\.status) == [.ok])
    }

    @Test func noReaderIsAWarningToPlugOneIn() throws {
        let system = try FakeSystem()
        try system.installPCSCD()
        let checks = system.run(pcsc: FakeReaders(readers: []))
        #expect(checks.of("readers") == [DoctorCheck("readers", .warning, "pcscd sees no reader",
                                                    action: "plug the card reader in (check the cable and the USB port)")])
    }

    @Test func anACR122UHeldByPn533IsAProblemWithTheBlacklistFix() throws {
        let system = try FakeSystem()
        try system.installPCSCD()
        try system.loadModules(["nfc", "pn533", "pn533_usb"])
        try system.plug("1-1", vendor: "072f", product: "2200", name: "ACR122U PICC Interface", interfaceClass: "ff")
        let checks = system.run(pcsc: FakeReaders(readers: []))
        let usb = try #require(checks.of("usb").first)
        #expect(usb.status == .problem)
        #expect(usb.message == "ACR122U PICC Interface (072f:2200) is plugged in, but the kernel's pn533 driver holds it, so pcscd cannot see it")
        #expect(usb.action == "echo 'blacklist pn533_usb' | sudo tee /etc/modprobe.d/memberdesk-nfc.conf, then sudo modprobe -r pn533_usb pn533 and sudo systemctl restart pcscd")
        #expect(checks.of("kernel").isEmpty)  // said once, on the reader
    }

    @Test func pn533LoadedWithoutSuchAReaderIsAWarning() throws {
        let system = try FakeSystem()
        try system.installPCSCD()
        try system.loadModules(["pn533_usb"])
        let checks = system.run(pcsc: FakeReaders(readers: []))
        #expect(checks.of("kernel").map(\.status) == [.warning])
        #expect(checks.of("kernel").first?.action?.contains("blacklist pn533_usb") == true)
    }

    @Test func aCCIDReaderOnUSBThatPcscdDoesNotSeeIsAProblem() throws {
        let system = try FakeSystem()
        try system.installPCSCD()
        try system.plug("2-3", vendor: "072f", product: "223b", name: "ACR1252 Dual Reader", interfaceClass: "0b")
        try system.plug("2-4", vendor: "046d", product: "c52b", name: "USB Receiver", interfaceClass: "03")  // a mouse: ignored
        let checks = system.run(pcsc: FakeReaders(readers: ["Virtual PCD 00 00"]))
        #expect(checks.of("usb") == [DoctorCheck("usb", .problem, "ACR1252 Dual Reader (072f:223b) is plugged in, but pcscd does not see it",
                                                action: "unplug it and plug it in again; if it stays unseen, sudo apt install libccid and sudo systemctl restart pcscd")])
    }
}
