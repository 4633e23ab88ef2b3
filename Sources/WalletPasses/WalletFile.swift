import Foundation

/// Reads the files `[wallet]` names, each refusal one line naming the config key and the path.
enum WalletFile {
    /// The whole file; `key` is the config key that named it (`wallet.apple.key_file`).
    static func bytes(_ path: String, key: String) throws -> [UInt8] {
        guard !path.isEmpty else { throw WalletError(.setUp, "\(key) is not set") }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw WalletError(.file, "\(key): no file '\(path)'")
        }
        guard !isFolder.boolValue else { throw WalletError(.file, "\(key): '\(path)' is a folder") }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw WalletError(.file, "\(key): cannot read '\(path)' (\(String(cString: strerror(access(path, R_OK) == 0 ? EIO : errno))))")
        }
        // A key or certificate is a few kB; a larger file is the wrong one, not one to read whole.
        guard data.count <= 16 * 1024 * 1024 else { throw WalletError(.file, "\(key): '\(path)' is larger than 16 MB") }
        return Array(data)
    }

    /// The file as text (PEM, JSON).
    static func text(_ path: String, key: String) throws -> String {
        guard let text = String(bytes: try bytes(path, key: key), encoding: .utf8) else {
            throw WalletError(.file, "\(key): '\(path)' is not text")
        }
        return text
    }

    /// A PNG file (its 8-byte signature checked, so a JPEG renamed .png is refused here, not by Wallet).
    static func png(_ path: String, key: String) throws -> [UInt8] {
        let bytes = try bytes(path, key: key)
        guard bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else {
            throw WalletError(.file, "\(key): '\(path)' is not a PNG file")
        }
        return bytes
    }
}
