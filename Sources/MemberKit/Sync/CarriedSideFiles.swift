import Foundation

/// Whether a retired desk's side files may go with its subfolder: everything they hold must be
/// held, by law, in the files of desks that stay (`keepers`: the active desks, the taker first).
/// Staff: each version equalled or superseded there; SUN counters: each (tag, desk) register
/// there at least as high, with its recent reads; phones' claims: each live digest kept there at
/// least as long; audit: each entry there. A file that is refused holds nothing to carry.
struct CarriedSideFiles {
    let folder: SyncFolder
    let keepers: [String]
    let now: Double

    /// The names of `desk`'s side files (the audit files as one) holding something no keeper's files hold.
    func uncarried(of desk: String) throws -> [String] {
        var names: [String] = []
        if !staffCarried(desk) { names.append(StaffSyncFile.fileName) }
        if !countersCarried(desk) { names.append(SecureCounterFile.fileName) }
        if !claimsCarried(desk) { names.append(WalletClaimFile.fileName) }
        if try !auditCarried(desk) { names.append("audit files") }
        return names
    }

    private func staffCarried(_ desk: String) -> Bool {
        var latest: [String: StaffAccount] = [:]
        for keeper in keepers {
            for version in read(StaffSyncFile.fileName, of: keeper, max: StaffState.maxBytes, StaffSyncFile.parse) {
                let name = version.name.lowercased()
                if latest[name].map({ version.supersedes($0) }) ?? true { latest[name] = version }
            }
        }
        return read(StaffSyncFile.fileName, of: desk, max: StaffState.maxBytes, StaffSyncFile.parse).allSatisfy { version in
            latest[version.name.lowercased()].map { !version.supersedes($0) } ?? false
        }
    }

    private func countersCarried(_ desk: String) -> Bool {
        var held: [String: SecureCounterEntry] = [:]
        for keeper in keepers {
            for entry in read(SecureCounterFile.fileName, of: keeper, max: SecureCounterState.maxBytes, SecureCounterFile.parse) {
                let key = entry.uid + " " + entry.terminalId
                held[key] = held[key].map { $0.merged(with: entry) } ?? entry
            }
        }
        return read(SecureCounterFile.fileName, of: desk, max: SecureCounterState.maxBytes, SecureCounterFile.parse).allSatisfy { entry in
            held[entry.uid + " " + entry.terminalId].map { $0.merged(with: entry) == $0 } ?? false
        }
    }

    private func claimsCarried(_ desk: String) -> Bool {
        var kept: [[UInt8]: Double] = [:]
        for keeper in keepers {
            for claim in read(WalletClaimFile.fileName, of: keeper, max: WalletClaimFile.maxBytes, WalletClaimFile.parse) {
                kept[claim.digest] = max(kept[claim.digest] ?? -.infinity, claim.keepUntil)
            }
        }
        // An expired claim means nothing any more, wherever it is.
        return read(WalletClaimFile.fileName, of: desk, max: WalletClaimFile.maxBytes, WalletClaimFile.parse).allSatisfy { claim in
            claim.keepUntil < now || (kept[claim.digest] ?? -.infinity) >= claim.keepUntil
        }
    }

    private func auditCarried(_ desk: String) throws -> Bool {
        var missing = Set(try auditEntries(of: desk).map(AuditMillisecond.key))
        for keeper in keepers where !missing.isEmpty {
            missing.subtract(try auditEntries(of: keeper).map(AuditMillisecond.key))
        }
        return missing.isEmpty
    }

    private func auditEntries(of desk: String) throws -> [AuditEntry] {
        let directory = folder.subfolder(desk)
        var info = stat()
        guard lstat(directory, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { return [] }
        let names = try SyncFolder.entries(of: directory, including: AuditSyncFile.isAuditFile).map(\.name)
        return names.flatMap { name in
            read(name, of: desk, max: 256 << 20) { try AuditSyncFile.parse($0, file: name, in: $1, path: $2) }
        }
    }

    /// What `desk`'s file `name` holds by its parser; nothing when it is missing, not a regular
    /// file, too large or refused (a refused file holds nothing the desks merged).
    private func read<Entry>(_ name: String, of desk: String, max: Int,
                             _ parse: ([UInt8], String, String) throws -> [Entry]) -> [Entry] {
        let path = folder.subfolder(desk) + "/" + name
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) <= max,
              let data = FileManager.default.contents(atPath: path) else { return [] }
        do { return try parse(Array(data), desk, path) } catch { return [] }
    }
}
