import Foundation
import Testing

/// What a new desk dialog that loads data touches, checked on the sources: its own folder
/// (`Features/<Name>/`: effect and result enums, `DeskFeature`, client, dialog and opener) and one
/// line of the parent, its key in `DeskKeymap`. The audit view is the example: outside its folder
/// no code names it but that key (and the lock, which records a lockout through its client).
@Suite struct NewDialogChecklistTests {
    static let deskUI = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/DeskUI")
    /// The desk's shared files: none of them names a feature, so a new one costs them nothing.
    static let shared = ["State/DeskEffect.swift", "State/JobResult.swift", "State/DeskReducer.swift",
                         "State/DeskReducer+Routes.swift", "State/DeskReducer+Commands.swift", "State/DeskReducer+Events.swift",
                         "State/DeskReducer+Dialog.swift", "Features/OwnDialogSlice.swift",
                         "State/DeskState.swift", "Services/DeskEffectRunner.swift", "Clients/DeskClients.swift",
                         "Dialogs/DeskDialog.swift"]
    /// The types each feature's folder declares for its jobs: no shared file names one (the
    /// parent names a feature only where a key or a command reaches it, in one line).
    static let features = ["Audit": ["AuditEffect", "AuditResult", "AuditClient", "AuditFeature"],
                           "Stats": ["StatsEffect", "StatsResult", "StatsClient"],
                           "Wallet": ["WalletEffect", "WalletResult", "WalletClient"],
                           "Regions": ["RegionsEffect", "RegionsResult", "RegionsClient"],
                           "Import": ["ImportEffect", "ImportResult", "ImportClient"],
                           "Export": ["ExportEffect", "ExportResult", "ExportClient"],
                           "MemberForm": ["MemberFormEffect", "MemberFormResult", "MemberFormClient"],
                           "CheckIn": ["CheckInEffect", "CheckInResult", "CheckInClient"]]

    /// A file's code lines, its comments left out (they may name a feature as an example).
    static func code(_ path: String) throws -> [(number: Int, line: String)] {
        let text = try String(contentsOf: deskUI.appendingPathComponent(path), encoding: .utf8)
        return text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { index, line in
            let code = line.components(separatedBy: "//")[0]
            return code.trimmingCharacters(in: .whitespaces).isEmpty ? nil : (index + 1, code)
        }
    }

    static func swiftFiles() -> [String] {
        let files = FileManager.default.enumerator(atPath: deskUI.path)?.compactMap { $0 as? String } ?? []
        return files.filter { $0.hasSuffix(".swift") }.sorted()
    }

    @Test func noSharedFileNamesAFeature() throws {
        var named: [String] = []
        for file in Self.shared {
            for (number, line) in try Self.code(file) {
                for (feature, names) in Self.features where names.contains(where: line.contains) {
                    named.append("\(file):\(number): \(feature): \(line.trimmingCharacters(in: .whitespaces))")
                }
            }
        }
        #expect(named.isEmpty, "a shared file names a feature:\n\(named.joined(separator: "\n"))")
    }

    /// The audit view outside `Features/Audit/`: its key, and the lock's use of its client.
    @Test func theAuditViewIsItsFolderAndOneLineOfTheParent() throws {
        let files = Self.swiftFiles()
        #expect(files.contains("Features/Audit/AuditFeature.swift") && files.count > 50)
        var uses: [(file: String, line: String)] = []
        for file in files where !file.hasPrefix("Features/Audit/") {
            for (_, line) in try Self.code(file) where Self.features["Audit"]!.contains(where: line.contains) || line.contains(".audit") {
                uses.append((file, line.trimmingCharacters(in: .whitespaces)))
            }
        }
        #expect(uses.map(\.file) == ["Keys/DeskKeymap.swift", "Staff/DeskEffectRunner+Staff.swift"], "\(uses)")
        #expect(uses.first?.line.contains("command: .open(.audit)") == true)
        #expect(uses.last?.line == "let staff = clients.staff, audit = clients[AuditClient.self]")
    }
}
