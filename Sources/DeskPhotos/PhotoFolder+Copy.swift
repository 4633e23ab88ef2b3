import Foundation
import MemberKit

extension PhotoFolder {
    /// The folder of photos kept beside a backup file (`<its folder>/photos`): content-addressed,
    /// so every backup in a folder shares one copy of each photo.
    public init(besideBackup backupPath: String) {
        self.init(besideDatabase: backupPath)
    }

    /// Copies the photos of `hashes` this folder lacks from `source`, each checked again as one
    /// from another desk is (`adopt`): a missing or damaged source file is skipped, never copied.
    /// How many were copied, and how many of `hashes` neither folder has.
    @discardableResult
    public func copy(_ hashes: Set<String>, from source: PhotoFolder) -> (copied: Int, missing: Int) {
        var copied = 0, missing = 0
        for hash in hashes.sorted() where bytes(hash) == nil {
            guard let found = source.bytes(hash), (try? adopt(found, as: hash)) != nil else {
                missing += 1
                continue
            }
            copied += 1
        }
        return (copied, missing)
    }
}
