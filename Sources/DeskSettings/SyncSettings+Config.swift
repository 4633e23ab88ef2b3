import Foundation
import MemberKit

extension SyncSettings {
    /// The config's sync settings; nil when sync is off.
    public init?(_ config: DeskConfig) {
        let folder = config.sync.folder.trimmingCharacters(in: .whitespaces)
        guard !folder.isEmpty else { return nil }
        self.init(folder: folder, snapshotChanges: Int(config.sync.snapshotChanges),
                  snapshotInterval: config.sync.snapshotHours * 3600,
                  maxFileBytes: Int64(config.sync.maxFileMB * 1_048_576), rescanInterval: config.sync.rescanSeconds)
        calendar = DeskConfig.clubCalendar
    }
}
