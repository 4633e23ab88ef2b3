import CPCSCLite
import Foundation
import Synchronization

/// `PCSCContext` over pcsc-lite. DWORD and LONG are 8 bytes on 64-bit Linux, so every value
/// crosses the boundary in the imported C types, never as UInt32.
public final class PCSCLiteContext: PCSCContext {
    private let handle = Mutex<SCARDCONTEXT?>(nil)

    public init() {}

    deinit { release() }

    static func check(_ result: LONG, _ operation: String, reader: String? = nil) throws {
        guard result != SCARD_S_SUCCESS else { return }
        throw PCSCError(code: UInt32(truncatingIfNeeded: result), operation: operation, reader: reader)
    }

    private func current(_ operation: String) throws -> SCARDCONTEXT {
        guard let context = handle.withLock({ $0 }) else {
            throw PCSCError(code: PCSCError.invalidHandle, operation: operation)
        }
        return context
    }

    public func establish() throws {
        release()
        var context: SCARDCONTEXT = 0
        try Self.check(SCardEstablishContext(DWORD(SCARD_SCOPE_SYSTEM), nil, nil, &context), "SCardEstablishContext")
        handle.withLock { $0 = context }
    }

    public func release() {
        if let context = handle.withLock({ state -> SCARDCONTEXT? in defer { state = nil }; return state }) {
            _ = SCardReleaseContext(context)
        }
    }

    public func listReaders() throws -> [String] {
        let context = try current("SCardListReaders")
        var length: DWORD = 0
        var result = SCardListReaders(context, nil, nil, &length)
        if UInt32(truncatingIfNeeded: result) == PCSCError.noReadersAvailable { return [] }
        try Self.check(result, "SCardListReaders")
        var buffer = [CChar](repeating: 0, count: Int(length))
        result = SCardListReaders(context, nil, &buffer, &length)
        if UInt32(truncatingIfNeeded: result) == PCSCError.noReadersAvailable { return [] }
        try Self.check(result, "SCardListReaders")
        // A multi-string: names separated by NUL, ended by an empty name.
        return buffer.split(separator: 0).map { String(decoding: $0.map { UInt8(bitPattern: $0) }, as: UTF8.self) }
    }

    public func getStatusChange(_ states: inout [ReaderState], timeoutMilliseconds: UInt32) throws -> Bool {
        let context = try current("SCardGetStatusChange")
        let names = states.map { strdup($0.reader) }
        defer { names.forEach { free($0) } }
        var raw = states.enumerated().map { index, state -> SCARD_READERSTATE in
            var entry = SCARD_READERSTATE()
            entry.szReader = UnsafePointer(names[index])
            entry.dwCurrentState = DWORD(truncatingIfNeeded: state.currentState)
            return entry
        }
        let result = SCardGetStatusChange(context, DWORD(timeoutMilliseconds), &raw, DWORD(raw.count))
        if UInt32(truncatingIfNeeded: result) == PCSCError.timeout { return false }
        try Self.check(result, "SCardGetStatusChange")
        for index in states.indices {
            var entry = raw[index]
            states[index].eventState = UInt64(entry.dwEventState)
            let count = min(Int(entry.cbAtr), Int(MAX_ATR_SIZE))
            states[index].atr = withUnsafeBytes(of: &entry.rgbAtr) { Array($0.prefix(count)) }
        }
        return true
    }

    public func cancel() {
        if let context = handle.withLock({ $0 }) { _ = SCardCancel(context) }
    }

    public func connect(reader: String) throws -> any CardChannel {
        let context = try current("SCardConnect")
        var card: SCARDHANDLE = 0
        var protocolUsed: DWORD = 0
        try Self.check(SCardConnect(context, reader, DWORD(SCARD_SHARE_SHARED),
                                    DWORD(SCARD_PROTOCOL_T0) | DWORD(SCARD_PROTOCOL_T1), &card, &protocolUsed),
                       "SCardConnect", reader: reader)
        return PCSCLiteCard(handle: card, protocolUsed: protocolUsed, reader: reader)
    }
}

final class PCSCLiteCard: CardChannel {
    let handle: SCARDHANDLE
    let protocolUsed: DWORD
    let reader: String

    init(handle: SCARDHANDLE, protocolUsed: DWORD, reader: String) {
        self.handle = handle
        self.protocolUsed = protocolUsed
        self.reader = reader
    }

    func transmit(_ command: [UInt8]) throws -> [UInt8] {
        var response = [UInt8](repeating: 0, count: 258)
        var length = DWORD(response.count)
        var pci = protocolUsed == DWORD(SCARD_PROTOCOL_T0) ? g_rgSCardT0Pci : g_rgSCardT1Pci
        let result = SCardTransmit(handle, &pci, command, DWORD(command.count), nil, &response, &length)
        try PCSCLiteContext.check(result, "SCardTransmit", reader: reader)
        return Array(response.prefix(Int(length)))
    }

    func disconnect() {
        _ = SCardDisconnect(handle, DWORD(SCARD_LEAVE_CARD))
    }
}
