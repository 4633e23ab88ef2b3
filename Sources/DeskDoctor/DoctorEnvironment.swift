import CardReader
import DeskSettings
import Foundation
import MemberKit

/// What the doctor looks at, injected so tests can give a fake `/proc/modules`, a fake
/// `/sys/bus/usb/devices` tree, no pcscd, or a read-only database folder.
public struct DoctorEnvironment: @unchecked Sendable {
    /// Prefixed to every system path (`/proc/modules`, `/sys/...`, `/run/pcscd/...`, `/usr/sbin/pcscd`).
    public var systemRoot: String
    /// A fresh PC/SC connection to ask pcscd for its readers.
    public var pcsc: () -> any PCSCContext
    public var paths: DeskPaths
    public var databasePath: String
    public var config: ConfigFile
    public var configPath: String { config.path }
    public var now: Date
    /// Searched for programs (`syncthing`), like $PATH (under `systemRoot`).
    public var programFolders: [String]
    /// Asks the MQTT broker of `[mqtt]` whether it accepts this desk: nil when it does, else why not.
    /// The CLI wires the MQTT adapter's probe; DeskDoctor itself speaks no MQTT.
    public var mqttProbe: (DeskConfig) -> String? = { _ in nil }
    /// The certificates `[wallet]` names, with their dates. The CLI wires WalletPasses' reader;
    /// DeskDoctor itself reads no X.509.
    public var walletCertificates: (DeskConfig.Wallet) -> [WalletCertificate] = { _ in [] }

    public init(systemRoot: String = "", pcsc: @escaping () -> any PCSCContext, paths: DeskPaths,
                databasePath: String, config: ConfigFile, now: Date,
                programFolders: [String] = ["/usr/local/bin", "/usr/bin", "/bin", "/usr/sbin", "/sbin"]) {
        self.systemRoot = systemRoot
        self.pcsc = pcsc
        self.paths = paths
        self.databasePath = databasePath
        self.config = config
        self.now = now
        self.programFolders = programFolders
    }

    /// A system path under the injected root.
    func system(_ path: String) -> String { systemRoot + path }

    func read(_ path: String) -> String? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }
}
