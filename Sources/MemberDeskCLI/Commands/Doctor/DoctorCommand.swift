import ArgumentParser
import CardReader
import DeskDoctor
import DeskLanguage
import DeskMQTT
import DeskSettings
import Foundation
import MemberKit
import TerminalColumns
import WalletPasses

struct DoctorCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doctor",
        abstract: tr("Check everything a desk needs, and say what to do about each problem."),
        discussion: """
            Checks pcscd and the readers (including a USB reader pcscd does not see, and the kernel's \
            pn533 driver holding an ACR122U), the database (owner, mode, integrity, schema, free space), \
            the config file, Bluetooth, the region list, the backups, with [mqtt] set the broker, and the wallet's files (private keys readable by the service user only) and certificate dates (expired: a problem; within 30 days: a warning). Each check is ok, warning or \
            problem; the exit status is 1 when any is a problem.
            """
    )

    @OptionGroup var global: GlobalOptions
    @Flag(help: "Print one JSON object per check.") var json = false

    func run() throws {
        let paths = DeskPaths()
        var environment = DoctorEnvironment(pcsc: { PCSCLiteContext() }, paths: paths,
                                            databasePath: paths.database(override: global.db),
                                            config: paths.configFile(override: global.config), now: CommandClock.current.now())
        let databasePath = environment.databasePath
        environment.mqttProbe = { config in MQTTCommand.probe(config, databasePath: databasePath) }
        environment.walletCertificates = Self.walletCertificates
        let checks = Doctor(environment: environment).run()
        for check in checks {
            if json {
                JSONOutput.print(["check": .string(check.area), "status": .string(check.status.rawValue),
                                  "message": .string(check.message), "action": check.action.map(JSONValue.string) ?? .null])
            } else {
                print(Self.line(check))
            }
        }
        if checks.contains(where: { $0.status == .problem }) { throw ExitCode(1) }
    }

    /// WalletPasses' certificate dates in the doctor's terms.
    static func walletCertificates(_ wallet: DeskConfig.Wallet) -> [WalletCertificate] {
        WalletCertificateDates.read(wallet).map { found in
            switch found {
            case .success(let dated): .dated(key: dated.key, path: dated.path, notBefore: dated.notBefore, notAfter: dated.notAfter)
            case .failure(let unreadable): .unreadable(key: unreadable.key, why: unreadable.why)
            }
        }
    }

    /// "problem  usb        ACR122U … is plugged in, but … → echo 'blacklist pn533_usb' …"
    static func line(_ check: DoctorCheck) -> String {
        let head = TextWidth.pad(check.status.rawValue, to: 8) + " " + TextWidth.pad(check.area, to: 10) + " " + check.message
        return check.action.map { head + "\n" + String(repeating: " ", count: 20) + "→ " + $0 } ?? head
    }
}
