/// EV2 secure messaging of NTAG 424 DNA (NXP datasheet NT4H2421Gx, §9.1, and AN12196), AES mode.
///
/// AuthenticateEV2First gives a transaction identifier (TI) and two session keys; then every
/// command in CommMode.Full is encrypted (AES-CBC under SesAuthENCKey, IV = E(A5 5A ‖ TI ‖
/// CmdCtr ‖ 0…), ISO 9797-1 padding method 2) and MACed (the odd bytes of AES-CMAC under
/// SesAuthMACKey over Cmd ‖ CmdCtr ‖ TI ‖ header ‖ data); the response is MACed over
/// RC ‖ CmdCtr+1 ‖ TI ‖ data. Both ends are here, so the virtual tag in the tests speaks it too.
public struct EV2Session: Sendable, Equatable {
    public let transactionId: [UInt8]
    public let encryptionKey: [UInt8]
    public let macKey: [UInt8]
    public private(set) var commandCounter: UInt16 = 0

    public init(transactionId: [UInt8], encryptionKey: [UInt8], macKey: [UInt8]) {
        self.transactionId = transactionId
        self.encryptionKey = encryptionKey
        self.macKey = macKey
    }

    /// The session keys from the key used and both random numbers (SV1 for encryption, SV2 for MACs).
    public init(key: [UInt8], rndA: [UInt8], rndB: [UInt8], transactionId: [UInt8]) throws(SecureCardError) {
        guard rndA.count == 16, rndB.count == 16 else { throw .wrongLength("random number", expected: 16, got: min(rndA.count, rndB.count)) }
        let mixed = zip(rndA[2..<8], rndB[0..<6]).map { $0 ^ $1 }
        let context = Array(rndA[0..<2]) + mixed + Array(rndB[6..<16]) + Array(rndA[8..<16])
        let encryption = try AESBlocks.cmac([0xA5, 0x5A, 0x00, 0x01, 0x00, 0x80] + context, key: key)
        let mac = try AESBlocks.cmac([0x5A, 0xA5, 0x00, 0x01, 0x00, 0x80] + context, key: key)
        self.init(transactionId: transactionId, encryptionKey: encryption, macKey: mac)
    }

    // MARK: Host side

    /// The data field of a CommMode.Full command: header ‖ E(data) ‖ MAC (`data` may be empty).
    public func sealCommand(_ command: UInt8, header: [UInt8], data: [UInt8]) throws(SecureCardError) -> [UInt8] {
        var encrypted: [UInt8] = []
        if !data.isEmpty { encrypted = try AESBlocks.cbcEncrypt(Self.pad(data), key: encryptionKey, iv: iv(0xA5, 0x5A, commandCounter)) }
        let mac = try commandMAC(command, header: header, encrypted: encrypted)
        return header + encrypted + mac
    }

    /// Checks a Full-mode response (data ‖ 8-byte MAC, status 91 `code`), counts the command, and
    /// returns the decrypted data without its padding.
    public mutating func openResponse(_ body: [UInt8], code: UInt8) throws(SecureCardError) -> [UInt8] {
        guard body.count >= 8 else { throw .protocolError("the tag's answer has no MAC (\(body.count) bytes)") }
        let encrypted = Array(body.dropLast(8))
        commandCounter &+= 1
        let expected = try responseMAC(code: code, encrypted: encrypted)
        guard constantTimeEqual(expected, Array(body.suffix(8))) else { throw .protocolError("the tag's answer does not verify (MAC)") }
        guard !encrypted.isEmpty else { return [] }
        guard encrypted.count % 16 == 0 else { throw .protocolError("the tag's encrypted answer is not whole blocks") }
        return try Self.unpad(AESBlocks.cbcDecrypt(encrypted, key: encryptionKey, iv: iv(0x5A, 0xA5, commandCounter)))
    }

    /// After a command whose answer carries no MAC (ChangeKey of the key in use ends the session).
    public mutating func countWithoutResponse() { commandCounter &+= 1 }

    // MARK: Tag side (the virtual tag)

