import MemberCore

/// The one home of a pass's normal form on its way into the store (the rule is MemberCore's
/// `PassIdNormalizer`): `Club.normalize` reads a scanned or typed pass with it, and the merge
/// stores a file's pass (a member's, a synced operator's card) and v19 an older database's with
/// it. Codecs only check a pass, so none stores one un-normalised by forgetting.
enum PassEntry {
    /// A pass scanned or typed, as a tap reads it; thrown when it reads as no pass.
    static func read(_ raw: String) throws -> NormalizedPass {
        try PassIdNormalizer.normalize(raw)
    }

    /// A pass from a file as a tap reads it (one no tap could give is kept as written).
    static func stored(_ raw: String) -> String {
        PassIdNormalizer.stored(raw)
    }

    /// Whether `pass` is already as a tap reads it: a synced operator's card must be.
    static func isAsTapped(_ pass: String) -> Bool {
        do {
            return try read(pass).passId == pass
        } catch {
            return false
        }
    }
}
