import Foundation
import SecureCards
import Synchronization

/// An NTAG 424 DNA for `VirtualCard`: the NDEF application (capability container E103, NDEF
/// file E104 of 256 bytes), Secure Dynamic Messaging (on every read of the NDEF file the read
/// counter rises and fresh PICC data and MAC are mirrored into the URL), and enough of the
/// native command set for `memberdesk cards personalise`: AuthenticateEV2First (71/AF), ChangeKey
/// (C4) and ChangeFileSettings (5F) in CommMode.Full, and ISO UPDATE BINARY of the NDEF file.
/// State (keys, file, counter) survives taking the card off the reader, as a tag's does.
public final class VirtualNTAG424: Sendable {
    /// Ways a tag can be wrong, for the bad-input tests.
    public struct Quirks: Sendable {
        /// The NDEF file id the capability container names (E104: the real one).
        public var ccNDEFFile: [UInt8] = [0xE1, 0x04]
        /// The NDEF file size the capability container gives.
        public var ccMaxSize: Int = 256
        /// Answer READ BINARY of the NDEF file's message with one byte fewer than asked.
        public var shortReads = false
        /// Leave the field when asked for the command with this index (0-based, since insertion).
        public var liftAtCommand: Int? = nil
        public init() {}
    }

    private struct State {
        var keys: [[UInt8]] = Array(repeating: [UInt8](repeating: 0, count: 16), count: 5)
        var keyVersions: [UInt8] = Array(repeating: 0, count: 5)
        var ndefFile = [UInt8](repeating: 0, count: 256)
        var sdm: SDMFileSettings?
        var counter: UInt32 = 0
        var selected: [UInt8]? = nil
        var applicationSelected = false
        var mirrored: [UInt8]? = nil
        var pendingAuth: (keyNumber: Int, rndB: [UInt8])? = nil
        var session: EV2Session? = nil
        var sessionKey = -1
        var commandsSinceInsert = 0
    }

    public let uid: [UInt8]
    public let quirks: Quirks
    private let state: Mutex<State>

    /// A factory-fresh tag: every key zero, an empty NDEF file, SDM off.
    public init(uid: [UInt8], quirks: Quirks = Quirks()) {
        self.uid = uid
        self.quirks = quirks
        state = Mutex(State())
    }

    /// A tag personalised as `cards personalise` leaves one: keys from `keys`, the URL written,
    /// SDM mirroring on, the counter at `counter` (the next read is counter + 1).
    public static func personalised(uid: [UInt8], keys: SUNKeys, url: String, counter: UInt32 = 0,
                                    names: SUNMessage.ParameterNames = SUNMessage.ParameterNames(),
                                    quirks: Quirks = Quirks()) throws -> VirtualNTAG424 {
        let tag = VirtualNTAG424(uid: uid, quirks: quirks)
        let template = try SUNTemplate(url: url, names: names)
        let applicationKeys = try keys.applicationKeys(uid: uid)
        tag.state.withLock { state in
            for number in 0..<5 { state.keys[number] = applicationKeys[UInt8(number)]! }
            state.ndefFile.replaceSubrange(0..<template.file.count, with: template.file)
            state.sdm = template.settings
            state.counter = counter
        }
        return tag
    }

    /// A tag holding a fixed NDEF URI (no mirroring): a copy of one read, or a malformed one.
    public static func fixedURL(uid: [UInt8], url: String, quirks: Quirks = Quirks()) -> VirtualNTAG424 {
        let tag = VirtualNTAG424(uid: uid, quirks: quirks)
        let payload = [UInt8(0x00)] + Array(url.utf8)
        let message: [UInt8] = [0xD1, 0x01, UInt8(payload.count), 0x55] + payload
        tag.state.withLock { $0.ndefFile.replaceSubrange(0..<(message.count + 2), with: [0x00, UInt8(message.count)] + message) }
        return tag
    }

    /// The tag's read counter now (its last read's).
    public var counter: UInt32 { state.withLock { $0.counter } }
    public var keys: [[UInt8]] { state.withLock { $0.keys } }
    public var sdmSettings: SDMFileSettings? { state.withLock { $0.sdm } }
    /// The NDEF file as stored (placeholders, not mirrored).
    public var ndefFile: [UInt8] { state.withLock { $0.ndefFile } }

    /// The URL one read would give now, without the card on a reader (a recorded read to replay).
    public func readURL() throws -> String {
        let file = try state.withLock { state in try mirror(&state) }
        let length = Int(file[0]) << 8 | Int(file[1])
        let payload = Array(file[6..<(2 + length)])
        let prefix = payload[0] == 0x04 ? "https://" : payload[0] == 0x03 ? "http://" : ""
        return prefix + String(decoding: payload.dropFirst(), as: UTF8.self)
    }

