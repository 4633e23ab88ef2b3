import DeskLanguage
import Foundation
import MemberKit
import TerminalColumns

/// Signing in at a locked desk, or a manager's PIN for one action: a name (typed, or chosen with
/// ↑↓ from the operators) or a tapped staff card, then the PIN. The PIN is checked on a worker
/// (Argon2id is slow on purpose); the dialog says so while it runs. Over a form it holds the form,
/// which comes back as it was.
public struct SignInDialog: Sendable, Equatable {
    public enum Purpose: Sendable, Equatable {
        /// Sign in, then do `then` (the action that asked), if any.
        case signIn(then: DeskCommand?)
        /// A manager's PIN for this one action.
        case authorize(DeskCommand, StaffPermission)
    }

    enum Field: Sendable, Equatable { case name, pin }

    public var purpose: Purpose
    /// The dialog this one was opened over (a form with typed text), given back when it closes.
    public var resume: DeskDialog?
    /// A staff card tapped for this sign-in: then no name is asked.
    public var card: String?
    var name = TextField(maxLength: 64)
    var pin = TextField(maxLength: 12)
    var field: Field = .name
    /// The operators (loaded when the dialog opens): a typed name is completed from them, and ↑↓
    /// chooses among those it offers.
    public var operators: [OperatorChoice] = []
    public var error: String?
    public var checking = false
    /// Sign-ins are refused until then (the countdown shows).
    public var lockedUntil: Date?

    public init(purpose: Purpose, resume: DeskDialog? = nil, card: String? = nil) {
        self.purpose = purpose
        self.resume = resume
        self.card = card
        if card != nil { field = .pin }
    }

    var title: String {
        if case .authorize = purpose { return tr("Manager's PIN") }
        return tr("Sign in")
    }

    /// The names ↑↓ offers: for a manager's PIN, those whose role may do the action.
    public var names: [String] {
        guard case .authorize(_, let permission) = purpose else { return operators.map(\.name) }
        return operators.filter { permission.allows($0.role) }.map(\.name)
    }

    var message: String {
        switch purpose {
        case .authorize(_, let permission):
            let offered = names.isEmpty ? "" : " " + (names.count == 1 ? names[0] : names.joined(separator: ", ")) + tr(" (↑↓ to choose).")
            return tr("A manager's PIN is needed to %@.", permission.wording) + offered
        case .signIn(then: .quit): return tr("The desk is locked: sign in to quit (tap your staff card, or type your name, then your PIN).")
        case .signIn(then: .some): return tr("Sign in to do that: tap your staff card, or type your name, then your PIN.")
        case .signIn(then: nil): return tr("Tap your staff card, or type your name (↑↓ to choose), then your PIN.")
        }
    }

    /// The dialog's width: it fits a screen of 80 columns, and its words wrap inside it.
    static let width = 70

    public func render(into grid: inout CellGrid, now: Date) {
        if let resume { resume.render(into: &grid, now: now) }
        let frame = DialogFrame.centred(in: grid.bounds, width: Self.width, height: 10)
        let inner = DialogFrame.draw(&grid, frame, title: title, tone: .warning)
        for (i, line) in TextFit.wrap(message, width: inner.width).prefix(2).enumerated() {
            grid.putField(line, x: inner.x, y: inner.y + i, width: inner.width)
        }
        let bold = CellStyle(.normal, bold: true)
        let top = inner.y + 3
        var x = grid.put(tr("Operator: "), x: inner.x, y: top, style: bold)
        if let card {
            grid.putField(tr("staff card %@", card), x: x, y: top, width: inner.maxX - x)
        } else {
            name.render(into: &grid, x: x, y: top, width: inner.maxX - x, focused: field == .name)
        }
        x = grid.put(TextWidth.pad(tr("PIN:"), to: TextWidth.of(tr("Operator: "))), x: inner.x, y: top + 1, style: bold)
        var dots = TextField(String(repeating: "•", count: pin.text.count), maxLength: 12)
        dots.text = String(repeating: "•", count: pin.text.count)
        dots.render(into: &grid, x: x, y: top + 1, width: inner.maxX - x, focused: field == .pin)
        if let left = secondsLeft(now: now) {
            grid.putField("✗ " + tr("Too many wrong PINs: sign-ins refused for %@", Self.countdown(left)), x: inner.x, y: top + 2,
                          width: inner.width, style: CellStyle(.danger, bold: true))
        } else if checking {
            grid.putField(tr("Checking the PIN…"), x: inner.x, y: top + 2, width: inner.width, style: CellStyle(.dim))
        } else if let error {
            grid.putField("✗ " + error, x: inner.x, y: top + 2, width: inner.width, style: CellStyle(.danger, bold: true))
        }
        grid.putField(tr("Enter OK · Tab next field · Esc cancel"), x: inner.x, y: inner.maxY - 1, width: inner.width, style: CellStyle(.dim))
    }

