import Foundation
import MemberKit

/// F4's text was no member's pass but named members (a card forgotten, the name typed): staff
/// choose who it is, and that member is checked in by their own pass. No enrolment is offered:
/// a name is not a card.
public struct TypedNamesDialog: Sendable, Equatable {
    public var typed: String
    public var members: [MemberRecord]
    public var choice = 0
    /// The club's calendar (`PlanSettings.calendar`), which an expiry's day is said in.
    public var calendar: Calendar

    public init(typed: String, members: [MemberRecord], calendar: Calendar) {
        self.typed = typed
        self.members = members
        self.calendar = calendar
    }

    /// One member as the dialog offers them: the name, then what tells two namesakes apart.
    static func line(_ member: MemberRecord, calendar: Calendar) -> NamedText {
        var facts = " · pass \(member.passId)"
        if let expires = member.expiresAt { facts += " · expires \(MemberFieldRules.expiryText(expires, calendar: calendar))" }
        if member.status != .active { facts += " · \(member.status.rawValue)" }
        return NamedText(name: member.displayName, after: facts)
    }

    public func render(into grid: inout CellGrid) {
        let more = members.count >= CheckInClient.namedLimit
        let frame = DialogFrame.centred(in: grid.bounds, width: 70, height: members.count + (more ? 7 : 6))
        let inner = DialogFrame.draw(&grid, frame, title: "Check in by name")
        grid.putField("“\(typed)” is no member's pass. Check in which member?", x: inner.x, y: inner.y, width: inner.width)
        for (i, member) in members.enumerated() where inner.y + 2 + i < inner.maxY - 1 {
            let chosen = i == choice
            let text = (chosen ? "▸ " : "  ") + Self.line(member, calendar: calendar).fitted(to: inner.width - 2)
            grid.putField(text, x: inner.x, y: inner.y + 2 + i, width: inner.width,
                          style: chosen ? CellStyle(.selected, bold: true, reverse: true) : .plain)
        }
        if more {
            grid.putField("More may match: type more of the name at F4.", x: inner.x, y: inner.maxY - 2, width: inner.width,
                          style: CellStyle(.dim))
        }
        grid.putField("↑↓ choose · Enter check in · Esc cancel", x: inner.x, y: inner.maxY - 1, width: inner.width,
                      style: CellStyle(.dim))
    }
}

extension TypedNamesDialog {
    public mutating func onKey(_ key: Key) -> DialogReply {
        switch key {
        case .up: choice = max(0, choice - 1)
        case .down: choice = min(members.count - 1, choice + 1)
        case .enter:
            guard members.indices.contains(choice) else { return .close }
            return .closeAnd(.checkInNamed(members[choice], typed: typed))
        case .escape: return .close
        default: break
        }
        return .stay
    }
}

extension TypedNamesDialog: DeskDialogFeature {
    mutating func onKey(_ key: Key, screen: Rect) -> DialogReply { onKey(key) }
    func render(into grid: inout CellGrid, now: Date) { render(into: &grid) }
}
