import Crypto
import _CryptoExtras
import Foundation

/// The AES operations NTAG 424 DNA needs, over swift-crypto: one block (ECB), CBC without padding
/// (the tag pads itself), and CMAC (BoringSSL's, through `_CryptoExtras`). Keys are 16 bytes.
public enum AESBlocks {
    public static let blockSize = 16
    public static let zeroIV = [UInt8](repeating: 0, count: 16)

    /// AES-128 of one 16-byte block.
    public static func encryptBlock(_ block: [UInt8], key: [UInt8]) throws(SecureCardError) -> [UInt8] {
        guard block.count == blockSize else { throw .wrongLength("AES block", expected: blockSize, got: block.count) }
        var out = block
        do { try AES.permute(&out, key: try symmetricKey(key)) } catch { throw .crypto("\(error)") }
        return out
    }

    /// AES-128-CBC encryption of whole blocks.
    public static func cbcEncrypt(_ data: [UInt8], key: [UInt8], iv: [UInt8] = zeroIV) throws(SecureCardError) -> [UInt8] {
        guard data.count % blockSize == 0 else { throw .wrongLength("CBC data", expected: (data.count / 16 + 1) * 16, got: data.count) }
        if data.isEmpty { return [] }
        do {
            return Array(try AES._CBC.encrypt(data, using: try symmetricKey(key), iv: try AES._CBC.IV(ivBytes: iv), noPadding: true))
        } catch let error as SecureCardError { throw error } catch { throw .crypto("\(error)") }
    }

    /// AES-128-CBC decryption of whole blocks.
    public static func cbcDecrypt(_ data: [UInt8], key: [UInt8], iv: [UInt8] = zeroIV) throws(SecureCardError) -> [UInt8] {
        guard data.count % blockSize == 0 else { throw .wrongLength("CBC data", expected: (data.count / 16 + 1) * 16, got: data.count) }
        if data.isEmpty { return [] }
        do {
            return Array(try AES._CBC.decrypt(data, using: try symmetricKey(key), iv: try AES._CBC.IV(ivBytes: iv), noPadding: true))
        } catch let error as SecureCardError { throw error } catch { throw .crypto("\(error)") }
    }

    /// AES-CMAC (RFC 4493), the full 16 bytes.
    public static func cmac(_ message: [UInt8], key: [UInt8]) throws(SecureCardError) -> [UInt8] {
        do {
            var mac = try AES.CMAC(key: try symmetricKey(key))
            mac.update(data: message)
            return Array(mac.finalize())
        } catch let error as SecureCardError { throw error } catch { throw .crypto("\(error)") }
    }

    /// NXP's truncated MAC: the odd bytes (1, 3, … 15) of a 16-byte CMAC.
    public static func truncated(_ mac: [UInt8]) -> [UInt8] {
        stride(from: 1, to: mac.count, by: 2).map { mac[$0] }
    }

    static func symmetricKey(_ key: [UInt8]) throws(SecureCardError) -> SymmetricKey {
        guard key.count == 16 else { throw .wrongLength("AES key", expected: 16, got: key.count) }
        return SymmetricKey(data: key)
    }
}

/// Compares two byte strings in time that depends only on their lengths, never on where they differ.
public func constantTimeEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
    guard a.count == b.count else { return false }
    var difference: UInt8 = 0
    for index in a.indices { difference |= a[index] ^ b[index] }
    return difference == 0
}
