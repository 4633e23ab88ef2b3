import MemberKit

extension BackupFolder {
    /// The folder `backup.folder` names, else the data folder's `backups`.
    public init(config: DeskConfig, paths: DeskPaths) {
        self.init(path: config.backup.folder.isEmpty ? paths.defaultBackupFolder : config.backup.folder)
    }
}
