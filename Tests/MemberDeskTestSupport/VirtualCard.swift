import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A contactless card for vpcd, the virtual reader driver of pcscd.
///
/// vpcd listens on TCP 35963 as the reader "Virtual PCD 00 00"; a connected client is a card
/// on the reader, and closing the connection removes it. Every message either way is a 2-byte
/// big-endian length plus a payload: a 1-byte payload is a control (00 off, 01 on, 02 reset,
/// 04 get ATR; only get ATR is answered, with the ATR), anything longer is a command APDU,
/// answered with a response APDU.
public final class VirtualCard: Sendable {
    public enum Behaviour: Sendable {
        /// An ISO 14443-4 card (DESFire-like ATR) that gives only its UID.
        case uidOnly(uid: [UInt8])
        /// An NTAG215 whose NDEF message is one Text record holding `text`.
        case ntag215(uid: [UInt8], text: String)
        /// An NTAG215 with this data area from page 4 (TLVs as stored), for odd tags.
        case ntag215Area(uid: [UInt8], area: [UInt8])
        /// Answers every command with this status word and no data.
        case failing(sw1: UInt8, sw2: UInt8)
        /// Answers every command with a single byte (no status word).
        case truncated
        /// An NTAG215 that leaves the field as soon as it is asked for its pages.
        case removedMidRead(uid: [UInt8])
        /// A MIFARE Classic 1K: gives its UID, and answers a READ of pages with 69 82 (not authenticated).
        case mifareClassic(uid: [UInt8])
        /// An NTAG 424 DNA (ISO 14443-4, the Type 4 NDEF application, SUN, EV2; see `VirtualNTAG424`).
        case ntag424(VirtualNTAG424)
        /// Answers with this function (nil: leave the field mid-command), under this ATR: a phone
        /// (`VirtualPhone`) or any other card a test scripts.
        case scripted(atr: [UInt8], respond: @Sendable ([UInt8]) -> [UInt8]?)
    }

    public static let defaultPort: UInt16 = 35963
    public static let ntagATR: [UInt8] = withTCK([0x3B, 0x8F, 0x80, 0x01, 0x80, 0x4F, 0x0C, 0xA0, 0x00, 0x00, 0x03,
                                                  0x06, 0x03, 0x00, 0x03, 0x00, 0x00, 0x00, 0x00])
    public static let iso14443_4ATR: [UInt8] = withTCK([0x3B, 0x81, 0x80, 0x01, 0x80])
    /// A PC/SC part 3 ATR for an ISO 14443-3A storage card with this card name.
    public static func storageATR(name: UInt16) -> [UInt8] {
        withTCK([0x3B, 0x8F, 0x80, 0x01, 0x80, 0x4F, 0x0C, 0xA0, 0x00, 0x00, 0x03, 0x06, 0x03,
                 UInt8(name >> 8), UInt8(name & 0xFF), 0x00, 0x00, 0x00, 0x00])
    }
    public static let ultralightEV1ATR = storageATR(name: 0x003D)
    public static let classic1KATR = storageATR(name: 0x0001)

    public let behaviour: Behaviour
    public let port: UInt16
    /// The ATR given in place of the behaviour's own (a reader that names the card otherwise).
    public let atrOverride: [UInt8]?
    private let state = Mutex(State())

    private struct State {
        var socket: Int32 = -1
        var commands: [[UInt8]] = []
        var answered = 0
        var served: DispatchSemaphore?
    }

    public init(_ behaviour: Behaviour, atr: [UInt8]? = nil, port: UInt16 = VirtualCard.defaultPort) {
        self.behaviour = behaviour
        self.atrOverride = atr
        self.port = port
    }

    deinit { remove() }

    public var atr: [UInt8] {
        if let atrOverride { return atrOverride }
        switch behaviour {
        case .mifareClassic: return Self.classic1KATR
        case .ntag215, .ntag215Area, .removedMidRead: return Self.ntagATR
        case .uidOnly, .failing, .truncated, .ntag424: return Self.iso14443_4ATR
        case .scripted(let atr, _): return atr
        }
    }

    /// Every command APDU the reader sent, in order.
    public var commands: [[UInt8]] { state.withLock { $0.commands } }
    /// How many commands the card has answered (sent back in full), for tests that must not lift
    /// it mid-read.
    public var answered: Int { state.withLock { $0.answered } }

    public var isPresent: Bool { state.withLock { $0.socket >= 0 } }

    /// Puts the card on the reader: connects to vpcd and answers it on a thread.
    public func insert(host: String = "127.0.0.1") throws {
        remove()
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw VirtualCardError.connect(errno) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        inet_pton(AF_INET, host, &address.sin_addr)
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else {
            let code = errno
            close(fd)
            throw VirtualCardError.connect(code)
        }
        var one: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        let served = DispatchSemaphore(value: 0)
        state.withLock {
            $0.socket = fd
            $0.served = served
        }
        if case .ntag424(let tag) = behaviour { tag.inserted() }
        Thread.detachNewThread { [self] in
            serve(fd)
            served.signal()
        }
    }

    /// Takes the card off the reader (closes the connection); waits for the serving thread.
    public func remove() {
        let (fd, served) = state.withLock { state -> (Int32, DispatchSemaphore?) in
            defer { state.socket = -1; state.served = nil }
            return (state.socket, state.served)
        }
        guard fd >= 0 else { return }
        shutdown(fd, Int32(SHUT_RDWR))
        served?.wait()
        close(fd)
    }

    // MARK: Serving vpcd

