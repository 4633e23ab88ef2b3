import Foundation

/// One field two desks edited before either had seen the other's edit: the later stamp is kept,
/// and the value it overwrote is reported. Its identity comes from the two edits only, so every
/// desk that meets the pair reports the same conflict (and writes the same audit entry).
package struct FieldConflict: Sendable, Equatable {
    package var memberId: String
    package var name: String
    package var key: String
    package var kept: FieldStamp
    package var keptValue: String
    package var lost: FieldStamp
    package var lostValue: String

    /// The conflict between the two versions of one field, nil when there is none: the same value,
    /// the same edit, or a kept edit that replaced a version at least as new as the lost one (its
    /// desk may have seen it, so it is an edit of that edit, not a conflict). Files without the
    /// replaced version's time report none: only a real conflict is ever reported.
    init?(key: String, winner: MemberRecord, kept: FieldStamp, loser: MemberRecord, lost: FieldStamp) {
        // What people see differs: two deletions, or one pass given at two times, are no conflict.
        let differs = key == "deletedAt" ? winner.isDeleted != loser.isDeleted : winner.valueText(of: key) != loser.valueText(of: key)
        guard differs, !kept.isSameEdit(as: lost), kept.desk != lost.desk,
              let replaced = kept.replaced, replaced < lost.time else { return nil }
        memberId = winner.memberId
        name = winner.displayName
        self.key = key
        self.kept = kept
        keptValue = winner.valueText(of: key)
        self.lost = lost
        lostValue = loser.valueText(of: key)
    }

    /// `Mark O'Brien: e-mail edited on Front desk and Back desk; Back desk's kept` (the overwritten edit's desk first).
    package func text(deskName: (String) -> String) -> String {
        Self.line(name: name, field: MemberFieldKey.label(key), lostDesk: deskName(lost.desk), keptDesk: deskName(kept.desk))
    }

    /// A conflict's audit entry as `text` says it (`sync status` lists them from the record), its
    /// desks named by `deskName` (the entry holds their ids).
    package static func line(_ entry: AuditEntry, name: String, deskName: (String) -> String) -> String {
        line(name: name, field: entry.detail["field"] ?? "?", lostDesk: deskName(entry.detail["overwrittenDesk"] ?? "?"),
             keptDesk: deskName(entry.deskId))
    }

    private static func line(name: String, field: String, lostDesk: String, keptDesk: String) -> String {
        "\(name): \(field) edited on \(lostDesk) and \(keptDesk); \(keptDesk)'s kept"
    }

    /// The audit entry: at the kept edit's time and desk, with the overwritten value. Its id and
    /// every field come from the two edits alone (desks by id: a name is what a desk happens to
    /// know), so the desks that report it write one and the same entry between them, and carry it
    /// in their audit files (`AuditSyncFile.carriedByAnyDesk`) to the desks that never meet it.
    package var auditEntry: AuditEntry {
        AuditEntry(entryId: entryId, time: kept.time, deskId: kept.desk, desk: kept.desk, operator: nil,
                   method: .sync, action: .conflict, memberId: memberId,
                   detail: ["field": MemberFieldKey.label(key), "kept": keptValue, "overwritten": lostValue,
                            "overwrittenDesk": lost.desk, "overwrittenAt": String(lost.time)])
    }

    /// The id `AuditEntry.newId` would give at the kept edit's time, with the random part a digest of both edits.
    var entryId: String {
        let identity = [memberId, key, String(kept.time), kept.desk, String(lost.time), lost.desk].joined(separator: "\u{1F}")
        return AuditEntry.newId(at: kept.time, unique: Self.digest(identity))
    }

    /// 128 bits of FNV-1a (two seeds), in UUID form: stable across desks and runs, unlike `Hasher`.
    static func digest(_ text: String) -> String {
        func fnv(_ seed: UInt64) -> UInt64 {
            var hash = seed
            for byte in text.utf8 {
                hash ^= UInt64(byte)
                hash &*= 0x0000_0100_0000_01B3
            }
            return hash
        }
        let hex = String(format: "%016llX%016llX", fnv(0xCBF2_9CE4_8422_2325), fnv(0x84222325CBF29CE4))
        let chars = Array(hex)
        let cuts = [0, 8, 12, 16, 20, 32]
        return (0..<5).map { String(chars[cuts[$0]..<cuts[$0 + 1]]) }.joined(separator: "-")
    }
}
