// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "memberdesk",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "memberdesk", targets: ["memberdesk"]),
        .library(name: "MemberKit", targets: ["MemberKit"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", exact: "1.16.2"),
        .package(url: "https://github.com/LebJe/TOMLKit", exact: "0.6.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based", exact: "2.0.1"),
        .package(url: "https://github.com/apple/swift-crypto", exact: "4.5.2"),
        .package(url: "https://github.com/apple/swift-certificates", exact: "1.21.1"),
        .package(url: "https://github.com/apple/swift-asn1", exact: "1.7.4"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", exact: "0.9.20"),
        // Readable diffs of the desk's state in `DeskTestStore` (tests only).
        .package(url: "https://github.com/pointfreeco/swift-custom-dump", exact: "1.7.3"),
        // The pass web service's HTTP server (`wallet serve`), TLS through swift-nio-ssl.
        .package(url: "https://github.com/hummingbird-project/hummingbird", exact: "2.28.1"),
        .package(url: "https://github.com/apple/swift-nio", exact: "2.101.3"),
        .package(url: "https://github.com/apple/swift-nio-ssl", exact: "2.37.6"),
    ],
    targets: [
        // System libraries: each reached only through a module map and a shim header.
        .systemLibrary(name: "CNcursesw", path: "Sources/CNcursesw", pkgConfig: "ncursesw"),
        .systemLibrary(name: "CPCSCLite", path: "Sources/CPCSCLite", pkgConfig: "libpcsclite"),
        .systemLibrary(name: "CBlueZ", path: "Sources/CBlueZ", pkgConfig: "bluez"),
        .systemLibrary(name: "CJavaScriptCore", path: "Sources/CJavaScriptCore", pkgConfig: "javascriptcoregtk-4.1"),
        .systemLibrary(name: "CSodium", path: "Sources/CSodium", pkgConfig: "libsodium"),
        .systemLibrary(name: "CMosquitto", path: "Sources/CMosquitto", pkgConfig: "libmosquitto"),
        .systemLibrary(name: "CChafa", path: "Sources/CChafa", pkgConfig: "chafa"),
        // gettext from glibc (libintl.h): the messages in the desk's language.
        .systemLibrary(name: "CGettext", path: "Sources/CGettext"),
        // Member photos in C over libjpeg-turbo, libpng and libchafa (libjpeg reports errors by longjmp).
        .target(name: "CPhoto", dependencies: ["CChafa"], path: "Sources/CPhoto",
                linkerSettings: [.linkedLibrary("jpeg"), .linkedLibrary("png16")]),
        // Names sorted by the locale's collation: a few lines of C over Debian's ICU (libicu).
        .target(name: "CNameCollation", path: "Sources/CNameCollation",
                linkerSettings: [.linkedLibrary("icui18n"), .linkedLibrary("icuuc")]),

        // The pure core: the model, the check-in rules and each operation's decision, as values in and a change out.
        // Nothing of ours, no GRDB, no file or network API, no bus, no clock (ImportBoundaryTests).
        .target(name: "MemberCore"),
        // Terminal column widths of text (CJK two, combining marks none): the desk's grid, the CLI's tables, the merge preview's lines.
        .target(name: "TerminalColumns"),
        // The language people read: gettext's catalogues (tr, trn), the language chosen from the
        // environment or the config, and the Locale the formatters are given. Nothing of ours.
        .target(name: "DeskLanguage", dependencies: ["CGettext"]),
        // The core's I/O side: store, Club (decide, write, publish), exchange formats, event bus. No terminal, reader, radio or JS I/O.
        .target(name: "MemberKit", dependencies: [
            "MemberCore",
            "CNameCollation",  // Store/ only: the name sort's keys
            "TerminalColumns",  // Exchange/ only: the merge preview's lines
            .product(name: "GRDB", package: "GRDB.swift"),
            .product(name: "GRDBSQLite", package: "GRDB.swift"),  // the sync exporter's row loop
            .product(name: "Logging", package: "swift-log"),
        ]),
        // The desk's config file (TOML) and where its files live: read at the edge, handed to the core as values.
        .target(name: "DeskSettings", dependencies: [
            "MemberKit",
            .product(name: "TOMLKit", package: "TOMLKit"),
        ]),
        // Secure Unique NFC (NTAG 424 DNA): AES-CMAC, PICC data, SDMMAC, key derivation, SUN URLs,
        // EV2 secure messaging. Pure: no I/O, no MemberKit.
        .target(name: "SecureCards", dependencies: [
            .product(name: "Crypto", package: "swift-crypto"),
            .product(name: "_CryptoExtras", package: "swift-crypto"),
        ]),
        // Phones' wallet passes: Apple VAS cryptograms, Google Smart Tap sessions, their TLV and NDEF. Pure: no I/O.
        .target(name: "WalletReading", dependencies: [
            .product(name: "Crypto", package: "swift-crypto"),
            .product(name: "_CryptoExtras", package: "swift-crypto"),
        ]),
        .target(name: "CardReader", dependencies: ["MemberKit", "DeskSettings", "SecureCards", "CPCSCLite", "WalletReading"]),
        .target(name: "BeaconKit", dependencies: ["MemberKit", "CBlueZ"]),
        // A small HTTP client behind a protocol (URLSession): the region list, wk_http_* and the Syncthing calls.
        .target(name: "DeskHTTP"),
        .target(name: "RegionKit", dependencies: ["MemberKit", "DeskSettings", "BeaconKit", "CJavaScriptCore", "DeskHTTP"]),
        .target(name: "DeskUI", dependencies: ["MemberKit", "CNcursesw", "TerminalColumns", "DeskLanguage"]),
        // Member photos' adapter: the image check and the stored JPEG, the photos folder, and the banner's art (libchafa).
        .target(name: "DeskPhotos", dependencies: ["MemberKit", "DeskUI", "CPhoto", .product(name: "Crypto", package: "swift-crypto")]),
        // Staff PINs' adapter: MemberKit's PINHasher port on libsodium's Argon2id.
        .target(name: "StaffAuth", dependencies: ["MemberKit", "CSodium"]),
        // Folder sync's adapter: inotify and the loop that writes and reads the shared folder.
        .target(name: "FolderSync", dependencies: ["MemberKit"]),
        // MQTT's adapter: the outbox's sender over libmosquitto, the bus-to-topics mapping, Home Assistant discovery.
        .target(name: "DeskMQTT", dependencies: ["MemberKit", "DeskSettings", "CMosquitto"]),
        // Wallet passes the club issues itself: Apple's .pkpass (CMS-signed, zipped) and Google's save link (an RS256 JWT),
        // and the P-256 key files the readers of the next issue reuse (`WalletKeys`).
        .target(name: "WalletPasses", dependencies: [
            "MemberKit", "DeskSettings",
            .product(name: "Crypto", package: "swift-crypto"),
            .product(name: "_CryptoExtras", package: "swift-crypto"),
            .product(name: "X509", package: "swift-certificates"),
            .product(name: "SwiftASN1", package: "swift-asn1"),
            .product(name: "ZIPFoundation", package: "ZIPFoundation"),
        ]),
        // Apple's PassKit web service (`wallet serve`): Hummingbird routes in, the core's decisions
        // (`PassWebDecision`), the store's registrations, and passes signed by WalletPasses.
        .target(name: "PassWebService", dependencies: [
            "MemberKit", "DeskSettings", "WalletPasses",
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "HummingbirdCore", package: "hummingbird"),
            .product(name: "HummingbirdTLS", package: "hummingbird"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOSSL", package: "swift-nio-ssl"),
            .product(name: "Logging", package: "swift-log"),
        ]),
        // `memberdesk doctor`'s checks, over injected system roots, and who holds a database open (`/proc`).
        .target(name: "DeskDoctor", dependencies: ["MemberKit", "DeskSettings", "CardReader", "FolderSync"]),
        // The commands and what they print, as a library, so tests run them in-process.
        .target(name: "MemberDeskCLI", dependencies: [
            "MemberKit", "DeskSettings", "CardReader", "SecureCards", "BeaconKit", "RegionKit", "DeskUI", "FolderSync", "DeskDoctor", "StaffAuth",
            "DeskMQTT", "DeskHTTP", "WalletPasses", "WalletReading", "TerminalColumns", "DeskPhotos", "DeskLanguage", "PassWebService",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
            .product(name: "Logging", package: "swift-log"),
        ]),
        // The executable: process set-up, then the parsed command. Nothing else.
        .executableTarget(name: "memberdesk", dependencies: [
            "MemberDeskCLI", "MemberKit", "DeskSettings", "DeskLanguage",
            .product(name: "Logging", package: "swift-log"),
        ]),
        .executableTarget(name: "memberdesk-bench", dependencies: [
            "MemberKit", "DeskSettings", "CardReader", "SecureCards", "BeaconKit", "RegionKit", "DeskUI", "FolderSync", "DeskMQTT", "CJavaScriptCore",
            "StaffAuth", "WalletReading", "DeskPhotos", .product(name: "Crypto", package: "swift-crypto"),
            .product(name: "GRDBSQLite", package: "GRDB.swift"),
            .product(name: "GRDB", package: "GRDB.swift"),
            "MemberDeskTestSupport",  // the virtual card, the pcscd harness, the btsnoop writer, TmuxSession
        ]),

        // A virtual card, a btsnoop writer, a fake clock, a headless terminal, and a way to run the built binary.
        .target(name: "MemberDeskTestSupport", dependencies: [
            "MemberKit", "DeskSettings", "DeskUI", "DeskMQTT", "SecureCards", "WalletReading", .product(name: "Crypto", package: "swift-crypto"),
            .product(name: "_CryptoExtras", package: "swift-crypto"),
        ], path: "Tests/MemberDeskTestSupport"),
        .testTarget(name: "SecureCardsTests", dependencies: ["SecureCards"]),
        // The language's choice, gettext's plurals and fallback (exit tests: a language is process-wide), the .po files.
        .testTarget(name: "DeskLanguageTests", dependencies: ["DeskLanguage", "MemberDeskTestSupport"]),
        // The rules and decisions called directly, with no database.
        .testTarget(name: "MemberCoreTests", dependencies: ["MemberCore"]),
        // The config file's keys, its parsing and rendering, and the desk's paths.
        .testTarget(name: "DeskSettingsTests", dependencies: ["DeskSettings", "MemberKit"]),
        .testTarget(name: "MemberKitTests", dependencies: [
            "MemberKit", "MemberDeskTestSupport", "FolderSync",  // the sync tests' real folders
            .product(name: "PropertyBased", package: "swift-property-based"),
        ]),
        .testTarget(name: "CardReaderTests", dependencies: [
            "CardReader", "SecureCards", "MemberKit", "MemberDeskTestSupport", "WalletReading",
            .product(name: "Crypto", package: "swift-crypto"),
        ]),
        .testTarget(name: "WalletReadingTests", dependencies: [
            "WalletReading", .product(name: "Crypto", package: "swift-crypto"),
            .product(name: "_CryptoExtras", package: "swift-crypto"),
        ]),
        .testTarget(name: "BeaconKitTests", dependencies: ["BeaconKit", "MemberKit", "MemberDeskTestSupport"]),
        .testTarget(name: "RegionKitTests", dependencies: ["RegionKit", "BeaconKit", "MemberKit", "DeskSettings", "MemberDeskTestSupport"]),
        .testTarget(name: "DeskUITests", dependencies: [
            "DeskUI", "MemberKit", "MemberDeskTestSupport", "TerminalColumns", "FolderSync", .product(name: "CustomDump", package: "swift-custom-dump"),
        ]),
        .testTarget(name: "MemberDeskCLITests", dependencies: [
            "MemberDeskCLI", "MemberKit", "DeskSettings", "RegionKit", "DeskMQTT", "MemberDeskTestSupport", "WalletPasses", "DeskUI", "TerminalColumns",
            .product(name: "Logging", package: "swift-log"),
        ]),
        .testTarget(name: "DeskPhotosTests", dependencies: ["DeskPhotos", "MemberKit", "DeskUI", "FolderSync", "MemberDeskTestSupport"]),
        .testTarget(name: "StaffAuthTests", dependencies: ["StaffAuth", "MemberKit", "MemberDeskTestSupport"]),
        .testTarget(name: "FolderSyncTests", dependencies: ["FolderSync", "MemberKit", "MemberDeskTestSupport"]),
        .testTarget(name: "DeskMQTTTests", dependencies: ["DeskMQTT", "MemberKit", "DeskSettings", "RegionKit", "MemberDeskTestSupport", "FolderSync"]),
        .testTarget(name: "WalletPassesTests", dependencies: [
            "WalletPasses", "MemberKit", "DeskSettings", "MemberDeskTestSupport",
            .product(name: "Crypto", package: "swift-crypto"),
            .product(name: "_CryptoExtras", package: "swift-crypto"),
        ]),
        .testTarget(name: "PassWebServiceTests", dependencies: [
            "PassWebService", "WalletPasses", "MemberKit", "DeskSettings", "MemberDeskTestSupport",
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "Logging", package: "swift-log"),
        ]),
        .testTarget(name: "DeskDoctorTests", dependencies: ["DeskDoctor", "CardReader", "MemberKit", "DeskSettings", "MemberDeskTestSupport"]),
        // The Debian package, its units and its maintainer scripts (real dpkg-deb, lintian, systemd-analyze).
        .testTarget(name: "PackagingTests", dependencies: ["MemberKit", "DeskSettings", "MemberDeskTestSupport"]),
        .testTarget(name: "EndToEndTests", dependencies: ["MemberKit", "MemberDeskTestSupport", "DeskDoctor", "DeskPhotos"]),
    ],
    swiftLanguageModes: [.v6]
)

