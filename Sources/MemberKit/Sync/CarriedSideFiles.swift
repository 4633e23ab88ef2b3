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

    /// The report keys of `desk`'s side files (the audit files as one) holding something no keeper's files hold.
    func uncarried(of desk: String) throws -> [String] {
        var names: [String] = []
        for kind in SideFileKinds.all {
            if try !kind.isCarried(desk, by: self) { names.append(kind.reportKey) }
        }
        return names
    }

    func auditEntries(of desk: String) throws -> [AuditEntry] {
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
    func read<Entry>(_ name: String, of desk: String, max: Int,
                             _ parse: ([UInt8], String, String) throws -> [Entry]) -> [Entry] {
        let path = folder.subfolder(desk) + "/" + name
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) <= max,
              let data = FileManager.default.contents(atPath: path) else { return [] }
        do { return try parse(Array(data), desk, path) } catch { return [] }
    }
}

extension StaffState {
    static func isCarried(_ desk: String, by carried: CarriedSideFiles) -> Bool {
        var latest: [String: StaffAccount] = [:]
        for keeper in carried.keepers {
            for version in carried.read(fileName, of: keeper, max: maxBytes, StaffSyncFile.parse) {
                let name = version.name.lowercased()
                if latest[name].map({ version.supersedes($0) }) ?? true { latest[name] = version }
            }
        }
        return carried.read(fileName, of: desk, max: maxBytes, StaffSyncFile.parse).allSatisfy { version in
            latest[version.name.lowercased()].map { !version.supersedes($0) } ?? false
        }
    }
}

extension SecureCounterState {
    static func isCarried(_ desk: String, by carried: CarriedSideFiles) -> Bool {
        var held: [String: SecureCounterEntry] = [:]
        for keeper in carried.keepers {
            for entry in carried.read(fileName, of: keeper, max: maxBytes, SecureCounterFile.parse) {
                let key = entry.uid + " " + entry.terminalId
                held[key] = held[key].map { $0.merged(with: entry) } ?? entry
            }
        }
        return carried.read(fileName, of: desk, max: maxBytes, SecureCounterFile.parse).allSatisfy { entry in
            held[entry.uid + " " + entry.terminalId].map { $0.merged(with: entry) == $0 } ?? false
        }
    }
}

extension WalletClaimState {
    static func isCarried(_ desk: String, by carried: CarriedSideFiles) -> Bool {
        var kept: [[UInt8]: Double] = [:]
        for keeper in carried.keepers {
            for claim in carried.read(fileName, of: keeper, max: maxBytes, WalletClaimFile.parse) {
                kept[claim.digest] = max(kept[claim.digest] ?? -.infinity, claim.keepUntil)
            }
        }
        // An expired claim means nothing any more, wherever it is.
        return carried.read(fileName, of: desk, max: maxBytes, WalletClaimFile.parse).allSatisfy { claim in
            claim.keepUntil < carried.now || (kept[claim.digest] ?? -.infinity) >= claim.keepUntil
        }
    }
}

extension AuditFileSync {
    static func isCarried(_ desk: String, by carried: CarriedSideFiles) throws -> Bool {
        var missing = Set(try carried.auditEntries(of: desk).map(AuditMillisecond.key))
        for keeper in carried.keepers where !missing.isEmpty {
            missing.subtract(try carried.auditEntries(of: keeper).map(AuditMillisecond.key))
        }
        return missing.isEmpty
    }
}