    /// A new session on the reader: nothing selected, no authentication.
    public func inserted() {
        state.withLock { state in
            state.selected = nil
            state.applicationSelected = false
            state.mirrored = nil
            state.session = nil
            state.pendingAuth = nil
            state.commandsSinceInsert = 0
        }
    }

    /// The answer to one APDU; nil: the card leaves the field.
    public func respond(_ apdu: [UInt8]) -> [UInt8]? {
        state.withLock { state -> [UInt8]? in
            defer { state.commandsSinceInsert += 1 }
            if let lift = quirks.liftAtCommand, state.commandsSinceInsert >= lift { return nil }
            do {
                return try answer(apdu, &state)
            } catch {
                return [0x91, 0x1E]
            }
        }
    }

    private static let ok: [UInt8] = [0x90, 0x00]

    private func answer(_ apdu: [UInt8], _ state: inout State) throws -> [UInt8] {
        guard apdu.count >= 4 else { return [0x67, 0x00] }
        switch (apdu[0], apdu[1]) {
        case (0xFF, 0xCA): return uid + Self.ok
        case (0xFF, 0x00): return Self.ok
        case (0x00, 0xA4): return select(apdu, &state)
        case (0x00, 0xB0): return try readBinary(apdu, &state)
        case (0x00, 0xD6): return updateBinary(apdu, &state)
        case (0x90, 0x71): return authenticateFirst(apdu, &state)
        case (0x90, 0xAF): return try authenticateSecond(apdu, &state)
        case (0x90, 0xC4): return try changeKey(apdu, &state)
        case (0x90, 0x5F): return try changeFileSettings(apdu, &state)
        default: return [0x6D, 0x00]
        }
    }

    private func data(_ apdu: [UInt8]) -> [UInt8]? {
        guard apdu.count >= 5 else { return nil }
        let length = Int(apdu[4])
        guard apdu.count >= 5 + length else { return nil }
        return Array(apdu[5..<(5 + length)])
    }

    private func select(_ apdu: [UInt8], _ state: inout State) -> [UInt8] {
        guard let name = data(apdu) else { return [0x67, 0x00] }
        if apdu[2] == 0x04 {
            guard name == [0xD2, 0x76, 0x00, 0x00, 0x85, 0x01, 0x01] else { return [0x6A, 0x82] }
            state.applicationSelected = true
            state.selected = nil
            return Self.ok
        }
        guard state.applicationSelected, name == [0xE1, 0x03] || name == [0xE1, 0x04] else { return [0x6A, 0x82] }
        state.selected = name
        state.mirrored = nil
        return Self.ok
    }

    private var capabilityContainer: [UInt8] {
        [0x00, 0x17, 0x20, 0x01, 0x00, 0x00, 0xFF, 0x04, 0x06] + quirks.ccNDEFFile
            + [UInt8(quirks.ccMaxSize >> 8), UInt8(quirks.ccMaxSize & 0xFF), 0x00, 0x00]
            + [0x05, 0x06, 0xE1, 0x05, 0x00, 0x80, 0x82, 0x83]
    }

    private func readBinary(_ apdu: [UInt8], _ state: inout State) throws -> [UInt8] {
        guard apdu.count == 5, let selected = state.selected else { return [0x69, 0x86] }
        let offset = Int(apdu[2]) << 8 | Int(apdu[3])
        var length = apdu[4] == 0 ? 256 : Int(apdu[4])
        let file: [UInt8]
        if selected == [0xE1, 0x03] {
            file = capabilityContainer
        } else {
            // One read session of the NDEF file: the counter rises once, the mirror holds.
            if state.mirrored == nil { state.mirrored = try mirror(&state) }
            file = state.mirrored!
            if quirks.shortReads, offset >= 2 { length -= 1 }
        }
        guard offset < file.count else { return [0x6B, 0x00] }
        return Array(file[offset..<min(file.count, offset + length)]) + Self.ok
    }

    /// The NDEF file as a reader sees it now: with SDM on, the counter rises and the PICC data and
    /// MAC placeholders are overwritten with this read's.
    private func mirror(_ state: inout State) throws -> [UInt8] {
        var file = state.ndefFile
        guard let sdm = state.sdm else { return file }
        state.counter += 1
        let random = (0..<5).map { _ in UInt8.random(in: 0...255) }
        let picc = try SUNVerifier.encryptPICCData(uid: uid, counter: state.counter, metaReadKey: state.keys[Int(sdm.metaReadKey)], random: random)
        file.replaceSubrange(sdm.piccDataOffset..<(sdm.piccDataOffset + 32), with: Array(HexBytes.string(picc).utf8))
        let input = Array(file[sdm.macInputOffset..<sdm.macOffset])
        let mac = try SUNVerifier.sdmMAC(uid: uid, counter: state.counter, fileReadKey: state.keys[Int(sdm.fileReadKey)], input: input)
        file.replaceSubrange(sdm.macOffset..<(sdm.macOffset + 16), with: Array(HexBytes.string(mac).utf8))
        return file
    }

