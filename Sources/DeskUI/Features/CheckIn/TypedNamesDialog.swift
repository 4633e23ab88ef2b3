import DeskLanguage
import Foundation
import MemberKit

/// F4's text was no member's pass but named members (a card forgotten, the name typed): staff
/// choose who it is, and that member is checked in by their own pass. No enrolment is offered:
/// a name is not a card.
public struct TypedNamesDialog: Sendable, Equatable {
    public var typed: String
    /// The members whose names the text matched.
    public var members: MemberChooser

    public init(typed: String, members: [MemberRecord], calendar: Calendar) {
        self.typed = typed
        self.members = MemberChooser(members, calendar: calendar)
    }

    public func render(into grid: inout CellGrid) {
        let more = members.members.count >= CheckInClient.namedLimit
        let frame = DialogFrame.centred(in: grid.bounds, width: 70, height: members.members.count + (more ? 7 : 6))
        let inner = DialogFrame.draw(&grid, frame, title: tr("Check in by name"))
        grid.putField(tr("“%@” is no member's pass. Check in which member?", typed), x: inner.x, y: inner.y, width: inner.width)
        members.render(into: &grid, x: inner.x, y: inner.y + 2, width: inner.width, above: inner.maxY - 1)
        if more {
            grid.putField(tr("More may match: type more of the name at F4."), x: inner.x, y: inner.maxY - 2, width: inner.width,
                          style: CellStyle(.dim))
        }
        grid.putField(tr("↑↓ choose · Enter check in · Esc cancel"), x: inner.x, y: inner.maxY - 1, width: inner.width,
                      style: CellStyle(.dim))
    }
}

extension TypedNamesDialog {
    public mutating func onKey(_ key: Key) -> DialogReply {
        if members.move(key) { return .stay }
        switch key {
        case .enter:
            guard let member = members.chosen else { return .close }
            return .closeAnd(.checkInNamed(member, typed: typed))
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
