/// The format of the JSON side files (`staff.json`, `sun-counters.json`, `wallet-claims.json`):
/// format 1 holds only its desk's own entries; format 2 adds `"carried"`, the entries of the desks
/// the file's desk took over (an earlier self after a restore, a retired desk), under each desk's
/// id, so that they outlive that desk's subfolder. A file that carries nothing is written as format
/// 1, byte for byte as before, and an older memberdesk reads a format-2 file's own entries (it
/// ignores keys it does not know). A file of a later format is refused whole.
enum SideFileFormat {
    static let current = 2

    /// `format` for a file carrying `carried`: nil (format 1) when it carries nothing.
    static func format<Entry>(carrying carried: [String: [Entry]]) -> Int? {
        carried.isEmpty ? nil : current
    }

    /// Refuses a file of a format this memberdesk does not read, and a `carried` map naming
    /// something that is not another desk's terminal id.
    static func check<Entry>(format: Int?, carried: [String: [Entry]]?, writer: String, path: String) throws {
        let format = format ?? 1
        guard format <= current else {
            throw SyncError.badFile(path, "written by a newer memberdesk (format \(format); this one reads up to \(current))")
        }
        guard format >= 1 else { throw SyncError.badFile(path, "format \(format) is not a format") }
        for desk in (carried ?? [:]).keys.sorted() {
            guard SyncFolder.isTerminalId(desk) else { throw SyncError.badFile(path, "carries \(desk.prefix(40)): not a desk's id") }
            guard desk != writer else { throw SyncError.badFile(path, "carries its own desk") }
        }
    }
}
