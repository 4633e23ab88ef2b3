import Foundation

/// `staff.json` in a desk's subfolder: the operator versions that desk wrote (adds, changes,
/// removals as tombstones), never sign-in times. Read from other desks, each version is checked:
/// a name, a known role, a hash libsodium would make, and the stamp of the desk it is listed
/// under: the file's own desk, or (format 2, `carried`) a desk the file's desk took over.
package enum StaffSyncFile {
    static let fileName = "staff.json"

    struct Version: Codable, Equatable {
        var name: String
        var role: String
        var card: String?
        var pinHash: String
        var addedAt: Double
        var modifiedAt: Double
        var modifiedBy: String
        var removedAt: Double?
    }

    struct Contents: Codable, Equatable {
        var format: Int?
        var terminalId: String
        var staff: [Version]
        /// Per desk this one carries, that desk's versions (`SideFileFormat`).
        var carried: [String: [Version]]?
    }

    /// `carried`: the versions of the desks this one took over, by desk (none: a format-1 file).
    package static func bytes(terminalId: String, _ accounts: [StaffAccount], carried: [String: [StaffAccount]] = [:]) -> [UInt8] {
        func versions(_ accounts: [StaffAccount]) -> [Version] {
            accounts.map {
                Version(name: $0.name, role: $0.role.rawValue, card: $0.card, pinHash: $0.pinHash, addedAt: $0.addedAt,
                        modifiedAt: $0.modifiedAt, modifiedBy: $0.modifiedBy, removedAt: $0.removedAt)
            }
        }
        let contents = Contents(format: SideFileFormat.format(carrying: carried), terminalId: terminalId, staff: versions(accounts),
                                carried: carried.isEmpty ? nil : carried.mapValues(versions))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Array((try? encoder.encode(contents)) ?? Data("{}".utf8)) + [0x0A]
    }

    /// The versions in a file from `terminalId`'s subfolder (its own, then those it carries), or a
    /// one-line reason to refuse the whole file.
    package static func parse(_ bytes: [UInt8], from terminalId: String, path: String) throws -> [StaffAccount] {
        guard bytes.count <= 4 << 20 else { throw SyncError.badFile(path, "larger than 4 MB") }
        let contents: Contents
        do { contents = try JSONDecoder().decode(Contents.self, from: Data(bytes)) } catch {
            throw SyncError.badFile(path, "not a staff file")
        }
        guard contents.terminalId == terminalId else { throw SyncError.badFile(path, "written for another desk") }
        try SideFileFormat.check(format: contents.format, carried: contents.carried, writer: terminalId, path: path)
        var names = Set<String>()
        let lists = [(terminalId, contents.staff)] + (contents.carried ?? [:]).sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        return try lists.flatMap { desk, versions in
            try versions.map { try account(version: $0, stampedBy: desk, names: &names, path: path) }
        }
    }

    /// One version checked: `desk` is the desk it is listed under, whose stamp it must bear.
    private static func account(version: Version, stampedBy desk: String, names: inout Set<String>, path: String) throws -> StaffAccount {
        guard let name = try? StaffAccount.validName(version.name), name == version.name else {
            throw SyncError.badFile(path, "an operator's name is not valid")
        }
        guard names.insert(name.lowercased()).inserted else { throw SyncError.badFile(path, "operator \(name) twice") }
        guard let role = StaffRole(rawValue: version.role) else { throw SyncError.badFile(path, "operator \(name): unknown role") }
        guard PINHashFormat.isWellFormed(version.pinHash) else {
            throw SyncError.badFile(path, "operator \(name): malformed PIN hash")
        }
        guard version.modifiedBy == desk else { throw SyncError.badFile(path, "operator \(name): stamped by another desk") }
        guard version.modifiedAt.isFinite, version.addedAt.isFinite, version.removedAt?.isFinite ?? true else {
            throw SyncError.badFile(path, "operator \(name): bad time")
        }
        let card = try version.card.map { card in
            guard PassEntry.isAsTapped(card) else {
                throw SyncError.badFile(path, "operator \(name): bad card")
            }
            return card
        }
        return StaffAccount(name: name, role: role, card: card, pinHash: version.pinHash, addedAt: version.addedAt,
                            modifiedAt: version.modifiedAt, modifiedBy: version.modifiedBy, removedAt: version.removedAt)
    }
}
