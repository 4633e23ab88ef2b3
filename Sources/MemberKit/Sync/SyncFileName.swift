import Foundation

/// The name of a sync file: `changes-FROM-THROUGH.musrl` holds the members changed on its
/// terminal after change FROM up to change THROUGH; `snapshot-THROUGH.musrl` holds that
/// terminal's whole view, which includes every change up to THROUGH. Numbers are zero-padded
/// to 12 digits so that names sort in sequence order. Syncthing's conflict copies
/// (`NAME.sync-conflict-DATE-TIME-DEVICE.musrl`) are recognised as copies of NAME.
package struct SyncFileName: Sendable, Hashable, Comparable, CustomStringConvertible {
    package enum Kind: String, Sendable { case changes, snapshot }

    package var kind: Kind
    /// For changes: the change the file starts after; for a snapshot: 0.
    package var from: Int64
    package var through: Int64
    /// The conflict-copy part (`.sync-conflict-…`) when Syncthing made this a conflict copy.
    package var conflict: String?

    package static let fileExtension = "musrl"
    static let digits = 12

    package static func changes(after from: Int64, through: Int64) -> SyncFileName {
        SyncFileName(kind: .changes, from: from, through: through, conflict: nil)
    }

    package static func snapshot(through: Int64) -> SyncFileName {
        SyncFileName(kind: .snapshot, from: 0, through: through, conflict: nil)
    }

    var isConflictCopy: Bool { conflict != nil }

    public var description: String {
        let base: String
        switch kind {
        case .changes: base = "changes-\(Self.padded(from))-\(Self.padded(through))"
        case .snapshot: base = "snapshot-\(Self.padded(through))"
        }
        return base + (conflict ?? "") + "." + Self.fileExtension
    }

    static func padded(_ number: Int64) -> String {
        let text = String(number)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }

    /// Parses a file name; nil for anything that is not named like a sync file. On the name's
    /// UTF-8 bytes: a reader parses every name of a subfolder on each pass (hundreds), and a sync
    /// file's name is ASCII, so anything else is declined at its first byte that does not fit.
    package init?(parsing name: String) {
        var name = name
        let parsed = name.withUTF8 { Self.parse($0) }
        guard let parsed else { return nil }
        self = parsed
    }

    private static let extensionBytes = Array(("." + fileExtension).utf8)
    private static let conflictMarker = Array(".sync-conflict-".utf8)
    private static let changesWord = Array("changes".utf8)
    private static let snapshotWord = Array("snapshot".utf8)

    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> SyncFileName? {
        guard bytes.count <= 160, bytes.count >= extensionBytes.count,
              bytes.suffix(extensionBytes.count).elementsEqual(extensionBytes) else { return nil }
        var stemEnd = bytes.count - extensionBytes.count
        var conflict: String?
        if let marker = firstIndex(of: conflictMarker, in: bytes[..<stemEnd]) {
            let tail = bytes[(marker + conflictMarker.count)..<stemEnd]
            // Syncthing writes DATE-TIME-DEVICE: letters, digits and dashes only.
            guard !tail.isEmpty, tail.allSatisfy({ isASCIILetterOrDigit($0) || $0 == UInt8(ascii: "-") }) else { return nil }
            conflict = String(decoding: bytes[marker..<stemEnd], as: UTF8.self)
            stemEnd = marker
        }
        let stem = bytes[..<stemEnd]
        let parts = stem.split(separator: UInt8(ascii: "-"), omittingEmptySubsequences: false)
        if parts.first?.elementsEqual(changesWord) == true {
            guard parts.count == 3, let from = number(parts[1]), let through = number(parts[2]), from < through else { return nil }
            return SyncFileName(kind: .changes, from: from, through: through, conflict: conflict)
        }
        if parts.first?.elementsEqual(snapshotWord) == true {
            guard parts.count == 2, let through = number(parts[1]) else { return nil }
            return SyncFileName(kind: .snapshot, from: 0, through: through, conflict: conflict)
        }
        return nil
    }

    /// Exactly `digits` ASCII digits.
    private static func number(_ part: Slice<UnsafeBufferPointer<UInt8>>) -> Int64? {
        guard part.count == digits else { return nil }
        var value: Int64 = 0
        for byte in part {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int64(byte - UInt8(ascii: "0"))
        }
        return value
    }

    private static func isASCIILetterOrDigit(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }

    /// Where `needle` first starts in `haystack`.
    private static func firstIndex(of needle: [UInt8], in haystack: Slice<UnsafeBufferPointer<UInt8>>) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        var start = haystack.startIndex
        while start + needle.count <= haystack.endIndex {
            if haystack[start] == needle[0], haystack[start..<(start + needle.count)].elementsEqual(needle) { return start }
            start += 1
        }
        return nil
    }

    init(kind: Kind, from: Int64, through: Int64, conflict: String?) {
        self.kind = kind
        self.from = from
        self.through = through
        self.conflict = conflict
    }

    /// Reading order: by the change a file reaches; at a tie the snapshot first (it covers the
    /// changes file), and conflict copies after the file they copy.
    package static func < (a: SyncFileName, b: SyncFileName) -> Bool {
        if a.through != b.through { return a.through < b.through }
        if a.kind != b.kind { return a.kind == .snapshot }
        if a.from != b.from { return a.from < b.from }
        return (a.conflict ?? "") < (b.conflict ?? "")
    }
}
