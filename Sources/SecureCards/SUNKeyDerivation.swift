import Crypto

/// Per-tag keys from one master key, derived as nfc-developer/sdm-backend derives them (its
/// `derive.py` since 2023-01-24), so a club can move tags between it and memberdesk:
/// - key 1 (SDMMetaReadKey, the same for every tag): the first 16 bytes of
///   HMAC-SHA256(master, "PICCDataKey");
/// - key n of a tag (0, 2, 3, 4): AES-CMAC under HMAC16(master, "SlotMasterKey" ‖ n) of
///   01 ‖ HMAC16(HMAC-SHA256(master, "DivBaseKey"), UID).
/// An all-zero master key gives all-zero keys (factory keys, for trying things out).
public enum SUNKeyDerivation {
    static let piccDataKey = Array("PICCDataKey".utf8)
    static let slotMasterKey = Array("SlotMasterKey".utf8)
    static let divBaseKey = Array("DivBaseKey".utf8)

    public static func metaReadKey(master: [UInt8]) throws(SecureCardError) -> [UInt8] {
        guard master.count == 16 else { throw .wrongLength("master key", expected: 16, got: master.count) }
        if master.allSatisfy({ $0 == 0 }) { return master }
        return Array(hmac(master, piccDataKey).prefix(16))
    }

    public static func tagKey(master: [UInt8], uid: [UInt8], keyNumber: UInt8) throws(SecureCardError) -> [UInt8] {
        guard master.count == 16 else { throw .wrongLength("master key", expected: 16, got: master.count) }
        if master.allSatisfy({ $0 == 0 }) { return master }
        let slotKey = Array(hmac(master, slotMasterKey + [keyNumber]).prefix(16))
        let base = hmac(master, divBaseKey)
        return try AESBlocks.cmac([0x01] + Array(hmac(base, uid).prefix(16)), key: slotKey)
    }

    static func hmac(_ key: [UInt8], _ message: [UInt8]) -> [UInt8] {
        Array(HMAC<SHA256>.authenticationCode(for: message, using: SymmetricKey(data: key)))
    }
}
