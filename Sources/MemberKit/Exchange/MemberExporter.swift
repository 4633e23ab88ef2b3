import Foundation

/// Streams the member table into an exchange file: the store's members in one read transaction
/// (`AppDatabase.readExchangeMembers`), encoded into a buffer flushed every 1 MB.
public struct MemberExporter: Sendable {
    let database: AppDatabase
    /// The member type's fields (`variableNamesAsStrings()`), which become columns/keys after ClubKit's six.
    let memberFields: [String]
    /// A .musrl's stamps as sync format 2 wrote them, for what desks before format 3 wrote: the
    /// field-stamps bench's reference and the tests' older files.
    package var formatTwoStamps = false

    public init(database: AppDatabase, memberFields: [String] = CustomMembershipUser.variableNamesAsStrings()) {
        self.database = database
        self.memberFields = memberFields
    }

    /// Whether a file in `format` holds live members only: a ClubKit file, and a spreadsheet
    /// (see `ExchangeFormat.carriesDeletions`).
    static func liveOnly(_ format: ExchangeFormat, clubKit: Bool) -> Bool {
        clubKit || !format.carriesDeletions
    }

    /// Writes every member (with tombstones where the format keeps them, see `liveOnly`) to `path`,
    /// atomically. `progress` gets (entries written, total). Returns what was written, as people count it.
    @discardableResult
    public func export(to path: String, format: ExchangeFormat, clubKit: Bool = false,
                       progress: ((Int, Int) -> Void)? = nil) throws -> MemberFileCount {
        try AtomicFileWriter.write(path: path) { sink in
            try write(format: format, clubKit: clubKit, progress: progress, sink: sink)
        }
    }

    /// Writes the selected members as a .musrl file with memberdesk's extras, atomically, under a
    /// temporary name Syncthing ignores: the sync folder's changes files and snapshots.
    @discardableResult
    package func exportForSync(_ selection: ExchangeSelection, to path: String, files: any SyncFolderFiles) throws -> Int {
        try files.write(to: path) { sink in
            try write(selection, format: .musrl, clubKit: false, progress: nil, sink: sink).total
        }
    }

    /// The whole export in memory, for tests and small lists.
    @_spi(Testing) public func exportBytes(format: ExchangeFormat, clubKit: Bool = false) throws -> [UInt8] {
        var bytes: [UInt8] = []
        _ = try write(format: format, clubKit: clubKit, progress: nil) { bytes.append(contentsOf: $0) }
        return bytes
    }

    func write(format: ExchangeFormat, clubKit: Bool, progress: ((Int, Int) -> Void)?,
               sink: ([UInt8]) throws -> Void) throws -> MemberFileCount {
        try write(Self.liveOnly(format, clubKit: clubKit) ? .live(counters: !clubKit) : .all, format: format, clubKit: clubKit,
                  progress: progress, sink: sink)
    }

    /// The one encoder loop: members of `selection`, encoded into a buffer flushed every 1 MB.
    func write(_ selection: ExchangeSelection, format: ExchangeFormat, clubKit: Bool, progress: ((Int, Int) -> Void)?,
               sink: ([UInt8]) throws -> Void) throws -> MemberFileCount {
        var encoder = format.encoder(subclassFields: memberFields, clubKit: clubKit)
        if formatTwoStamps, var musrl = encoder as? MusrlEncoder {
            musrl.formatTwoStamps = true
            encoder = musrl
        }
        var out: [UInt8] = []
        out.reserveCapacity(1 << 20 + 4096)
        return try database.readExchangeMembers(selection) { total, next in
            encoder.begin(into: &out)
            var count = 0
            var written = MemberFileCount()
            while let member = try next() {
                encoder.encode(member, into: &out)
                written.add(member)
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
            return written
        }
    }
}