    func secondsLeft(now: Date) -> Int? {
        guard let until = lockedUntil, now < until else { return nil }
        return Int(until.timeIntervalSince(now).rounded(.up))
    }

    /// `0:27`, `14:30`.
    static func countdown(_ seconds: Int) -> String {
        "\(seconds / 60):" + (seconds % 60 < 10 ? "0" : "") + "\(seconds % 60)"
    }
}

extension SignInDialog {
    /// `.close` means: back to the dialog it was opened over, if any.
    public mutating func onKey(_ key: Key) -> DialogReply {
        guard !checking else { return key == .escape ? .close : .stay }
        switch key {
        case .escape: return .close
        case .tab, .backTab: if card == nil { field = field == .name ? .pin : .name }
        case .up where field == .name && card == nil: choose(-1)
        case .down where field == .name && card == nil: choose(1)
        case .enter: return submit()
        default:
            error = nil
            switch field {
            case .name: name.handle(key)
            case .pin:
                // Digits only: a letter is refused here, never sent.
                if case .character(let c) = key, !c.isASCII || !c.isNumber {
                    error = tr("a PIN is digits only")
                    return .stay
                }
                pin.handle(key)
            }
        }
        return .stay
    }

    private mutating func choose(_ step: Int) {
        guard !names.isEmpty else { return }
        let at = names.firstIndex { $0.caseInsensitiveCompare(name.text) == .orderedSame }
        let next = at.map { ($0 + step + names.count) % names.count } ?? (step > 0 ? 0 : names.count - 1)
        name.text = names[next]
    }

    private mutating func submit() -> DialogReply {
        let typedName = name.text.trimmingCharacters(in: .whitespaces)
        if field == .name, card == nil {
            guard !typedName.isEmpty else {
                error = tr("type your name, or tap your staff card")
                return .stay
            }
            // Known operators (once loaded) complete a part of a name; a name that fits none, or
            // several, is said here, before any PIN is asked for.
            if !operators.isEmpty {
                switch OperatorNameMatch.resolve(typedName, among: operators.map(\.name)) {
                case .one(let full): name.text = full
                case .none:
                    error = tr("no operator named “%@”", typedName)
                    return .stay
                case .several(let fits):
                    error = SignInFailure.severalOperators(fits).description
                    return .stay
                }
            }
            field = .pin
            return .stay
        }
        let credential: StaffCredential
        if let card { credential = .card(card) } else {
            guard !typedName.isEmpty else {
                field = .name
                error = tr("type your name, or tap your staff card")
                return .stay
            }
            credential = .name(typedName)
        }
        do {
            let pin = try PIN(self.pin.text)
            self.pin.text = ""
            return .stayAnd(.verifyPIN(credential, pin))
        } catch {
            self.error = "\(error)"
            return .stay
        }
    }
}

extension StaffPermission {
    /// "A manager's PIN is needed to …".
    var wording: String {
        switch self {
        case .checkInByHand: return tr("check in by hand")
        case .addMember: return tr("add a member")
        case .editContact: return tr("edit a member")
        case .checkOut: return tr("check a member out")
        case .quitDesk: return tr("quit the desk")
        case .deleteMember: return tr("delete a member")
        case .suspend: return tr("suspend or reinstate a member")
        case .changeExpiry: return tr("change a membership's expiry")
        case .importMembers: return tr("import members")
        case .exportMembers: return tr("export the members")
        case .switchRegions: return tr("turn regions on or off")
        case .override: return tr("let a refused member in")
        case .viewAudit: return tr("see the audit record")
        }
    }
}

extension SignInDialog: DeskDialogFeature {
    mutating func onKey(_ key: Key, screen: Rect) -> DialogReply { onKey(key) }
    var takesText: Bool { true }
    /// What the dialog it was opened over holds (a PIN is not worth asking about).
    var holdsTypedText: Bool { resume?.holdsTypedText ?? false }
    var closesBackTo: DeskDialog? { resume }
}

extension DeskDialog {
    /// The sign-in, when it is the open dialog, changed in place (the lock's reducer fills it in).
    var signIn: SignInDialog? {
        get { self[SignInDialog.self] }
        set { self[SignInDialog.self] = newValue }
    }
}
