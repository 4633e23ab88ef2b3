import Foundation
import Testing

/// Which target may import what (docs/architecture.md, "Who may import what"): every `import` in
/// `Sources/<Target>/` names a module in that target's row, and `CNcursesw` appears only in the
/// one curses driver file. A new target or a new edge fails here until the table (and the doc)
/// say it is meant.
@Suite struct ImportBoundaryTests {
    static let platform: Set = ["Foundation", "FoundationNetworking", "Dispatch", "Glibc", "Synchronization"]
    static let allowed: [String: Set<String>] = [
        // The pure core: the model, the rules and each operation's decision (`coreMayImport` narrows it further).
        "MemberCore": [],
        // The core's I/O side: no terminal, reader, radio, network, signing or JS; GRDB only in Store/ (StoreBoundaryTests).
        "MemberKit": ["MemberCore", "GRDB", "GRDBSQLite", "Logging", "CNameCollation", "TerminalColumns"],
        // The config file, read at the edge: the core is handed its values, never the file.
        "DeskSettings": ["MemberKit", "TOMLKit"],
        // Pure byte and crypto work, below the core.
        "SecureCards": ["Crypto", "_CryptoExtras"],
        "WalletReading": ["Crypto", "_CryptoExtras"],
        // Plain text and plain HTTP, with no memberdesk types: column widths, and a client behind a protocol.
        "TerminalColumns": [],
        "DeskHTTP": [],
        // gettext and the chosen Locale, with no memberdesk types: the desk and the commands speak through it.
        "DeskLanguage": ["CGettext"],
        // Adapters: the core plus their own system library.
        "CardReader": ["MemberKit", "DeskSettings", "CPCSCLite", "SecureCards", "WalletReading"],
        "BeaconKit": ["MemberKit", "CBlueZ"],
        "RegionKit": ["MemberKit", "DeskSettings", "CJavaScriptCore", "BeaconKit", "DeskHTTP"],  // adapter to adapter: `regions simulate`
        "DeskMQTT": ["MemberKit", "DeskSettings", "CMosquitto"],
        "DeskUI": ["MemberKit", "CNcursesw", "TerminalColumns", "DeskLanguage"],
        "FolderSync": ["MemberKit"],
        "StaffAuth": ["MemberKit", "CSodium"],
        // Photos: the image check over its C (libjpeg, libpng, libchafa); the banner's art is DeskUI's port.
        "DeskPhotos": ["MemberKit", "DeskUI", "CPhoto", "Crypto"],
        "WalletPasses": ["MemberKit", "DeskSettings", "Crypto", "_CryptoExtras", "SwiftASN1", "X509", "ZIPFoundation"],
        // The pass web service: Hummingbird (over NIO, TLS by NIOSSL); passes signed by WalletPasses.
        "PassWebService": ["MemberKit", "DeskSettings", "WalletPasses", "Hummingbird", "HummingbirdCore", "HummingbirdTLS", "NIOCore", "NIOSSL", "Logging"],
        "DeskDoctor": ["MemberKit", "DeskSettings", "CardReader", "FolderSync"],  // adapter to adapter: `PCSCContext`, `LocalSyncFolderFiles`
        // The commands wire the adapters together; the executable only starts them.
        "MemberDeskCLI": ["ArgumentParser", "Logging", "MemberKit", "DeskSettings", "CardReader", "BeaconKit", "RegionKit", "DeskMQTT",
                          "DeskUI", "FolderSync", "StaffAuth", "WalletPasses", "DeskDoctor", "SecureCards", "DeskHTTP", "TerminalColumns",
                          "DeskPhotos", "DeskLanguage", "PassWebService"],
        "memberdesk": ["Logging", "MemberDeskCLI", "MemberKit", "DeskSettings", "DeskLanguage"],
    ]
    /// Targets that hold no Swift (module maps; CNameCollation's few lines of C over ICU) or are measured, not shipped.
    static let unchecked: Set = ["CChafa", "CGettext", "CPhoto", "CBlueZ", "CJavaScriptCore", "CMosquitto", "CNameCollation", "CNcursesw", "CPCSCLite", "CSodium", "memberdesk-bench"]
    static let cursesDriver = "DeskUI/Terminal/CursesTerminal.swift"
    /// MemberCore imports Foundation for its value types (Date, Calendar) and nothing else of the
    /// platform, and names none of the I/O, clock or randomness APIs below: ids come in with the
    /// request (`IdSource`), minted by MemberKit's `RandomId`.
    static let coreMayImport: Set = ["Foundation"]
    static let coreMayNotName = ["FileManager", "FileHandle", "URLSession", "Process(", "Date()", "import GRDB", "fopen(",
                                 "ProcessInfo", "Thread.sleep", "DispatchQueue", "UUID()", "RandomId", "SystemRandomNumberGenerator",
                                 "Date.now"]

