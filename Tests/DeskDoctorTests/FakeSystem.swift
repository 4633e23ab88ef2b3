import CardReader
import DeskDoctor
import DeskSettings
import Foundation
import MemberKit
import MemberDeskTestSupport

/// A fake system root (`/proc/modules`, `/sys/bus/usb/devices`, `/run/pcscd`, `/usr/sbin/pcscd`,
/// `/sys/class/bluetooth`, `/proc/self/status`) and a scratch desk home, for the doctor.
final class FakeSystem {
    let scratch: TemporaryDirectory
    var root: String { scratch.path + "/root" }
    var home: String { scratch.path + "/home" }
    var paths: DeskPaths { DeskPaths(environment: ["HOME": home], userName: "desk") }
    var databasePath: String { paths.database() }
    var configPath: String { paths.config() }

    init() throws {
        scratch = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
    }

    func write(_ path: String, _ text: String) throws {
        let url = URL(fileURLWithPath: root + path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    /// pcscd installed and its socket file present.
    func installPCSCD() throws {
        try write("/usr/sbin/pcscd", "")
        try write("/run/pcscd/pcscd.comm", "")
    }

    /// A USB device, with one interface of `interfaceClass`.
    func plug(_ device: String, vendor: String, product: String, name: String?, interfaceClass: String) throws {
        let folder = "/sys/bus/usb/devices/\(device)"
        try write(folder + "/idVendor", vendor + "\n")
        try write(folder + "/idProduct", product + "\n")
        if let name { try write(folder + "/product", name + "\n") }
        try write("/sys/bus/usb/devices/\(device):1.0/bInterfaceClass", interfaceClass + "\n")
    }

    func loadModules(_ names: [String]) throws {
        try write("/proc/modules", names.map { "\($0) 49152 1 - Live 0x0000000000000000\n" }.joined())
    }

    func run(pcsc: FakeReaders = FakeReaders(readers: []), now: Date = Date(), programFolders: [String] = [],
             mqttProbe: @escaping (DeskConfig) -> String? = { _ in nil },
             walletCertificates: @escaping (DeskConfig.Wallet) -> [WalletCertificate] = { _ in [] }) -> [DoctorCheck] {
        var environment = DoctorEnvironment(systemRoot: root, pcsc: { pcsc }, paths: paths, databasePath: databasePath,
                                            config: ConfigFile(path: configPath), now: now, programFolders: programFolders)
        environment.mqttProbe = mqttProbe
        environment.walletCertificates = walletCertificates
        return Doctor(environment: environment).run()
    }
}

/// pcscd as a unit test's collaborator: the readers it lists, or not running at all.
final class FakeReaders: PCSCContext, @unchecked Sendable {
    let readers: [String]?

    /// `nil` readers: pcscd is not running.
    init(readers: [String]?) { self.readers = readers }

    func establish() throws {
        if readers == nil { throw PCSCError(code: PCSCError.noService, operation: "SCardEstablishContext") }
    }
    func release() {}
    func listReaders() throws -> [String] { readers ?? [] }
    func getStatusChange(_ states: inout [ReaderState], timeoutMilliseconds: UInt32) throws -> Bool { false }
    func cancel() {}
    func connect(reader: String) throws -> any CardChannel {
        throw PCSCError(code: PCSCError.noSmartcard, operation: "SCardConnect", reader: reader)
    }
}

extension Array where Element == DoctorCheck {
    func of(_ area: String) -> [DoctorCheck] { filter { $0.area == area } }
    var problems: [DoctorCheck] { filter { $0.status == .problem } }
}
