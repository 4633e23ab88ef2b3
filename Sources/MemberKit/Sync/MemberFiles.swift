/// The member files: each desk's `SyncFileName` files and its `desk.json` (`DeskInfoFile`),
/// written by `SyncWriter` and read by `SyncReader`. Their slots are the pass's own (`written`,
/// `readReport`); whether a retired desk's are held is the takeover's coverage (`DeskSync.retiredDesks`).
enum MemberFiles: SyncFileKind {
    static func run(_ sync: inout SyncPass) throws {
        if sync.write { sync.written = try sync.writer.write() }
        if sync.read { sync.readReport = try sync.reader.read(named: sync.only) }
        // What it read of a desk it carries (a restored desk's earlier self) goes into its snapshot now.
        if sync.read, try sync.writer.carriesMoreThanItsSnapshot() { sync.written = try sync.writer.write(snapshot: true) }
    }
}
