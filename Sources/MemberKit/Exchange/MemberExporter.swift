import Foundation

/// Streams the member table into an exchange file: the store's members in one read transaction
/// (`AppDatabase.readExchangeMembers`), encoded into a buffer flushed every 1 MB.
public struct MemberExporter: Sendable {
    public let database: AppDatabase
    /// The member type's fields (`variableNamesAsStrings()`), which become columns/keys after ClubKit's six.
    public let memberFields: [String]

    public init(database: AppDatabase, memberFields: [String] = CustomMembershipUser.variableNamesAsStrings()) {
        self.database = database
        self.memberFields = memberFields
    }

    /// Writes every member (with tombstones, unless `clubKit`) to `path`, atomically.
    /// `progress` gets (members written, total). Returns the number of members written.
    @discardableResult
    public func export(to path: String, format: ExchangeFormat, clubKit: Bool = false,
                       progress: ((Int, Int) -> Void)? = nil) throws -> Int {
        let file = try AtomicFileWriter(path: path)
        do {
            let count = try write(format: format, clubKit: clubKit, progress: progress) { try file.write($0) }
            try file.commit()
            return count
        } catch {
            file.discard()
            throw error
        }
    }

    /// The whole export in memory, for tests and small lists.
    public func exportBytes(format: ExchangeFormat, clubKit: Bool = false) throws -> [UInt8] {
        var bytes: [UInt8] = []
        _ = try write(format: format, clubKit: clubKit, progress: nil) { bytes.append(contentsOf: $0) }
        return bytes
    }

    func write(format: ExchangeFormat, clubKit: Bool, progress: ((Int, Int) -> Void)?,
               sink: ([UInt8]) throws -> Void) throws -> Int {
        var encoder = format.encoder(subclassFields: memberFields, clubKit: clubKit)
        var out: [UInt8] = []
        out.reserveCapacity(1 << 20 + 4096)
        return try database.readExchangeMembers(liveOnly: clubKit) { total, next in
            encoder.begin(into: &out)
            var count = 0
            while let member = try next() {
                encoder.encode(member, into: &out)
                count += 1
                if out.count >= 1 << 20 {
                    try sink(out)
                    out.removeAll(keepingCapacity: true)
                    progress?(count, total)
                }
            }
            encoder.end(into: &out)
            try sink(out)
            progress?(count, total)
            return count
        }
    }
}
