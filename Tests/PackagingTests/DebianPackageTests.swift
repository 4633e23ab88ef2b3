import DeskSettings
import Foundation
import MemberKit
import Testing

/// The Debian package: what it holds, its control fields, lintian, and the systemd units.
/// The .deb is built once (BuiltPackage.deb) and every test inspects it.
@Suite(.serialized) struct DebianPackageTests {
    private func deb() throws -> String { try BuiltPackage.deb.get() }

    private func contents() throws -> [String] {
        let listed = try BuiltPackage.run("dpkg-deb", ["--contents", try deb()])
        try #require(listed.status == 0, "\(listed.stderr)")
        // "-rwxr-xr-x root/root 123 2026-11-23 10:00 ./usr/bin/memberdesk"
        return listed.stdout.split(separator: "\n").compactMap { line in
            line.split(separator: " ", omittingEmptySubsequences: true).last.map { String($0.dropFirst()) }
        }
    }

    private func field(_ name: String) throws -> String {
        let shown = try BuiltPackage.run("dpkg-deb", ["--field", try deb(), name])
        return shown.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func itIsNamedByTheVersionFile() throws {
        let path = try deb()
        let arch = try BuiltPackage.run("dpkg", ["--print-architecture"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(path.hasSuffix("/memberdesk_\(BuiltPackage.version)_\(arch).deb"))
        #expect(try field("Version") == BuiltPackage.version)
        let shown = try BuiltPackage.run(BuiltPackage.stage + "/usr/bin/memberdesk", ["--version"])
        #expect(shown.stdout == BuiltPackage.version + "\n")
    }

    @Test func itHoldsEveryItem() throws {
        let files = Set(try contents())
        var expected = [
            "/usr/bin/memberdesk",
            "/usr/share/bash-completion/completions/memberdesk",
            "/usr/share/zsh/vendor-completions/_memberdesk",
            "/usr/share/fish/vendor_completions.d/memberdesk.fish",
            "/lib/systemd/system/memberdesk-scan.service",
            "/lib/systemd/system/memberdesk-kiosk@.service",
            "/lib/systemd/system/memberdesk-backup.service",
            "/lib/systemd/system/memberdesk-backup.timer",
            "/lib/systemd/system/memberdesk-wallet.service",  // off by default (not in postinst's list)
            "/etc/memberdesk/config.toml",
            "/usr/share/doc/memberdesk/README.md",
            "/usr/share/doc/memberdesk/copyright",
            "/usr/share/doc/memberdesk/changelog.gz",
            "/usr/share/doc/memberdesk/docs/deployment.md",
            "/usr/share/doc/memberdesk/docs/architecture.md",
            "/usr/share/doc/memberdesk/docs/commands.md",  // the command reference the README points to
        ]
        // One man page for memberdesk and one per subcommand.
        for page in ["memberdesk", "memberdesk.scan", "memberdesk.backup", "memberdesk.restore", "memberdesk.doctor",
                     "memberdesk.members", "memberdesk.members.add", "memberdesk.checkin", "memberdesk.config.example"] {
            expected.append("/usr/share/man/man1/\(page).1.gz")
        }
        // Each shipped language's catalogue where gettext looks (docs/languages.md); not the tests' pseudo-locale.
        for language in ["de", "zh_CN"] {
            expected.append("/usr/share/locale/\(language)/LC_MESSAGES/memberdesk.mo")
        }
        for path in expected {
            #expect(files.contains(path), "\(path) is not in the package")
        }
        #expect(!files.contains { $0.contains("pseudo") }, "the pseudo-locale is the tests' alone")
        let conffiles = try String(contentsOfFile: BuiltPackage.stage + "/DEBIAN/conffiles", encoding: .utf8)
        #expect(conffiles == "/etc/memberdesk/config.toml\n")
        for script in ["postinst", "prerm", "postrm"] {
            #expect(FileManager.default.isExecutableFile(atPath: BuiltPackage.stage + "/DEBIAN/" + script))
        }
    }

    @Test func itsRelationsAreTheLibrariesItLinksAndPcscd() throws {
        let depends = try field("Depends")
        for library in ["libc6", "libpcsclite1", "libncursesw6", "libsqlite3-0", "libbluetooth3", "libjavascriptcoregtk-4.1-0",
                        "libjpeg62-turbo", "libpng16-16", "libchafa0", "pcscd", "adduser"] {
            #expect(depends.contains(library), "Depends lacks \(library): \(depends)")
        }
        // The Swift runtime is linked in: nothing on the system provides it.
        let linked = try BuiltPackage.run("ldd", [BuiltPackage.stage + "/usr/bin/memberdesk"])
        #expect(!linked.stdout.contains("libswift") && !linked.stdout.contains("libFoundation"), "\(linked.stdout)")
        #expect(!linked.stdout.contains("not found"))
        #expect(try field("Recommends") == "syncthing")
        #expect(try field("Suggests") == "pcsc-tools")
    }

    @Test func theExampleConfigHasEveryKeyCommentedOut() throws {
        let text = try String(contentsOfFile: BuiltPackage.stage + "/etc/memberdesk/config.toml", encoding: .utf8)
        #expect(try DeskConfig.parse(text) == DeskConfig())
        for key in ConfigKey.all {
            #expect(text.contains("\n#\(key.name.split(separator: ".").last!) = "), "\(key.name) is missing")
        }
    }

    @Test func theCompletionsKnowTheCommands() throws {
        let stage = BuiltPackage.stage
        for script in ["/usr/share/bash-completion/completions/memberdesk", "/usr/share/zsh/vendor-completions/_memberdesk",
                       "/usr/share/fish/vendor_completions.d/memberdesk.fish"] {
            let text = try String(contentsOfFile: stage + script, encoding: .utf8)
            for command in ["backup", "restore", "doctor", "scan", "members"] {
                #expect(text.contains(command), "\(script) lacks \(command)")
            }
        }
        let syntax = try BuiltPackage.run("bash", ["-n", stage + "/usr/share/bash-completion/completions/memberdesk"])
        #expect(syntax.status == 0, "\(syntax.stderr)")
    }

    @Test func lintianReportsNoErrors() throws {
        let checked = try BuiltPackage.run("lintian", ["--fail-on", "error", "--tag-display-limit", "0", try deb()])
        let errors = checked.stdout.split(separator: "\n").filter { $0.hasPrefix("E:") }
        #expect(checked.status == 0 && errors.isEmpty, "\(checked.stdout)\(checked.stderr)")
    }

    @Test func theMaintainerScriptsAreValidShell() throws {
        for script in ["postinst", "prerm", "postrm"] {
            let checked = try BuiltPackage.run("sh", ["-n", BuiltPackage.stage + "/DEBIAN/" + script])
            #expect(checked.status == 0, "\(script): \(checked.stderr)")
        }
    }
}