    private func serve(_ fd: Int32) {
        while let message = receive(fd) {
            if message.count == 1 {
                if message[0] == 0x04, !send(fd, atr) { return }
                continue
            }
            state.withLock { $0.commands.append(message) }
            guard let response = respond(to: message) else {
                // Leave the field mid-command: the reader sees the card vanish.
                shutdown(fd, Int32(SHUT_RDWR))
                return
            }
            if !send(fd, response) { return }
            state.withLock { $0.answered += 1 }
        }
    }

    private func respond(to apdu: [UInt8]) -> [UInt8]? {
        let ok: [UInt8] = [0x90, 0x00]
        switch behaviour {
        case .failing(let sw1, let sw2):
            return [sw1, sw2]
        case .ntag424(let tag):
            return tag.respond(apdu)
        case .truncated:
            return [0x90]
        case .scripted(_, let respond):
            return respond(apdu)
        case .uidOnly(let uid):
            if apdu.starts(with: [0xFF, 0xCA, 0x00, 0x00]) { return uid + ok }
            return apdu.starts(with: [0xFF, 0x00]) ? ok : [0x6A, 0x81]
        case .mifareClassic(let uid):
            if apdu.starts(with: [0xFF, 0xCA, 0x00, 0x00]) { return uid + ok }
            if apdu.starts(with: [0xFF, 0x00]) { return ok }
            return apdu.starts(with: [0xFF, 0xB0]) ? [0x69, 0x82] : [0x6D, 0x00]
        case .ntag215(let uid, _), .ntag215Area(let uid, _), .removedMidRead(let uid):
            if apdu.starts(with: [0xFF, 0xCA, 0x00, 0x00]) { return uid + ok }
            if apdu.starts(with: [0xFF, 0x00]) { return ok }
            guard apdu.count == 5, apdu.starts(with: [0xFF, 0xB0, 0x00]) else { return [0x6D, 0x00] }
            if case .removedMidRead = behaviour { return nil }
            let memory = ntagMemory(uid: uid)
            let start = Int(apdu[3]) * 4
            let length = apdu[4] == 0 ? 256 : Int(apdu[4])
            guard start < memory.count else { return [0x6B, 0x00] }
            // NTAG reads roll over at the end of memory.
            return (0..<length).map { memory[(start + $0) % memory.count] } + ok
        }
    }

    /// 135 pages of 4 bytes: UID and lock bytes, the capability container at page 3, then
    /// the data area (NDEF TLV, terminator).
    private func ntagMemory(uid: [UInt8]) -> [UInt8] {
        var memory = [UInt8](repeating: 0, count: 135 * 4)
        let id = Array((uid + [UInt8](repeating: 0, count: 7)).prefix(7))
        memory.replaceSubrange(0..<9, with: [id[0], id[1], id[2], 0x88 ^ id[0] ^ id[1] ^ id[2],
                                             id[3], id[4], id[5], id[6], id[3] ^ id[4] ^ id[5] ^ id[6]])
        memory.replaceSubrange(12..<16, with: [0xE1, 0x10, 0x3E, 0x00])
        let area: [UInt8]
        switch behaviour {
        case .ntag215(_, let text): area = Self.ndefTextTLV(text)
        case .ntag215Area(_, let bytes): area = bytes
        default: area = [0x03, 0x00, 0xFE]
        }
        let usable = min(area.count, memory.count - 16)
        memory.replaceSubrange(16..<(16 + usable), with: area.prefix(usable))
        return memory
    }

    /// An NDEF TLV holding one Text record ("en", UTF-8), then the terminator TLV.
    public static func ndefTextTLV(_ text: String, language: String = "en") -> [UInt8] {
        let payload = [UInt8(language.utf8.count)] + Array(language.utf8) + Array(text.utf8)
        let record: [UInt8]
        if payload.count < 256 {
            record = [0xD1, 0x01, UInt8(payload.count), 0x54] + payload
        } else {
            let n = UInt32(payload.count)
            record = [0xC1, 0x01, UInt8(n >> 24), UInt8(n >> 16 & 0xFF), UInt8(n >> 8 & 0xFF), UInt8(n & 0xFF), 0x54]
                + payload
        }
        let length: [UInt8] = record.count < 0xFF
            ? [UInt8(record.count)] : [0xFF, UInt8(record.count >> 8), UInt8(record.count & 0xFF)]
        return [0x03] + length + record + [0xFE]
    }

    static func withTCK(_ atr: [UInt8]) -> [UInt8] { atr + [atr.dropFirst().reduce(0, ^)] }

    private func receive(_ fd: Int32) -> [UInt8]? {
        guard let header = readExactly(fd, 2) else { return nil }
        let length = Int(header[0]) << 8 | Int(header[1])
        if length == 0 { return [] }
        return readExactly(fd, length)
    }

    private func readExactly(_ fd: Int32, _ count: Int) -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: count)
        var got = 0
        while got < count {
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress! + got, count - got, 0) }
            // vpcd writes without TCP_NODELAY: ACK at once so that Nagle never holds its next
            // message for our delayed ACK (40 ms per command otherwise).
            var one: Int32 = 1
            setsockopt(fd, Int32(IPPROTO_TCP), TCP_QUICKACK, &one, socklen_t(MemoryLayout<Int32>.size))
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { return nil }
            got += n
        }
        return buffer
    }

    private func send(_ fd: Int32, _ payload: [UInt8]) -> Bool {
        let message = [UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)] + payload
        var sent = 0
        while sent < message.count {
            let n = message.withUnsafeBytes { Glibc.send(fd, $0.baseAddress! + sent, message.count - sent, Int32(MSG_NOSIGNAL)) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { return false }
            sent += n
        }
        return true
    }
}

public enum VirtualCardError: Error, CustomStringConvertible {
    case connect(Int32)
    public var description: String {
        switch self {
        case .connect(let code): return "cannot reach vpcd on TCP 35963: \(String(cString: strerror(code)))"
        }
    }
}
