import DeskLanguage
import Foundation
import MemberKit

/// A pass no member holds that a member holds but for leading zeros (a spreadsheet's `12` for the
/// card `0012`): most likely their card. Staff give it to them (their pass becomes the card's, and
/// the tap counts for them), enrol a new member after all where the desk enrols, or cancel. It is
/// offered instead of the enrol prompt, so the advice never adds a second member for them.
public struct GivePassDialog: Sendable, Equatable {
    public var pass: String
    /// The members who hold the pass but for leading zeros.
    public var holders: MemberChooser
    /// Whether `n` enrols the pass as a new member (not under `enrolment = "deny"`).
    public var canEnrol: Bool

    public init(pass: String, holders: [MemberRecord], canEnrol: Bool, calendar: Calendar) {
        self.pass = pass
        self.holders = MemberChooser(holders, calendar: calendar)
        self.canEnrol = canEnrol
    }

    public func render(into grid: inout CellGrid) {
        let frame = DialogFrame.centred(in: grid.bounds, width: 70, height: holders.members.count + 7)
        let inner = DialogFrame.draw(&grid, frame, title: tr("Unknown card %@", pass))
        grid.putField(tr("No member holds %@, but a spreadsheet drops leading zeros.", pass), x: inner.x, y: inner.y, width: inner.width)
        grid.putField(tr("Is it the card of:"), x: inner.x, y: inner.y + 1, width: inner.width)
        holders.render(into: &grid, x: inner.x, y: inner.y + 3, width: inner.width, above: inner.maxY - 1)
        let keys = tr("↑↓ choose · Enter give them the card and check in") + (canEnrol ? " · " + tr("n new member") : "") + " · " + tr("Esc cancel")
        grid.putField(keys, x: inner.x, y: inner.maxY - 1, width: inner.width, style: CellStyle(.dim))
    }
}

extension GivePassDialog {
    public mutating func onKey(_ key: Key) -> DialogReply {
        if holders.move(key) { return .stay }
        switch key {
        case .enter:
            guard let holder = holders.chosen else { return .close }
            return .closeAnd(.givePass(pass, to: holder))
        // A `where` binds only the pattern before it: each key needs its own.
        case .character("n") where canEnrol, .character("N") where canEnrol: return .closeAnd(.askEnrol(pass: pass))
        case .escape: return .close
        default: break
        }
        return .stay
    }
}

extension GivePassDialog {
    /// As the desk offers it: `n` enrols only where the desk enrols.
    init(for pass: String, _ holders: [MemberRecord], _ state: DeskState) {
        self.init(pass: pass, holders: holders, canEnrol: state.setup.enrolment != .deny,
                  calendar: state.setup.plans.calendar)
    }
}

extension GivePassDialog: DeskDialogFeature {
    mutating func onKey(_ key: Key, screen: Rect) -> DialogReply { onKey(key) }
    func render(into grid: inout CellGrid, now: Date) { render(into: &grid) }
}
