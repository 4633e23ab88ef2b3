import Crypto

/// What a reader needs to read Apple passes: the pass type ids to ask for, in order, and the
/// reader's private keys (the current one and those retired, since passes made for an old key
/// stay on phones until they are updated).
public struct VASSetup: Sendable {
    public let passTypeIds: [String]
    let keys: [P256.KeyAgreement.PrivateKey]

    /// `keyFiles`: each key file's name and its PEM text, current key first.
    public init(passTypeIds: [String], keyFiles: [(name: String, pem: String)]) throws(WalletReadingError) {
        var keys: [P256.KeyAgreement.PrivateKey] = []
        for file in keyFiles { keys.append(try ReaderKey.keyAgreement(pem: file.pem, file: file.name)) }
        self.init(passTypeIds: passTypeIds, keys: keys)
    }

    public init(passTypeIds: [String], keys: [P256.KeyAgreement.PrivateKey]) {
        self.passTypeIds = passTypeIds
        self.keys = keys
    }

    /// Decrypts a cryptogram the phone gave for `passTypeId`.
    public func open(_ cryptogram: [UInt8], passTypeId: String) throws(WalletReadingError) -> VASCryptogram.Pass {
        try VASCryptogram.open(cryptogram, passTypeId: passTypeId, keys: keys)
    }
}
