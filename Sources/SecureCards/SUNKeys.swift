/// The keys that check SUN messages: one master key from which every tag's keys are derived
/// (`SUNKeyDerivation`), or one SDMMetaReadKey and one SDMFileReadKey for every tag.
public enum SUNKeys: Sendable, Equatable {
    case master([UInt8])
    case fixed(metaRead: [UInt8], fileRead: [UInt8])

    public func metaReadKey() throws(SecureCardError) -> [UInt8] {
        switch self {
        case .master(let master): return try SUNKeyDerivation.metaReadKey(master: master)
        case .fixed(let meta, _): return meta
        }
    }

    public func fileReadKey(uid: [UInt8]) throws(SecureCardError) -> [UInt8] {
        switch self {
        case .master(let master): return try SUNKeyDerivation.tagKey(master: master, uid: uid, keyNumber: 2)
        case .fixed(_, let file): return file
        }
    }

    /// The application keys 0…4 a tag is personalised with: 0 (the application master key), 2,
    /// 3 and 4 derived from its UID, 1 the same for every tag. With fixed keys, 1 and 2 are those
    /// keys, and 0, 3 and 4 are left at the factory's (there is no master to derive them from).
    public func applicationKeys(uid: [UInt8]) throws(SecureCardError) -> [UInt8: [UInt8]] {
        switch self {
        case .master(let master):
            let meta = try SUNKeyDerivation.metaReadKey(master: master)
            var keys: [UInt8: [UInt8]] = [1: meta]
            for number: UInt8 in [0, 2, 3, 4] {
                keys[number] = try SUNKeyDerivation.tagKey(master: master, uid: uid, keyNumber: number)
            }
            return keys
        case .fixed(let meta, let file):
            let zero = [UInt8](repeating: 0, count: 16)
            return [0: zero, 1: meta, 2: file, 3: zero, 4: zero]
        }
    }

    /// A key file's contents: 32 hex characters, a trailing newline allowed.
    public static func parseKeyFile(_ bytes: [UInt8], path: String) throws(SecureCardError) -> [UInt8] {
        var text = bytes
        if text.last == 0x0A { text.removeLast() }
        if text.last == 0x0D { text.removeLast() }
        guard text.count == 32 else {
            throw .badKeyFile(path, "holds \(text.count) characters, expected 32 hex characters (a 16-byte AES key)")
        }
        guard let key = HexBytes.parse(String(decoding: text, as: UTF8.self)) else {
            throw .badKeyFile(path, "is not 32 hex characters")
        }
        return key
    }
}
