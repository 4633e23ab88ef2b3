import CardReader
import DeskSettings
import Foundation
import MemberKit
import SecureCards

/// The `[cards]` keys' files, read when a command needs them: a master key, or a meta and a file
/// key. A key file must be readable by its owner only (it holds the club's secret): one that group
/// or others may read is refused, as ssh refuses such a private key.
enum SUNKeyFiles {
    /// nil when no key file is set (a SUN card is then reported as unverifiable).
    static func keys(_ cards: DeskConfig.Cards) throws -> SUNKeys? {
        if !cards.sunMasterKeyFile.isEmpty {
            guard cards.sunMetaKeyFile.isEmpty, cards.sunFileKeyFile.isEmpty else {
                throw DeskError.config("config keys 'cards.sun_master_key_file' and 'cards.sun_meta_key_file'/'cards.sun_file_key_file': set one or the other")
            }
            return .master(try read(cards.sunMasterKeyFile, key: "cards.sun_master_key_file"))
        }
        switch (cards.sunMetaKeyFile.isEmpty, cards.sunFileKeyFile.isEmpty) {
        case (true, true): return nil
        case (false, false):
            return .fixed(metaRead: try read(cards.sunMetaKeyFile, key: "cards.sun_meta_key_file"),
                          fileRead: try read(cards.sunFileKeyFile, key: "cards.sun_file_key_file"))
        default:
            throw DeskError.config("config keys 'cards.sun_meta_key_file' and 'cards.sun_file_key_file': set both, or neither")
        }
    }

    /// What `scan` and the front desk ask an ISO 14443-4 card for.
    static func applications(_ config: DeskConfig) throws -> [any ApplicationReader] {
        let names = SUNMessage.ParameterNames(piccData: config.cards.sunPICCParam, mac: config.cards.sunCMACParam)
        return [Type4NDEFReader(verifier: try keys(config.cards).map { SUNVerifier(keys: $0, names: names) }, names: names)]
    }

    static func read(_ path: String, key: String) throws -> [UInt8] {
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw DeskError.config("config key '\(key)': cannot read \(path): \(String(cString: strerror(errno)))")
        }
        guard info.st_mode & 0o077 == 0 else {
            throw DeskError.config("config key '\(key)': \(path) may be read by others (mode \(String(info.st_mode & 0o777, radix: 8))); chmod 600 it")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw DeskError.config("config key '\(key)': cannot read \(path)")
        }
        do {
            return try SUNKeys.parseKeyFile(Array(data), path: path)
        } catch {
            throw DeskError.config("config key '\(key)': \(error)")
        }
    }
}
