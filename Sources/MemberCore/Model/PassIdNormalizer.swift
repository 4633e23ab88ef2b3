import Foundation

/// Turns whatever a reader, a wedge scanner or a person typed into a pass id.
///
/// - Card UIDs (hex bytes, with or without `:`, `-` or space between them) become
///   uppercase hex with no separators.
/// - A ClubKit pass payload `payloadNumber|passId|payload|username` yields its passId and username.
/// - Surrounding whitespace is trimmed; empty, binary or oversized input is refused.
public enum PassIdNormalizer {
    /// The one limit on a pass, for every way in (tap, wedge, F4, the CLI, an edit): longer is an
    /// error, never cut.
    package static let maximumBytes = 256
    /// Characters a text field for a pass holds: enough that any pass within the limit fits
    /// (a character is at most 4 bytes) and an over-long paste is shown as too long, not cut.
    public static let fieldCapacity = 4 * maximumBytes

    /// What an adapter may ask (a field, an option, a card's text record): whether `raw` reads as a
    /// pass, thrown as a tap's error. It returns nothing to store: `Club` normalizes what is kept.
    public static func check(_ raw: String) throws {
        _ = try normalize(raw)
    }

    public static func normalize(_ raw: String) throws -> NormalizedPass {
        let pass = try read(raw)
        // What marks an erased member (`MemberPurge`) is no one's card, in any letter case (a tap finds passes so).
        if pass.passId.lowercased().hasPrefix(MemberPurge.erasedPassPrefix) {
            throw DeskError.invalidPass("a pass cannot start with \"\(MemberPurge.erasedPassPrefix)\" (it marks an erased member)")
        }
        return pass
    }

    private static func read(_ raw: String) throws -> NormalizedPass {
        guard raw.utf8.count <= maximumBytes else {
            throw DeskError.invalidPass("pass is too long (\(raw.utf8.count) bytes, at most \(maximumBytes))")
        }
        let trimmed = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw DeskError.invalidPass("pass is empty") }
        if trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control || $0 == "\u{FFFD}" }) {
            throw DeskError.invalidPass("pass contains binary or control characters")
        }
        let fields = trimmed.split(separator: "|", omittingEmptySubsequences: false)
        if fields.count == 4 {
            let passId = fields[1].trimmingCharacters(in: .whitespaces)
            guard !passId.isEmpty else { throw DeskError.invalidPass("pass payload has an empty passId field") }
            let username = fields[3].trimmingCharacters(in: .whitespaces)
            return NormalizedPass(passId: passId, username: username.isEmpty ? nil : username)
        }
        if trimmed.contains("|") {
            throw DeskError.invalidPass("pass payload must have 4 '|'-separated fields, found \(fields.count)")
        }
        if let uid = cardUID(trimmed) { return NormalizedPass(passId: uid) }
        return NormalizedPass(passId: trimmed)
    }

    /// A pass from a file (an import, another desk's sync file, an older database) as a tap
    /// reads it, so the reader finds its member. One no tap could give is kept as written: a tap
    /// never finds it either way, and refusing it would keep a synced member off this desk.
    package static func stored(_ raw: String) -> String {
        // Most stored passes are already as a tap reads them (a sync merge reads a million): no
        // space, separator, '|' or lowercase hex digit, nothing but printable ASCII, within the limit.
        if raw.utf8.count <= maximumBytes, !raw.utf8.isEmpty, raw.utf8.allSatisfy({
            (0x21...0x7E).contains($0) && $0 != UInt8(ascii: ":") && $0 != UInt8(ascii: "-") && $0 != UInt8(ascii: "|")
                && !(UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0)
        }) {
            return raw
        }
        do {
            return try normalize(raw).passId
        } catch {
            return raw
        }
    }

    /// Whether two pass ids are one pass: case aside, as the store finds a pass (SQLite's NOCASE,
    /// which folds ASCII letters only), so the merge groups the holders a tap would find.
    package static func samePass(_ a: String, _ b: String) -> Bool {
        a.utf8.count == b.utf8.count && zip(a.utf8, b.utf8).allSatisfy { asciiLower($0) == asciiLower($1) }
    }

    private static func asciiLower(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }

    /// Normalizes raw UID bytes from a reader.
    public static func uid(_ bytes: [UInt8]) -> String {
        bytes.map { hexDigits[Int($0 >> 4)] + hexDigits[Int($0 & 0x0F)] }.joined()
    }

    private static let hexDigits = (0..<16).map { String($0, radix: 16, uppercase: true) }

    /// A UID written as hex: 4 to 10 bytes, either packed ("04a23b1c") or in byte pairs with
    /// one kind of separator ("04:A2:3B:1C", "04-a2-3b-1c", "04 a2 3b 1c").
    package static func cardUID(_ text: String) -> String? {
        let separators: Set<Character> = [":", "-", " "]
        let used = Set(text.filter { separators.contains($0) })
        let hex: String
        if used.isEmpty {
            hex = text
        } else {
            guard used.count == 1, let separator = used.first else { return nil }
            let groups = text.split(separator: separator, omittingEmptySubsequences: false)
            guard groups.allSatisfy({ $0.count == 2 }) else { return nil }
            hex = groups.joined()
        }
        guard hex.count % 2 == 0, (8...20).contains(hex.count), hex.allSatisfy(\.isHexDigit) else { return nil }
        return hex.uppercased()
    }
}
