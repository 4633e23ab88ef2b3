import DeskSettings
import Foundation
import MemberKit
import WalletReading

/// `[wallet]` turned into what the reader needs, reading the key files: one home for the set-up the
/// desk runs with, `readers --json` shows and `doctor` checks.
public enum WalletSetup {
    /// One wallet's state: not set up (and what is missing), ready, or set up but unusable (why).
    public enum State: Sendable, Equatable {
        case off(String)
        case ready(String)
        case problem(String)

        public var name: String {
            switch self {
            case .off: return "off"
            case .ready: return "ready"
            case .problem: return "problem"
            }
        }

        public var detail: String {
            switch self {
            case .off(let text), .ready(let text), .problem(let text): return text
            }
        }
    }

    /// The readers, and each wallet's state. A wallet whose key files are missing or unreadable is
    /// not read (its state says why); a phone is still never enrolled under its random UID.
    public static func load(_ wallet: DeskConfig.Wallet,
                            read: (String) -> String? = { FileManager.default.contents(atPath: $0).flatMap { String(data: $0, encoding: .utf8) } })
        -> (readers: WalletReaders, apple: State, google: State) {
        let (apple, appleState) = loadApple(wallet.apple, read: read)
        let (google, googleState) = loadGoogle(wallet.google, read: read)
        return (WalletReaders(apple: apple, google: google), appleState, googleState)
    }

    private static func loadApple(_ apple: DeskConfig.Wallet.Apple, read: (String) -> String?) -> (VASSetup?, State) {
        guard apple.isSetUp else {
            let missing = [apple.allPassTypeIds.isEmpty ? "wallet.apple.pass_type_id" : nil,
                           apple.nfcKeyFile.isEmpty ? "wallet.apple.nfc_key_file" : nil].compactMap { $0 }
            return (nil, .off("Apple passes are not read (set \(missing.joined(separator: " and ")))"))
        }
        var files: [(name: String, pem: String)] = []
        var problems: [String] = []
        for (key, path) in [("wallet.apple.nfc_key_file", apple.nfcKeyFile)] + apple.nfcPreviousKeyFiles.map({ ("wallet.apple.nfc_previous_key_files", $0) }) {
            switch keyFile(key, path, read: read) {
            case .success(let text): files.append((path, text))
            case .failure(let problem): problems.append(problem.text)
            }
        }
        if problems.isEmpty {
            do {
                let setup = try VASSetup(passTypeIds: apple.allPassTypeIds, keyFiles: files)
                let ids = apple.allPassTypeIds.joined(separator: ", ")
                return (setup, .ready("Apple passes of \(ids) are read with \(files.count) key\(files.count == 1 ? "" : "s")"))
            } catch {
                problems.append("\(error)")
            }
        }
        return (nil, .problem("Apple passes are not read: " + problems.joined(separator: "; ")))
    }

    private static func loadGoogle(_ google: DeskConfig.Wallet.Google, read: (String) -> String?) -> (SmartTapSetup?, State) {
        guard !google.collectorId.isEmpty, !google.smartTapKeyFile.isEmpty else {
            let missing = [google.collectorId.isEmpty ? "wallet.google.collector_id" : nil,
                           google.smartTapKeyFile.isEmpty ? "wallet.google.smart_tap_key_file" : nil].compactMap { $0 }
            return (nil, .off("Google passes are not read (set \(missing.joined(separator: " and ")))"))
        }
        let why: String
        switch keyFile("wallet.google.smart_tap_key_file", google.smartTapKeyFile, read: read) {
        case .failure(let problem): why = problem.text
        case .success(let text):
            do {
                let version = UInt32(google.smartTapKeyVersion)
                let setup = try SmartTapSetup(collectorId: google.collectorId, keyVersion: version,
                                              keyFile: (google.smartTapKeyFile, text))
                return (setup, .ready("Google passes of collector \(google.collectorId) are read with key version \(version)"))
            } catch {
                why = "\(error)"
            }
        }
        return (nil, .problem("Google passes are not read: " + why))
    }

    private struct Problem: Error { var text: String }

    private static func keyFile(_ key: String, _ path: String, read: (String) -> String?) -> Result<String, Problem> {
        guard FileManager.default.fileExists(atPath: path) else { return .failure(Problem(text: "\(key): \(path) does not exist")) }
        guard let text = read(path) else { return .failure(Problem(text: "\(key): cannot read \(path)")) }
        return .success(text)
    }
}
