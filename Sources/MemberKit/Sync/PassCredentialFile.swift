import Foundation
@_spi(Decisions) import MemberCore

/// `pass-credentials.json` in a desk's subfolder: the Wallet pass credentials that desk issued or
/// revoked, each whole (so a desk that meets a revocation first learns the credential with it).
/// Read from another desk, every entry is checked: a credential written as one, once, a member id,
/// a wallet, finite times, desks' ids, an issuing desk that is the file's own or one it carries
/// unless the entry is a revocation. Format 2 adds `carried`, as the other side files.
package enum PassCredentialFile {
    static let fileName = "pass-credentials.json"
    /// Bounds a desk's file: two passes for each of 100,000 members, and their revocations.
    package static let maxCredentials = 200_000
    static let maxBytes = 64 << 20

    struct Line: Codable, Equatable {
        var credential: String
        var memberId: String
        var wallet: String
        var issuedAt: Double
        var issuedBy: String
        var revokedAt: Double?
        var revokedBy: String?
    }

    struct Contents: Codable, Equatable {
        var format: Int?
        var terminalId: String
        var credentials: [Line]
        var carried: [String: [Line]]?
    }

    /// The file's bytes, credentials in text order, so the same credentials give the same bytes.
    package static func bytes(terminalId: String, _ credentials: [PassCredential], carried: [String: [PassCredential]] = [:]) -> [UInt8] {
        func lines(_ list: [PassCredential]) -> [Line] {
            list.sorted { $0.credential < $1.credential }.map {
                Line(credential: $0.credential, memberId: $0.memberId, wallet: $0.wallet.rawValue, issuedAt: $0.issuedAt,
                     issuedBy: $0.terminalId, revokedAt: $0.revokedAt, revokedBy: $0.revokedBy)
            }
        }
        let contents = Contents(format: SideFileFormat.format(carrying: carried), terminalId: terminalId, credentials: lines(credentials),
                                carried: carried.isEmpty ? nil : carried.mapValues(lines))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Array((try? encoder.encode(contents)) ?? Data("{}".utf8)) + [0x0A]
    }

    /// The credentials in a file from `terminalId`'s subfolder, or a one-line reason to refuse it whole.
    package static func parse(_ bytes: [UInt8], from terminalId: String, path: String) throws -> [PassCredential] {
        guard bytes.count <= maxBytes else { throw SyncError.badFile(path, "larger than \(maxBytes >> 20) MB") }
        let contents: Contents
        do { contents = try JSONDecoder().decode(Contents.self, from: Data(bytes)) } catch {
            throw SyncError.badFile(path, "not a pass credentials file")
        }
        guard contents.terminalId == terminalId else { throw SyncError.badFile(path, "written for another desk") }
        try SideFileFormat.check(format: contents.format, carried: contents.carried, writer: terminalId, path: path)
        let lists = [(terminalId, contents.credentials)] + (contents.carried ?? [:]).sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        var seen = Set<String>()
        return try lists.flatMap { desk, lines in
            guard lines.count <= maxCredentials else { throw SyncError.badFile(path, "more than \(maxCredentials) credentials") }
            return try lines.map { line in
                func bad(_ why: String) -> SyncError { SyncError.badFile(path, "credential \(line.credential.prefix(12)): \(why)") }
                guard PassCredential.isWellFormed(line.credential) else {
                    throw SyncError.badFile(path, "a credential is not \"WP-\" and 32 base32 characters")
                }
                guard seen.insert(line.credential).inserted else { throw bad("listed twice") }
                guard let wallet = WalletKind(rawValue: line.wallet) else { throw bad("wallet must be apple or google") }
                guard !line.memberId.isEmpty, line.memberId.utf8.count <= 200, !line.memberId.contains(where: \.isNewline) else {
                    throw bad("a member id of 1 to 200 bytes on one line")
                }
                guard line.issuedAt.isFinite, line.issuedAt >= 0, line.revokedAt.map({ $0.isFinite && $0 >= 0 }) ?? true else {
                    throw bad("a time out of range")
                }
                guard SyncFolder.isTerminalId(line.issuedBy), line.revokedBy.map(SyncFolder.isTerminalId) ?? true,
                      (line.revokedAt == nil) == (line.revokedBy == nil) else {
                    throw bad("its desks are not desks' ids (a revocation names its time and its desk)")
                }
                // A desk's file says what it issued, or what it revoked.
                guard line.issuedBy == desk || line.revokedBy == desk else { throw bad("neither issued nor revoked by \(desk)") }
                return PassCredential(credential: line.credential, memberId: line.memberId, wallet: wallet, issuedAt: line.issuedAt,
                                      terminalId: line.issuedBy, revokedAt: line.revokedAt, revokedBy: line.revokedBy)
            }
        }
    }
}

/// Wallet pass credentials: each desk writes the credentials it issued or revoked to
/// `pass-credentials.json`, and merges the others' by union (a revocation wins). So a pass issued
/// at one desk checks in at every desk the file reached, and a replaced or revoked pass is refused there.
enum PassCredentialState: SideFileState {
    static let fileName = PassCredentialFile.fileName
    static let maxBytes = PassCredentialFile.maxBytes

    static func own(_ database: AppDatabase, terminalId: String, carrying: [String],
                    at now: Double) throws -> (bytes: [UInt8], nothingToSay: Bool) {
        let (own, carried) = try entries(of: terminalId, carrying: carrying) { try database.ownPassCredentials(terminalId: $0) }
        // A desk that never issued or revoked a pass (nor carries one) writes no file.
        return (PassCredentialFile.bytes(terminalId: terminalId, own, carried: carried), own.isEmpty && carried.isEmpty)
    }

    static func merge(_ bytes: [UInt8], from desk: String, path: String, into database: AppDatabase,
                      at now: Double) throws -> (changed: Int, found: [SideFileFinding]) {
        (try database.mergePassCredentials(PassCredentialFile.parse(bytes, from: desk, path: path)), [])
    }

    /// Everything `desk`'s file holds is held, merged, in the keepers' files.
    static func isCarried(_ desk: String, by carried: CarriedSideFiles) -> Bool {
        var held: [String: PassCredential] = [:]
        for keeper in carried.keepers {
            for entry in carried.read(fileName, of: keeper, max: maxBytes, PassCredentialFile.parse) {
                held[entry.credential] = held[entry.credential].map { $0.merged(with: entry) } ?? entry
            }
        }
        return carried.read(fileName, of: desk, max: maxBytes, PassCredentialFile.parse).allSatisfy { entry in
            held[entry.credential].map { $0.merged(with: entry) == $0 } ?? false
        }
    }
}

typealias PassCredentialSync = SideFileSync<PassCredentialState>
