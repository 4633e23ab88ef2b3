/// Checks a SUN message in AES mode (NXP AN12196): decrypts the PICC data with the SDMMetaReadKey
/// (AES-128-CBC, zero IV) into tag byte C7 ‖ 7-byte UID ‖ 3-byte little-endian read counter ‖
/// padding, then recomputes the SDMMAC — the odd bytes of AES-CMAC over the (empty) MAC input
/// under the session key AES-CMAC(SDMFileReadKey, 3C C3 00 01 00 80 ‖ UID ‖ counter) — and
/// compares it in constant time. LRP mode is not supported.
public struct SUNVerifier: Sendable {
    public let keys: SUNKeys
    public let names: SUNMessage.ParameterNames

    public init(keys: SUNKeys, names: SUNMessage.ParameterNames = SUNMessage.ParameterNames()) {
        self.keys = keys
        self.names = names
    }

    public func verify(url: String) throws(SecureCardError) -> SUNRead {
        try verify(SUNMessage(url: url, names: names))
    }

    public func verify(_ message: SUNMessage) throws(SecureCardError) -> SUNRead {
        let read = try Self.decryptPICCData(message.piccData, metaReadKey: keys.metaReadKey())
        let expected = try Self.sdmMAC(uid: read.uid, counter: read.counter, fileReadKey: keys.fileReadKey(uid: read.uid))
        guard constantTimeEqual(expected, message.mac) else { throw .macMismatch }
        return read
    }

    /// The PICC data's UID and counter. Only tag byte C7 (UID and counter mirrored, 7-byte UID) is accepted.
    public static func decryptPICCData(_ encrypted: [UInt8], metaReadKey: [UInt8]) throws(SecureCardError) -> SUNRead {
        guard encrypted.count == 16 else { throw .wrongLength("PICC data", expected: 16, got: encrypted.count) }
        let plain = try AESBlocks.cbcDecrypt(encrypted, key: metaReadKey)
        guard plain[0] == 0xC7 else { throw .wrongTag(plain[0]) }
        let counter = UInt32(plain[8]) | UInt32(plain[9]) << 8 | UInt32(plain[10]) << 16
        return SUNRead(uid: Array(plain[1...7]), counter: counter)
    }

    /// The truncated SDMMAC over `input` (empty when the MAC input and MAC offsets are the same).
    public static func sdmMAC(uid: [UInt8], counter: UInt32, fileReadKey: [UInt8], input: [UInt8] = []) throws(SecureCardError) -> [UInt8] {
        let vector: [UInt8] = [0x3C, 0xC3, 0x00, 0x01, 0x00, 0x80] + uid
            + [UInt8(counter & 0xFF), UInt8(counter >> 8 & 0xFF), UInt8(counter >> 16 & 0xFF)]
        let sessionKey = try AESBlocks.cmac(vector, key: fileReadKey)
        return AESBlocks.truncated(try AESBlocks.cmac(input, key: sessionKey))
    }

    /// The encrypted PICC data a tag would mirror (for the virtual tag and tests): `random` fills the last 5 bytes.
    public static func encryptPICCData(uid: [UInt8], counter: UInt32, metaReadKey: [UInt8],
                                       random: [UInt8] = [0, 0, 0, 0, 0]) throws(SecureCardError) -> [UInt8] {
        guard uid.count == 7 else { throw .wrongLength("UID", expected: 7, got: uid.count) }
        let plain: [UInt8] = [0xC7] + uid + [UInt8(counter & 0xFF), UInt8(counter >> 8 & 0xFF), UInt8(counter >> 16 & 0xFF)]
            + Array((random + [0, 0, 0, 0, 0]).prefix(5))
        return try AESBlocks.cbcEncrypt(plain, key: metaReadKey)
    }
}
