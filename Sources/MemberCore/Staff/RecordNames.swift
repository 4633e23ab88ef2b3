import Foundation

/// How the record, the visit lists and who is inside name members and desks for people: by
/// name, with an id only where one is needed (no name, or a name two of them share).
public struct RecordNames: Sendable, Equatable {
    /// What a member is called: its name, its pass, and whether it is deleted.
    package struct Member: Sendable, Equatable {
        package var name: String?
        package var passId: String
        var deleted: Bool

        package init(name: String?, passId: String, deleted: Bool) {
            self.name = name
            self.passId = passId
            self.deleted = deleted
        }
    }

    /// Terminal id → the desk's name (this desk's, and those the sync folder told of).
    package var desks: [String: String]
    /// Member id → what it is called, for the members being shown.
    package var members: [String: Member]

    package init(desks: [String: String] = [:], members: [String: Member] = [:]) {
        self.desks = desks
        self.members = members
    }

    /// `Front desk`; `Front desk (1A2B3C4D)` when two desks have that name; `desk 1A2B3C4D` when it has none here.
    public func desk(_ id: String) -> String {
        guard let name = desks[id], !name.isEmpty, name != id else { return "desk \(Self.short(id))" }
        let shared = desks.contains { $0.key != id && $0.value == name }
        return shared ? "\(name) (\(Self.short(id)))" : name
    }

    /// A record's desk: the name it was written under, unless that was only its id.
    public func desk(of entry: AuditEntry) -> String {
        entry.desk.isEmpty || entry.desk == entry.deskId ? desk(entry.deskId) : entry.desk
    }

    /// `Anna Smith`; `Anna Smith (pass 04A1B2C3)` when two shown members have that name; `pass
    /// 04A1B2C3` for a member with no name; `… (deleted)`; the id for a member this desk never had.
    public func member(_ id: String) -> String {
        guard let member = members[id] else { return "member \(id)" }
        let name = member.name.flatMap { $0.isEmpty ? nil : $0 }
        var label: String
        if let name {
            let shared = members.contains { $0.key != id && $0.value.name == name }
            label = shared ? "\(name) (pass \(member.passId))" : name
        } else {
            label = "pass \(member.passId)"
        }
        if member.deleted { label += " (deleted)" }
        return label
    }

    /// The first 8 characters of an id: enough to tell desks apart by eye.
    package static func short(_ id: String) -> String { String(id.prefix(8)) }
}