    /// The module an import line names (`import X`, `@testable import X`, `import struct X.Y`), else nil.
    static func importedModule(_ line: Substring) -> String? {
        var words = line.split(separator: " ").filter { !$0.hasPrefix("@") }
        guard words.first == "import" else { return nil }
        words.removeFirst()
        if words.count > 1, ["struct", "class", "enum", "protocol", "func", "var", "let", "typealias"].contains(String(words[0])) {
            words.removeFirst()
        }
        return words.first.map { String($0.split(separator: ".")[0]) }
    }

    @Test func importLinesAreRead() {
        #expect(Self.importedModule("import Foundation") == "Foundation")
        #expect(Self.importedModule("@preconcurrency import CMosquitto") == "CMosquitto")
        #expect(Self.importedModule("import struct GRDB.Row") == "GRDB")
        #expect(Self.importedModule("// import GRDB") == nil)
    }

    /// The core cannot do I/O: no GRDB, no file, process or network API, no clock read (time comes in as a value).
    @Test func theCoreNamesNoIOAndReadsNoClock() throws {
        let sources = StoreBoundaryTests.sources
        let files = StoreBoundaryTests.swiftFiles().filter { $0.hasPrefix("MemberCore/") }
        var offending: [String] = []
        for file in files {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = line.drop { $0 == " " }
                if code.hasPrefix("//") { continue }
                if let module = Self.importedModule(code), !Self.coreMayImport.contains(module) {
                    offending.append("\(file):\(number + 1): import \(module)")
                }
                for name in Self.coreMayNotName where code.contains(name) { offending.append("\(file):\(number + 1): \(name)") }
            }
        }
        #expect(files.count > 40, "MemberCore's sources were not found")
        #expect(offending.isEmpty, "I/O or a clock in MemberCore:\n\(offending.joined(separator: "\n"))")
    }

    @Test func everyTargetImportsOnlyWhatItsRowAllows() throws {
        let sources = StoreBoundaryTests.sources
        let targets = try FileManager.default.contentsOfDirectory(atPath: sources.path).sorted()
        var offending: [String] = []
        for target in targets where !Self.unchecked.contains(target) {
            guard let allowed = Self.allowed[target] else {
                offending.append("\(target): a target with no row in the table")
                continue
            }
            for file in StoreBoundaryTests.swiftFiles() where file.hasPrefix(target + "/") {
                let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
                for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                    guard let module = Self.importedModule(line.drop { $0 == " " }) else { continue }
                    let curses = module == "CNcursesw" && file != Self.cursesDriver
                    if curses || !(allowed.contains(module) || Self.platform.contains(module)) {
                        offending.append("\(file):\(number + 1): import \(module)")
                    }
                }
            }
        }
        #expect(targets.contains("MemberKit") && targets.contains("MemberCore") && targets.contains("DeskUI"))
        #expect(offending.isEmpty, "imports outside the table (docs/architecture.md):\n\(offending.joined(separator: "\n"))")
    }
}
