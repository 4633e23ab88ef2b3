/// The two SUN parameters of a URL an NTAG 424 DNA mirrors on each read: the encrypted PICC data
/// (16 bytes, as 32 hex characters) and the truncated SDMMAC (8 bytes, as 16 hex characters).
public struct SUNMessage: Sendable, Equatable {
    public var piccData: [UInt8]
    public var mac: [UInt8]

    public init(piccData: [UInt8], mac: [UInt8]) {
        self.piccData = piccData
        self.mac = mac
    }

    /// The parameter names a club's URL uses (`cards.sun_picc_param`, `cards.sun_cmac_param`).
    public struct ParameterNames: Sendable, Equatable {
        public var piccData: String
        public var mac: String
        public init(piccData: String = "picc_data", mac: String = "cmac") {
            self.piccData = piccData
            self.mac = mac
        }
    }

    /// Whether the URL's query names both parameters (a SUN URL), whatever their values.
    public static func isSUN(url: String, names: ParameterNames = ParameterNames()) -> Bool {
        let keys = Set(query(of: url).map { String($0.key) })
        return keys.contains(names.piccData) && keys.contains(names.mac)
    }

    /// The parameters of a SUN URL: each present once, of the right length, and hex.
    public init(url: String, names: ParameterNames = ParameterNames()) throws(SecureCardError) {
        let pairs = Self.query(of: url)
        func value(_ name: String, bytes: Int) throws(SecureCardError) -> [UInt8] {
            let found = pairs.filter { $0.key == name[...] }
            guard let text = found.first?.value else { throw .missingParameter(name) }
            guard found.count == 1 else { throw .protocolError("the URL has the \(name) parameter twice") }
            guard text.utf8.count == bytes * 2 else {
                throw .wrongLength(name, expected: bytes, got: text.utf8.count / 2)
            }
            guard let parsed = HexBytes.parse(text) else { throw .notHex(name) }
            return parsed
        }
        piccData = try value(names.piccData, bytes: 16)
        mac = try value(names.mac, bytes: 8)
    }

    /// The query's key=value pairs (no percent-decoding: SUN values are plain hex).
    static func query(of url: String) -> [(key: Substring, value: Substring)] {
        guard let start = url.firstIndex(of: "?") else { return [] }
        let end = url[start...].firstIndex(of: "#") ?? url.endIndex
        return url[url.index(after: start)..<end].split(separator: "&").map { pair in
            if let equals = pair.firstIndex(of: "=") {
                return (pair[..<equals], pair[pair.index(after: equals)...])
            }
            return (pair, pair[pair.endIndex...])
        }
    }
}

/// What a verified SUN read says: the tag's UID and its read counter.
public struct SUNRead: Sendable, Equatable {
    public var uid: [UInt8]
    public var counter: UInt32

    public init(uid: [UInt8], counter: UInt32) {
        self.uid = uid
        self.counter = counter
    }

    /// The pass id a verified tag checks in as.
    public var passId: String { "SUN:" + HexBytes.string(uid) }
}
