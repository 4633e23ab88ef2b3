import Foundation

/// The name of a sync file: `changes-FROM-THROUGH.musrl` holds the members changed on its
/// terminal after change FROM up to change THROUGH; `snapshot-THROUGH.musrl` holds that
/// terminal's whole view, which includes every change up to THROUGH. Numbers are zero-padded
/// to 12 digits so that names sort in sequence order. Syncthing's conflict copies
/// (`NAME.sync-conflict-DATE-TIME-DEVICE.musrl`) are recognised as copies of NAME.
public struct SyncFileName: Sendable, Hashable, Comparable, CustomStringConvertible {
    public enum Kind: String, Sendable { case changes, snapshot }

    public var kind: Kind
    /// For changes: the change the file starts after; for a snapshot: 0.
    public var from: Int64
    public var through: Int64
    /// The conflict-copy part (`.sync-conflict-…`) when Syncthing made this a conflict copy.
    public var conflict: String?

    public static let fileExtension = "musrl"
    static let digits = 12

    public static func changes(after from: Int64, through: Int64) -> SyncFileName {
        SyncFileName(kind: .changes, from: from, through: through, conflict: nil)
    }

    public static func snapshot(through: Int64) -> SyncFileName {
        SyncFileName(kind: .snapshot, from: 0, through: through, conflict: nil)
    }

    public var isConflictCopy: Bool { conflict != nil }

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

    /// Parses a file name; nil for anything that is not named like a sync file.
    public init?(parsing name: String) {
        let bytes = Array(name.utf8)
        guard bytes.count <= 160, name.hasSuffix("." + Self.fileExtension) else { return nil }
        var stem = String(name.dropLast(Self.fileExtension.count + 1))
        var conflict: String?
        if let range = stem.range(of: ".sync-conflict-") {
            let tail = stem[range.upperBound...]
            // Syncthing writes DATE-TIME-DEVICE: letters, digits and dashes only.
            guard !tail.isEmpty, tail.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }) else { return nil }
            conflict = String(stem[range.lowerBound...])
            stem = String(stem[..<range.lowerBound])
        }
        let parts = stem.split(separator: "-", omittingEmptySubsequences: false)
        func number(_ part: Substring) -> Int64? {
            guard part.count == Self.digits, part.allSatisfy({ $0 >= "0" && $0 <= "9" }) else { return nil }
            return Int64(part)
        }
        switch parts.first {
        case "changes"?:
            guard parts.count == 3, let from = number(parts[1]), let through = number(parts[2]), from < through else { return nil }
            self.init(kind: .changes, from: from, through: through, conflict: conflict)
        case "snapshot"?:
            guard parts.count == 2, let through = number(parts[1]) else { return nil }
            self.init(kind: .snapshot, from: 0, through: through, conflict: conflict)
        default:
            return nil
        }
    }

    init(kind: Kind, from: Int64, through: Int64, conflict: String?) {
        self.kind = kind
        self.from = from
        self.through = through
        self.conflict = conflict
    }

    /// Reading order: by the change a file reaches; at a tie the snapshot first (it covers the
    /// changes file), and conflict copies after the file they copy.
    public static func < (a: SyncFileName, b: SyncFileName) -> Bool {
        if a.through != b.through { return a.through < b.through }
        if a.kind != b.kind { return a.kind == .snapshot }
        if a.from != b.from { return a.from < b.from }
        return (a.conflict ?? "") < (b.conflict ?? "")
    }
}