    private func updateBinary(_ apdu: [UInt8], _ state: inout State) -> [UInt8] {
        guard state.selected == [0xE1, 0x04], let bytes = data(apdu) else { return [0x69, 0x86] }
        // Factory: anyone writes the NDEF file. Personalised (SDM on): write needs key 0.
        if state.sdm != nil, state.sessionKey != 0 || state.session == nil { return [0x69, 0x82] }
        let offset = Int(apdu[2]) << 8 | Int(apdu[3])
        guard offset + bytes.count <= state.ndefFile.count else { return [0x6B, 0x00] }
        state.ndefFile.replaceSubrange(offset..<(offset + bytes.count), with: bytes)
        return Self.ok
    }

    private func authenticateFirst(_ apdu: [UInt8], _ state: inout State) -> [UInt8] {
        guard let body = data(apdu), let number = body.first else { return [0x91, 0x7E] }
        guard number < 5 else { return [0x91, 0x40] }
        let rndB = (0..<16).map { _ in UInt8.random(in: 0...255) }
        guard let challenge = try? AESBlocks.cbcEncrypt(rndB, key: state.keys[Int(number)]) else { return [0x91, 0x1E] }
        state.pendingAuth = (Int(number), rndB)
        state.session = nil
        return challenge + [0x91, 0xAF]
    }

    private func authenticateSecond(_ apdu: [UInt8], _ state: inout State) throws -> [UInt8] {
        guard let pending = state.pendingAuth, let body = data(apdu), body.count == 32 else { return [0x91, 0x7E] }
        state.pendingAuth = nil
        let key = state.keys[pending.keyNumber]
        let plain = try AESBlocks.cbcDecrypt(body, key: key)
        guard Array(plain[16...]) == EV2Authentication.rotate(pending.rndB) else { return [0x91, 0xAE] }
        let rndA = Array(plain[0..<16])
        let ti = (0..<4).map { _ in UInt8.random(in: 0...255) }
        state.session = try EV2Session(key: key, rndA: rndA, rndB: pending.rndB, transactionId: ti)
        state.sessionKey = pending.keyNumber
        return try AESBlocks.cbcEncrypt(ti + EV2Authentication.rotate(rndA) + [UInt8](repeating: 0, count: 12), key: key) + [0x91, 0x00]
    }

    private func changeKey(_ apdu: [UInt8], _ state: inout State) throws -> [UInt8] {
        guard var session = state.session, state.sessionKey == 0 else { return [0x91, 0xAE] }
        guard let body = data(apdu) else { return [0x91, 0x7E] }
        let opened: (header: [UInt8], data: [UInt8])
        do { opened = try session.openCommand(0xC4, body: body, headerLength: 1) } catch { state.session = nil; return [0x91, 0x1E] }
        let number = Int(opened.header[0])
        guard number < 5 else { return [0x91, 0x40] }
        if number == state.sessionKey {
            guard opened.data.count == 17 else { return [0x91, 0x7E] }
            state.keys[number] = Array(opened.data[0..<16])
            state.keyVersions[number] = opened.data[16]
            state.session = nil  // the key in use changed: authenticate again
            return [0x91, 0x00]
        }
        guard opened.data.count == 21 else { return [0x91, 0x7E] }
        let new = zip(opened.data[0..<16], state.keys[number]).map { $0 ^ $1 }
        let crc = NTAG424Commands.jamCRC32(new)
        guard Array(opened.data[17..<21]) == [UInt8(crc & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 24)] else {
            return [0x91, 0x1E]
        }
        state.keys[number] = new
        state.keyVersions[number] = opened.data[16]
        let response = try session.sealResponse([])
        state.session = session
        return response + [0x91, 0x00]
    }

    private func changeFileSettings(_ apdu: [UInt8], _ state: inout State) throws -> [UInt8] {
        guard var session = state.session, state.sessionKey == 0 else { return [0x91, 0xAE] }
        guard let body = data(apdu) else { return [0x91, 0x7E] }
        let opened: (header: [UInt8], data: [UInt8])
        do { opened = try session.openCommand(0x5F, body: body, headerLength: 1) } catch { state.session = nil; return [0x91, 0x1E] }
        guard opened.header == [0x02] else { return [0x91, 0xF0] }
        guard let settings = SDMFileSettings(parsing: opened.data),
              settings.piccDataOffset + 32 <= 256, settings.macOffset + 16 <= 256, settings.macInputOffset <= settings.macOffset else {
            return [0x91, 0x9E]
        }
        state.sdm = settings
        let response = try session.sealResponse([])
        state.session = session
        return response + [0x91, 0x00]
    }
}
