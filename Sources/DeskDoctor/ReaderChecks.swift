import CardReader
import Foundation

/// pcscd, the readers it sees, readers on USB it does not see, and the kernel's pn533 modules.
struct ReaderChecks {
    let environment: DoctorEnvironment

    static let blacklist = "echo 'blacklist pn533_usb' | sudo tee /etc/modprobe.d/memberdesk-nfc.conf, "
        + "then sudo modprobe -r pn533_usb pn533 and sudo systemctl restart pcscd"

    func run() -> [DoctorCheck] {
        var checks: [DoctorCheck] = []
        let installed = FileManager.default.fileExists(atPath: environment.system("/usr/sbin/pcscd"))
        if !installed {
            checks.append(DoctorCheck("pcscd", .problem, "pcscd is not installed", action: "sudo apt install pcscd"))
        }
        let socket = environment.system("/run/pcscd/pcscd.comm")
        let readers: [String]?
        let context = environment.pcsc()
        do {
            try context.establish()
            readers = try context.listReaders()
            context.release()
            checks.append(DoctorCheck("pcscd", .ok, "running, its socket \(socket) answers"))
        } catch {
            readers = nil
            if installed {
                let socketThere = FileManager.default.fileExists(atPath: socket)
                checks.append(DoctorCheck("pcscd", .problem,
                                          socketThere ? "pcscd does not answer on \(socket)" : "pcscd is not running (no socket \(socket))",
                                          action: "sudo systemctl enable --now pcscd.socket, then sudo systemctl restart pcscd"))
            }
        }
        let usb = USBReader.scan(environment.system("/sys/bus/usb/devices"))
        if let readers {
            if readers.isEmpty {
                checks.append(DoctorCheck("readers", .warning, "pcscd sees no reader",
                                          action: "plug the card reader in (check the cable and the USB port)"))
            } else {
                checks.append(DoctorCheck("readers", .ok, "pcscd sees " + readers.joined(separator: ", ")))
            }
        }
        let modules = loadedModules()
        let pn533Loaded = modules.contains("pn533_usb") || modules.contains("pn533")
        for device in usb where !device.isSeen(in: readers ?? []) {
            if device.isPN533Class && pn533Loaded {
                checks.append(DoctorCheck("usb", .problem,
                                          "\(device.name) is plugged in, but the kernel's pn533 driver holds it, so pcscd cannot see it",
                                          action: Self.blacklist))
            } else if readers != nil {
                checks.append(DoctorCheck("usb", .problem, "\(device.name) is plugged in, but pcscd does not see it",
                                          action: "unplug it and plug it in again; if it stays unseen, sudo apt install libccid and sudo systemctl restart pcscd"))
            }
        }
        if pn533Loaded && !usb.contains(where: \.isPN533Class) {
            checks.append(DoctorCheck("kernel", .warning,
                                      "the kernel's pn533 NFC driver is loaded: an ACR122U-class reader plugged in would be taken from pcscd",
                                      action: Self.blacklist))
        } else if !pn533Loaded {
            checks.append(DoctorCheck("kernel", .ok, "no kernel NFC driver (pn533) competes with pcscd"))
        }
        return checks
    }

    /// Module names from `/proc/modules` ("pn533_usb 20480 0 - Live 0x0000000000000000").
    func loadedModules() -> Set<String> {
        let text = environment.read(environment.system("/proc/modules")) ?? ""
        return Set(text.split(separator: "\n").compactMap { $0.split(separator: " ").first.map(String.init) })
    }
}