// `make fuzz` sets MEMBERDESK_FUZZ: one libFuzzer executable per folder under Fuzz/ (each an
// @_cdecl("LLVMFuzzerTestOneInput") function plus an empty main.swift), built with -sanitize=fuzzer.
import Foundation
if ProcessInfo.processInfo.environment["MEMBERDESK_FUZZ"] != nil {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fuzz")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
    for name in names.sorted() where !name.hasPrefix(".") && !name.hasPrefix("_") {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.appendingPathComponent(name).path, isDirectory: &isDirectory),
              isDirectory.boolValue else { continue }
        package.targets.append(.executableTarget(
            name: "fuzz-\(name)",
            dependencies: ["MemberKit", "DeskSettings", "CardReader", "BeaconKit", "RegionKit", "DeskUI", "SecureCards", "WalletReading", "TerminalColumns",
                           "DeskPhotos",
                           .product(name: "Crypto", package: "swift-crypto"), .product(name: "_CryptoExtras", package: "swift-crypto")],
            path: "Fuzz/\(name)",
            exclude: ["seeds"].filter { FileManager.default.fileExists(atPath: root.appendingPathComponent("\(name)/\($0)").path) },
            swiftSettings: [.enableExperimentalFeature("Extern")],
            linkerSettings: [.unsafeFlags(["-sanitize=fuzzer,address"])]
        ))
    }
    // The photos' C is ours: fuzzed with its coverage and under ASan too.
    if let photo = package.targets.first(where: { $0.name == "CPhoto" }) {
        photo.cSettings = [.unsafeFlags(["-fsanitize=fuzzer-no-link,address"])]
    }
}
