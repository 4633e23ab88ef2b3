import Foundation
import MemberKit

/// Keyboard-wedge scanners (Socket Mobile S550-class in keyboard mode) type the pass payload
/// or the UID and then Enter. This splits such input into scans: CR, LF or CR LF ends a
/// line, blank lines are skipped, and an overlong or non-UTF-8 line is an error, not a scan.
public struct WedgeLineDecoder: Sendable {
    public static let maximumLineBytes = 1024

    private var line: [UInt8] = []
    private var overlong = false
    private var lastWasCR = false

    public init() {}

    public mutating func feed(_ bytes: some Sequence<UInt8>) -> [Result<String, WedgeError>] {
        var results: [Result<String, WedgeError>] = []
        for byte in bytes {
            if byte == 0x0A, lastWasCR { lastWasCR = false; continue }
            lastWasCR = byte == 0x0D
            if byte == 0x0A || byte == 0x0D {
                if let result = endLine() { results.append(result) }
            } else if line.count < Self.maximumLineBytes {
                line.append(byte)
            } else {
                overlong = true
            }
        }
        return results
    }

    /// Input ended: a last line without Enter still counts.
    public mutating func finish() -> [Result<String, WedgeError>] {
        endLine().map { [$0] } ?? []
    }

    private mutating func endLine() -> Result<String, WedgeError>? {
        defer { line.removeAll(keepingCapacity: true); overlong = false }
        if overlong { return .failure(.overlong(limit: Self.maximumLineBytes)) }
        guard let text = String(validating: line, as: UTF8.self) else { return .failure(.notText) }
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        return trimmed.isEmpty ? nil : .success(trimmed)
    }
}

public enum WedgeError: Error, Sendable, Equatable, CustomStringConvertible {
    case overlong(limit: Int)
    case notText

    public var description: String {
        switch self {
        case .overlong(let limit): return "scanned line longer than \(limit) bytes; ignored"
        case .notText: return "scanned line is not UTF-8 text; ignored"
        }
    }
}

/// Reads wedge lines from a file descriptor (standard input) and checks each in through the
/// port, one after another on the reading thread (a scanner waits in the kernel's buffer, in
/// order, while the database is busy). Bad lines are reported to the sink; nothing a scanner
/// types stops the reader.
public struct WedgeLineReader: Sendable {
    public let checkIns: any CheckInPort
    public let events: any EventSink

    public init(checkIns: any CheckInPort, events: any EventSink) {
        self.checkIns = checkIns
        self.events = events
    }

    /// Runs until end of input.
    public func run(fileDescriptor: Int32) {
        var decoder = WedgeLineDecoder()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fileDescriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            handle(decoder.feed(buffer[..<count]))
        }
        handle(decoder.finish())
    }

    public func handle(_ results: [Result<String, WedgeError>]) {
        for result in results {
            switch result {
            case .success(let line):
                // The core publishes the outcome, or the error for a pass it cannot read.
                _ = try? checkIns.checkIn(pass: line, source: .wedge)
            case .failure(let error):
                events.publish(.error(DeskErrorNotice(source: CheckInSource.wedge.rawValue, message: error.description)))
            }
        }
    }
}
