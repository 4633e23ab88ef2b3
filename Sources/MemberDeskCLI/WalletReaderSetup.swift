import CardReader
import Foundation
import MemberKit
import WalletReading

extension DeskContext {
    /// The reader monitor's options from the config: which reader, feedback, and phones' passes.
    func readerOptions(name: String) -> ReaderMonitor.Options {
        ReaderMonitor.Options(readerName: name, feedback: config.reader.feedback, wallet: walletReaders())
    }

    /// Phones' passes as `[wallet]` sets them up. A key file that is missing or unreadable is said
    /// once on the bus (source `wallet`) and that wallet is not read; the desk keeps reading cards,
    /// and a phone is still never enrolled under its random UID.
    func walletReaders() -> WalletReaders {
        var readers = WalletReaders()
        let apple = config.wallet.apple
        if apple.isSetUp {
            do {
                let files = try ([apple.nfcKeyFile] + apple.nfcPreviousKeyFiles).map { path in
                    (name: path, pem: try WalletKeyFile.read(path, key: "wallet.apple.nfc_key_file"))
                }
                readers.apple = try VASSetup(passTypeIds: apple.allPassTypeIds, keyFiles: files)
            } catch {
                bus.publish(.error(DeskErrorNotice(source: "wallet", message: "Apple passes are not read: \(error)")))
            }
        }
        return readers
    }
}

/// A reader key file's text, or one line saying why not.
enum WalletKeyFile {
    struct Unreadable: Error, CustomStringConvertible {
        var description: String
    }

    static func read(_ path: String, key: String) throws -> String {
        guard FileManager.default.fileExists(atPath: path) else { throw Unreadable(description: "\(key): \(path) does not exist") }
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            throw Unreadable(description: "\(key): cannot read \(path)")
        }
        return text
    }
}
