import DeskLanguage
import Foundation
import MemberKit

/// Members to choose one from, as the desk's dialogs offer them: ↑↓ move the `▸` row, and the
/// dialog acts on the chosen member at Enter. One home for the rows and the keys, so the dialogs
/// that offer members (a typed name, a card a member holds but for leading zeros) read alike.
public struct MemberChooser: Sendable, Equatable {
    public var members: [MemberRecord]
    public var choice = 0
    /// The club's calendar (`PlanSettings.calendar`), which an expiry's day is said in.
    public var calendar: Calendar

    public init(_ members: [MemberRecord], calendar: Calendar) {
        self.members = members
        self.calendar = calendar
    }

    public var chosen: MemberRecord? { members.indices.contains(choice) ? members[choice] : nil }

    /// ↑ and ↓ move the choice, within the list; true when `key` was one of them.
    public mutating func move(_ key: Key) -> Bool {
        switch key {
        case .up: choice = max(0, choice - 1)
        case .down: choice = min(members.count - 1, choice + 1)
        default: return false
        }
        return true
    }

    /// One member as a chooser offers them: the name, then what tells two namesakes apart.
    static func line(_ member: MemberRecord, calendar: Calendar) -> NamedText {
        var facts = " · " + tr("pass %@", member.passId)
        if let expires = member.expiresAt { facts += " · " + tr("expires %@", ShownDate.day(expires, calendar: calendar)) }
        if member.status != .active { facts += " · " + ShownStatus.word(member.status) }
        return NamedText(name: member.displayName, after: facts)
    }

    /// The rows from `y` down, as many as fit above `bottom`, the chosen one highlighted.
    func render(into grid: inout CellGrid, x: Int, y: Int, width: Int, above bottom: Int) {
        for (i, member) in members.enumerated() where y + i < bottom {
            let isChosen = i == choice
            let text = (isChosen ? "▸ " : "  ") + Self.line(member, calendar: calendar).fitted(to: width - 2)
            grid.putField(text, x: x, y: y + i, width: width, style: isChosen ? CellStyle(.selected, bold: true, reverse: true) : .plain)
        }
    }
}
