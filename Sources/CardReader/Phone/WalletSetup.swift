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
        -> (readers: WalletReaders, apple: State) {
        let apple = wallet.apple
        guard apple.isSetUp else {
            let missing = [apple.allPassTypeIds.isEmpty ? "wallet.apple.pass_type_id" : nil,
                           apple.nfcKeyFile.isEmpty ? "wallet.apple.nfc_key_file" : nil].compactMap { $0 }
            return (WalletReaders(), .off("Apple passes are not read (set \(missing.joined(separator: " and ")))"))
        }
        var files: [(name: String, pem: String)] = []
        var problems: [String] = []
        for (key, path) in [("wallet.apple.nfc_key_file", apple.nfcKeyFile)] + apple.nfcPreviousKeyFiles.map({ ("wallet.apple.nfc_previous_key_files", $0) }) {
            guard FileManager.default.fileExists(atPath: path) else { problems.append("\(key): \(path) does not exist"); continue }
            guard let text = read(path) else { problems.append("\(key): cannot read \(path)"); continue }
            files.append((path, text))
        }
        if problems.isEmpty {
            do {
                let setup = try VASSetup(passTypeIds: apple.allPassTypeIds, keyFiles: files)
                let ids = apple.allPassTypeIds.joined(separator: ", ")
                return (WalletReaders(apple: setup), .ready("Apple passes of \(ids) are read with \(files.count) key\(files.count == 1 ? "" : "s")"))
            } catch {
                problems.append("\(error)")
            }
        }
        return (WalletReaders(), .problem("Apple passes are not read: " + problems.joined(separator: "; ")))
    }
}
