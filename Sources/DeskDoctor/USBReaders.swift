import Foundation

/// Contactless and smart-card readers plugged in on USB, from `/sys/bus/usb/devices`: any
/// device with a CCID interface (class 0x0b), plus the NXP PN533-based readers that present a
/// vendor-specific interface (ACR122U, SCL3711) and are the ones the kernel's pn533 driver takes.
struct USBReader: Sendable, Equatable {
    var vendorId: String
    var productId: String
    var product: String
    /// Driven by the kernel's `pn533_usb` when that module is loaded (the classic invisible reader).
    var isPN533Class: Bool

    var name: String { "\(product) (\(vendorId):\(productId))" }

    /// vendor:product of pn533_usb's device table (linux/drivers/nfc/pn533/usb.c).
    static let pn533Devices: [String: String] = [
        "04cc:2533": "NXP PN533", "072f:2200": "ACS ACR122U", "054c:02e1": "Sony RC-S360", "04e6:5591": "SCM SCL3711",
        "04e6:5594": "SCM SCL3712", "054c:0d8d": "Sony RC-S380",
    ]

    static func scan(_ folder: String) -> [USBReader] {
        let fm = FileManager.default
        let devices = ((try? fm.contentsOfDirectory(atPath: folder)) ?? []).sorted()
        func field(_ device: String, _ name: String) -> String? {
            (try? String(contentsOfFile: "\(folder)/\(device)/\(name)", encoding: .utf8))?
                .trimmingCharacters(in: .whitespacesAndNewlines)
        }
        var readers: [USBReader] = []
        for device in devices where !device.contains(":") {  // "1-1" is a device, "1-1:1.0" its interface
            guard let vendor = field(device, "idVendor")?.lowercased(), let product = field(device, "idProduct")?.lowercased()
            else { continue }
            let key = "\(vendor):\(product)"
            let interfaces = devices.filter { $0.hasPrefix(device + ":") }
            let isCCID = interfaces.contains { field($0, "bInterfaceClass")?.lowercased() == "0b" }
            let known = pn533Devices[key]
            guard isCCID || known != nil else { continue }
            let name = field(device, "product") ?? known ?? "USB reader"
            readers.append(USBReader(vendorId: vendor, productId: product, product: name, isPN533Class: known != nil))
        }
        return readers
    }

    /// Whether one of pcscd's reader names is this device ("ACS ACR122U PICC Interface 00 00").
    func isSeen(in readerNames: [String]) -> Bool {
        let words = product.lowercased().split(separator: " ").filter { $0.count > 2 }
        return readerNames.contains { name in
            let lower = name.lowercased()
            return !words.isEmpty && words.allSatisfy { lower.contains($0) }
        }
    }
}
