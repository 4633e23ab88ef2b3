import Foundation

/// The folder `memberdesk backup` writes into without a file name: one file per backup, named
/// by its UTC time (`members-2026-11-23T10-20-00Z.sqlite`, so names sort by age), pruned to the
/// newest `backup.keep`.
public struct BackupFolder: Sendable {
    public let path: String

    package init(path: String) {
        self.path = path
    }

    public struct Backup: Sendable, Equatable {
        public var path: String
        public var date: Date
    }

    private static let prefix = "members-"
    private static let suffix = ".sqlite"

    package static func formatter() -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = ISO8601Text.utc
        formatter.dateFormat = "yyyy-MM-dd'T'HH-mm-ss'Z'"
        return formatter
    }

    /// The path of a new backup taken at `date`. Two backups within one second (the timer and a
    /// person) get the next free second's name, so neither replaces the other.
    public func newBackupPath(at date: Date) -> String {
        let formatter = Self.formatter()
        var moment = date
        while true {
            let candidate = path + "/" + Self.prefix + formatter.string(from: moment) + Self.suffix
            if !FileManager.default.fileExists(atPath: candidate) { return candidate }
            moment = moment.addingTimeInterval(1)
        }
    }

    /// The timestamped backups in the folder, oldest first (other files are left alone).
    public func backups() -> [Backup] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        let formatter = Self.formatter()
        return names.compactMap { name -> Backup? in
            Self.date(fromFileName: name, formatter: formatter).map { Backup(path: path + "/" + name, date: $0) }
        }.sorted { $0.date < $1.date }
    }

    /// The time a backup's file name gives; nil for any other name. Any file may lie in the
    /// folder: only a time's shape reaches the DateFormatter (`DateText`).
    package static func date(fromFileName name: String, formatter: DateFormatter? = nil) -> Date? {
        guard name.hasPrefix(prefix), name.hasSuffix(suffix), name.utf8.count > prefix.utf8.count + suffix.utf8.count else { return nil }
        let stamp = String(name.dropFirst(prefix.count).dropLast(suffix.count))
        guard DateText.isPlausible(stamp) else { return nil }
        return (formatter ?? Self.formatter()).date(from: stamp)
    }

    /// Removes all but the newest `keep` backups; the paths it removed.
    @discardableResult
    public func prune(keep: Int) throws -> [String] {
        let all = backups()
        var removed: [String] = []
        for backup in all.dropLast(max(keep, 1)) {
            do {
                try FileManager.default.removeItem(atPath: backup.path)
            } catch {
                throw DeskError.io("cannot remove the old backup \(backup.path): \((error as NSError).localizedDescription)")
            }
            removed.append(backup.path)
        }
        return removed
    }

    /// Creates the folder (mode 0700: backups hold member data) when missing.
    public func create() throws {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            throw DeskError.io("cannot create the backup folder \(path): \((error as NSError).localizedDescription)")
        }
    }
}