    /// A Full-mode command's data as the tag receives it: checks the MAC and decrypts.
    public func openCommand(_ command: UInt8, body: [UInt8], headerLength: Int) throws(SecureCardError) -> (header: [UInt8], data: [UInt8]) {
        guard body.count >= headerLength + 8 else { throw .protocolError("command too short") }
        let header = Array(body.prefix(headerLength))
        let encrypted = Array(body.dropFirst(headerLength).dropLast(8))
        let expected = try commandMAC(command, header: header, encrypted: encrypted)
        guard constantTimeEqual(expected, Array(body.suffix(8))) else { throw .macMismatch }
        guard !encrypted.isEmpty else { return (header, []) }
        guard encrypted.count % 16 == 0 else { throw .protocolError("not whole blocks") }
        return (header, try Self.unpad(AESBlocks.cbcDecrypt(encrypted, key: encryptionKey, iv: iv(0xA5, 0x5A, commandCounter))))
    }

    /// The tag's Full-mode answer (E(data) ‖ MAC) for status 91 `code`; counts the command.
    public mutating func sealResponse(_ data: [UInt8], code: UInt8 = 0x00) throws(SecureCardError) -> [UInt8] {
        commandCounter &+= 1
        var encrypted: [UInt8] = []
        if !data.isEmpty { encrypted = try AESBlocks.cbcEncrypt(Self.pad(data), key: encryptionKey, iv: iv(0x5A, 0xA5, commandCounter)) }
        let mac = try responseMAC(code: code, encrypted: encrypted)
        return encrypted + mac
    }

    // MARK: Parts

    private func iv(_ a: UInt8, _ b: UInt8, _ counter: UInt16) throws(SecureCardError) -> [UInt8] {
        try AESBlocks.encryptBlock([a, b] + transactionId + [UInt8(counter & 0xFF), UInt8(counter >> 8)] + [UInt8](repeating: 0, count: 8),
                                   key: encryptionKey)
    }

    private func commandMAC(_ command: UInt8, header: [UInt8], encrypted: [UInt8]) throws(SecureCardError) -> [UInt8] {
        let input = [command, UInt8(commandCounter & 0xFF), UInt8(commandCounter >> 8)] + transactionId + header + encrypted
        return AESBlocks.truncated(try AESBlocks.cmac(input, key: macKey))
    }

    private func responseMAC(code: UInt8, encrypted: [UInt8]) throws(SecureCardError) -> [UInt8] {
        let input = [code, UInt8(commandCounter & 0xFF), UInt8(commandCounter >> 8)] + transactionId + encrypted
        return AESBlocks.truncated(try AESBlocks.cmac(input, key: macKey))
    }

    /// ISO/IEC 9797-1 padding method 2: 80, then zeros to a whole block (always at least one byte).
    public static func pad(_ data: [UInt8]) -> [UInt8] {
        var out = data + [0x80]
        while out.count % 16 != 0 { out.append(0) }
        return out
    }

    static func unpad(_ data: [UInt8]) throws(SecureCardError) -> [UInt8] {
        guard let marker = data.lastIndex(where: { $0 != 0 }), data[marker] == 0x80 else {
            throw .protocolError("bad padding in the decrypted data")
        }
        return Array(data[..<marker])
    }
}

/// AuthenticateEV2First's two steps, for both ends.
public enum EV2Authentication {
    /// RndB' and RndA': the number rotated left by one byte.
    public static func rotate(_ bytes: [UInt8]) -> [UInt8] { Array(bytes.dropFirst()) + bytes.prefix(1) }

    /// Host, step 2: from the tag's E(Kx, RndB), the data to send (E(Kx, RndA ‖ RndB')) and RndB.
    public static func answer(challenge: [UInt8], key: [UInt8], rndA: [UInt8]) throws(SecureCardError) -> (data: [UInt8], rndB: [UInt8]) {
        guard challenge.count == 16 else { throw .wrongLength("authentication challenge", expected: 16, got: challenge.count) }
        let rndB = try AESBlocks.cbcDecrypt(challenge, key: key)
        return (try AESBlocks.cbcEncrypt(rndA + rotate(rndB), key: key), rndB)
    }

    /// Host, step 3: checks the tag's E(Kx, TI ‖ RndA' ‖ PDcap2 ‖ PCDcap2) and opens the session.
    public static func finish(_ response: [UInt8], key: [UInt8], rndA: [UInt8], rndB: [UInt8]) throws(SecureCardError) -> EV2Session {
        guard response.count == 32 else { throw .wrongLength("authentication answer", expected: 32, got: response.count) }
        let plain = try AESBlocks.cbcDecrypt(response, key: key)
        guard constantTimeEqual(Array(plain[4..<20]), rotate(rndA)) else {
            throw .protocolError("the tag did not prove it holds the key (RndA' differs)")
        }
        return try EV2Session(key: key, rndA: rndA, rndB: rndB, transactionId: Array(plain[0..<4]))
    }
}
