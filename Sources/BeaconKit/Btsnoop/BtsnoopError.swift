/// What is wrong with a capture, in one line that names the file and where.
public enum BtsnoopError: Error, Sendable, Equatable, CustomStringConvertible {
    case unreadable(file: String, reason: String)
    case notBtsnoop(file: String)
    case unsupportedVersion(file: String, version: UInt32)
    case unsupportedDatalink(file: String, datalink: UInt32)
    case badRecord(file: String, record: Int, offset: Int, reason: String)

    public var description: String {
        switch self {
        case .unreadable(let file, let reason):
            return "\(file): cannot read capture: \(reason)"
        case .notBtsnoop(let file):
            return "\(file): not a btsnoop capture (no \"btsnoop\" header)"
        case .unsupportedVersion(let file, let version):
            return "\(file): btsnoop version \(version) is not supported (only version 1)"
        case .unsupportedDatalink(let file, let datalink):
            return "\(file): btsnoop datalink \(datalink) is not supported (use 1001, 1002 or 2001)"
        case .badRecord(let file, let record, let offset, let reason):
            return "\(file): record \(record) at byte \(offset): \(reason)"
        }
    }
}
