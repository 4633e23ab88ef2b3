import Foundation

/// A phone cryptogram's digest a desk claimed, kept until it could no longer be fresh. The club's
/// claims are the union of every desk's (a grow-only set; the same digest from two desks keeps
/// the later `keepUntil`), so a cryptogram read at one desk is a replay at every desk the file
/// reached. Expired claims carry no meaning and are dropped wherever they are met.
package struct WalletClaimEntry: Sendable, Equatable, Hashable {
    /// SHA-256 of what the phone sent (never the cryptogram itself).
    package var digest: [UInt8]
    package var keepUntil: Double
    package var terminalId: String

    package init(digest: [UInt8], keepUntil: Double, terminalId: String) {
        self.digest = digest
        self.keepUntil = keepUntil
        self.terminalId = terminalId
    }
}

/// A cryptogram found, after a merge, to have been read at two desks (or more): a replay that got
/// past a desk before their files met.
public struct WalletReplay: Sendable, Equatable, Codable {
    /// The digest's first 8 bytes in hex: enough to tell two apart in `sync status`.
    public var digest: String
    public var terminals: [String]
    public var foundAt: Double

    package init(digest: String, terminals: [String], foundAt: Double) {
        self.digest = digest
        self.terminals = terminals
        self.foundAt = foundAt
    }
}

/// `wallet-claims.json` in a desk's subfolder: the phone cryptograms that desk claimed and that
/// are not yet expired, at most `maxClaims` (the latest kept). Read from another desk, every claim
/// is checked: a 32-byte digest in lowercase hex, once, a finite time, the desk's own file. Format
/// 2 adds `carried`: the claims of the desks the file's desk took over, under each one's id.
package enum WalletClaimFile {
    static let fileName = "wallet-claims.json"
    /// Bounds a desk's file: far more than a desk can read within `max_age_seconds`.
    package static let maxClaims = 10_000
    static let maxBytes = 4 << 20

    struct Claim: Codable, Equatable {
        var digest: String
        var keepUntil: Double
    }

    struct Contents: Codable, Equatable {
        var format: Int?
        var terminalId: String
        var claims: [Claim]
        /// Per desk this one carries, that desk's claims (`SideFileFormat`).
        var carried: [String: [Claim]]?
    }

    /// The file's bytes: claims by digest, so the same claims give the same bytes. `carried`: the
    /// claims of the desks this one took over, by desk (none: a format-1 file).
    package static func bytes(terminalId: String, _ claims: [WalletClaimEntry], carried: [String: [WalletClaimEntry]] = [:]) -> [UInt8] {
        func lines(_ claims: [WalletClaimEntry]) -> [Claim] {
            claims.sorted { $0.digest.lexicographicallyPrecedes($1.digest) }.map { Claim(digest: hex($0.digest), keepUntil: $0.keepUntil) }
        }
        let contents = Contents(format: SideFileFormat.format(carrying: carried), terminalId: terminalId, claims: lines(claims),
                                carried: carried.isEmpty ? nil : carried.mapValues(lines))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Array((try? encoder.encode(contents)) ?? Data("{}".utf8)) + [0x0A]
    }

    /// The claims in a file from `terminalId`'s subfolder (its own, then those it carries, each with
    /// the desk it is listed under), or a one-line reason to refuse the whole file.
    package static func parse(_ bytes: [UInt8], from terminalId: String, path: String) throws -> [WalletClaimEntry] {
        guard bytes.count <= maxBytes else { throw SyncError.badFile(path, "larger than \(maxBytes >> 20) MB") }
        let contents: Contents
        do { contents = try JSONDecoder().decode(Contents.self, from: Data(bytes)) } catch {
            throw SyncError.badFile(path, "not a wallet claims file")
        }
        guard contents.terminalId == terminalId else { throw SyncError.badFile(path, "written for another desk") }
        try SideFileFormat.check(format: contents.format, carried: contents.carried, writer: terminalId, path: path)
        let lists = [(terminalId, contents.claims)] + (contents.carried ?? [:]).sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        var seen = Set<[UInt8]>()
        return try lists.flatMap { desk, claims in
            guard claims.count <= maxClaims else { throw SyncError.badFile(path, "more than \(maxClaims) claims") }
            return try claims.map { claim in
                guard let digest = digest(parsing: claim.digest) else {
                    throw SyncError.badFile(path, "a claim's digest is not 64 lowercase hex digits")
                }
                guard seen.insert(digest).inserted else { throw SyncError.badFile(path, "digest \(claim.digest.prefix(16)) twice") }
                guard claim.keepUntil.isFinite, claim.keepUntil >= 0 else {
                    throw SyncError.badFile(path, "digest \(claim.digest.prefix(16)): a time out of range")
                }
                return WalletClaimEntry(digest: digest, keepUntil: claim.keepUntil, terminalId: desk)
            }
        }
    }

    static func hex(_ bytes: some Sequence<UInt8>) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        for byte in bytes { out += [digits[Int(byte >> 4)], digits[Int(byte & 15)]] }
        return String(decoding: out, as: UTF8.self)
    }

    static func digest(parsing text: String) -> [UInt8]? {
        let utf8 = Array(text.utf8)
        guard utf8.count == 64 else { return nil }
        func nibble(_ c: UInt8) -> UInt8? {
            switch c {
            case 0x30...0x39: return c - 0x30
            case 0x61...0x66: return c - 0x61 + 10
            default: return nil
            }
        }
        var out: [UInt8] = []
        out.reserveCapacity(32)
        for i in stride(from: 0, to: 64, by: 2) {
            guard let high = nibble(utf8[i]), let low = nibble(utf8[i + 1]) else { return nil }
            out.append(high << 4 | low)
        }
        return out
    }
}
