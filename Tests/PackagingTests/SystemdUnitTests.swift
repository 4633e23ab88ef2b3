import Foundation
import Testing

/// The units, as systemd itself reads them, and the scan service's exposure rating.
@Suite(.serialized) struct SystemdUnitTests {
    static let units = ["memberdesk-scan.service", "memberdesk-kiosk@tty1.service", "memberdesk-backup.service",
                        "memberdesk-backup.timer", "memberdesk-wallet.service"]

    /// A root holding this system's units plus the package's units and binary, so that verify
    /// resolves the targets they name and finds /usr/bin/memberdesk executable.
    static let verifyRoot: Result<String, PackagingError> = {
        do {
            let stage = BuiltPackage.stage
            _ = try BuiltPackage.deb.get()
            let fm = FileManager.default
            let root = URL(fileURLWithPath: stage).deletingLastPathComponent().appendingPathComponent("verify-root")
            try? fm.removeItem(at: root)
            try fm.createDirectory(atPath: root.path + "/lib/systemd", withIntermediateDirectories: true)
            try fm.copyItem(atPath: "/lib/systemd/system", toPath: root.path + "/lib/systemd/system")
            for unit in try fm.contentsOfDirectory(atPath: stage + "/lib/systemd/system") {
                try? fm.removeItem(atPath: root.path + "/lib/systemd/system/" + unit)
                try fm.copyItem(atPath: stage + "/lib/systemd/system/" + unit, toPath: root.path + "/lib/systemd/system/" + unit)
            }
            try fm.createDirectory(atPath: root.path + "/usr/bin", withIntermediateDirectories: true)
            try fm.copyItem(atPath: stage + "/usr/bin/memberdesk", toPath: root.path + "/usr/bin/memberdesk")
            return .success(root.path)
        } catch let error as PackagingError {
            return .failure(error)
        } catch {
            return .failure(PackagingError(message: "cannot build the verify root: \(error)"))
        }
    }()

    @Test(arguments: units)
    func systemdAnalyzeVerifyAcceptsIt(_ unit: String) throws {
        let root = try Self.verifyRoot.get()
        let verified = try BuiltPackage.run("systemd-analyze", ["verify", "--root=" + root, "--man=no",
                                                                 "/lib/systemd/system/" + unit])
        // Unknown or unparsable settings are only warnings to verify: any output is a failure here.
        #expect(verified.status == 0, "\(unit): \(verified.stdout)\(verified.stderr)")
        #expect(verified.stderr.isEmpty && verified.stdout.isEmpty, "\(verified.stdout)\(verified.stderr)")
    }

    @Test func theScanServiceIsRatedOKOrBetter() throws {
        let unit = BuiltPackage.sourceRoot + "/packaging/systemd/memberdesk-scan.service"
        let rated = try BuiltPackage.run("systemd-analyze", ["security", "--offline=true", "--no-pager", unit])
        let line = try #require(rated.stdout.split(separator: "\n").first { $0.contains("Overall exposure level") })
        let match = try #require(line.firstMatch(of: /: ([0-9.]+) ([A-Z]+)/))
        #expect(["SAFE", "OK"].contains(String(match.output.2)), "\(line)")
        #expect(try #require(Double(match.output.1)) <= 2.5, "\(line): docs/deployment.md says 2.0")
    }

    @Test func theWalletServiceIsRatedOKOrBetter() throws {
        let unit = BuiltPackage.sourceRoot + "/packaging/systemd/memberdesk-wallet.service"
        let rated = try BuiltPackage.run("systemd-analyze", ["security", "--offline=true", "--no-pager", unit])
        let line = try #require(rated.stdout.split(separator: "\n").first { $0.contains("Overall exposure level") })
        let match = try #require(line.firstMatch(of: /: ([0-9.]+) ([A-Z]+)/))
        #expect(["SAFE", "OK"].contains(String(match.output.2)), "\(line)")
        #expect(try #require(Double(match.output.1)) <= 2.0, "\(line)")
    }

    /// The pass web service is installed but not enabled or started: a club turns it on once
    /// [wallet.service] is set (docs/wallet.md); removing the package stops it.
    @Test func theWalletServiceIsOffUntilEnabled() throws {
        let scripts = BuiltPackage.sourceRoot + "/packaging/debian/"
        let postinst = try String(contentsOfFile: scripts + "postinst", encoding: .utf8)
        #expect(!postinst.contains("memberdesk-wallet"))
        #expect(try String(contentsOfFile: scripts + "prerm", encoding: .utf8).contains("memberdesk-wallet.service"))
        let unit = try String(contentsOfFile: BuiltPackage.sourceRoot + "/packaging/systemd/memberdesk-wallet.service", encoding: .utf8)
        #expect(unit.contains("ExecStart=/usr/bin/memberdesk wallet serve\n"))
    }
}
