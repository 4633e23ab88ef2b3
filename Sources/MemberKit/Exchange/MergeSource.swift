import Foundation

/// Where an import reads from: a file, or bytes already in memory (tests, the TUI's paste).
public enum MergeSource: Sendable {
    case file(path: String, format: ExchangeFormat)
    case bytes([UInt8], format: ExchangeFormat, name: String)

    package var name: String {
        switch self {
        case .file(let path, _): return path
        case .bytes(_, _, let name): return name
        }
    }

    func decoder(sheet: SheetOptions? = nil) throws -> any MemberFileDecoder {
        switch self {
        case .file(let path, let format): return try format.decoder(path: path, sheet: sheet)
        case .bytes(let bytes, let format, let name): return format.decoder(bytes: bytes, name: name, sheet: sheet)
        }
    }
}
