/// An operator as the store keeps it. `pinHash` is an Argon2id string (never the PIN); a removed
/// operator stays as a tombstone (`removedAt`) so that the removal syncs. `modifiedAt` and
/// `modifiedBy` (a terminal id) order versions: the later one wins everywhere.
public struct StaffAccount: Sendable, Equatable {
    public var name: String
    public var role: StaffRole
    public var card: String?
    package var pinHash: String
    public var addedAt: Double
    public var lastSignInAt: Double?
    package var modifiedAt: Double
    package var modifiedBy: String
    package var removedAt: Double?

    package init(name: String, role: StaffRole, card: String? = nil, pinHash: String, addedAt: Double,
                lastSignInAt: Double? = nil, modifiedAt: Double, modifiedBy: String, removedAt: Double? = nil) {
        self.name = name
        self.role = role
        self.card = card
        self.pinHash = pinHash
        self.addedAt = addedAt
        self.lastSignInAt = lastSignInAt
        self.modifiedAt = modifiedAt
        self.modifiedBy = modifiedBy
        self.removedAt = removedAt
    }

    package var isRemoved: Bool { removedAt != nil }

    /// Whether this version replaces `other` (the same name): later stamp, then terminal id.
    package func supersedes(_ other: StaffAccount) -> Bool {
        (modifiedAt, modifiedBy) > (other.modifiedAt, other.modifiedBy)
    }

    /// A staff name: 1 to 64 printable characters, not only spaces; its case is kept but not compared.
    package static func validName(_ text: String) throws -> String {
        let name = text.trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty, name.count <= 64,
              !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw DeskError.invalidInput("a staff name is 1 to 64 printable characters")
        }
        return name
    }
}
