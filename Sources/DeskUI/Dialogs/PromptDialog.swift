import DeskLanguage
import Foundation
import MemberKit

/// A question with a text field: manual check-in, the import file, the enrol prompt's name.
public struct PromptDialog: Sendable, Equatable {
    public enum Purpose: Sendable, Equatable {
        case checkIn
        case importFile
        /// Enrol this unknown pass, with the name typed.
        case enrol(pass: String)
        /// Check the member holding this pass in with the number of guests typed.
        case guests(pass: String)
    }

    public var purpose: Purpose
    public var title: String
    public var message: String
    public var label: String
    public var field: TextField
    public var error: String?

    public static func checkIn() -> PromptDialog {
        PromptDialog(purpose: .checkIn, title: tr("Check in"), message: tr("Type or paste a pass id, then Enter."),
                     label: tr("Pass"), field: TextField(maxLength: PassIdNormalizer.fieldCapacity))
    }

    public static func importFile() -> PromptDialog {
        PromptDialog(purpose: .importFile, title: tr("Import members"), message: tr("A .musrl, .mucsv or .csv file to review before importing."),
                     label: tr("File"), field: TextField(maxLength: 4096))
    }

    public static func enrol(pass: String) -> PromptDialog {
        PromptDialog(purpose: .enrol(pass: pass), title: tr("Enrol unknown card"),
                     message: tr("Pass %@ is not a member. Enrol it with a first visit?", pass), label: tr("Name"),
                     field: TextField(maxLength: 200))
    }

    public static func guests(pass: String, name: String) -> PromptDialog {
        PromptDialog(purpose: .guests(pass: pass), title: tr("Check in with guests"),
                     message: tr("How many guests come in with %@?", name), label: tr("Guests"), field: TextField(maxLength: 2))
    }

    public func render(into grid: inout CellGrid) {
        let frame = DialogFrame.centred(in: grid.bounds, width: 70, height: 8)
        let inner = DialogFrame.draw(&grid, frame, title: title)
        grid.putField(message, x: inner.x, y: inner.y, width: inner.width)
        let x = grid.put(label + ": ", x: inner.x, y: inner.y + 2, style: CellStyle(.normal, bold: true))
        field.render(into: &grid, x: x, y: inner.y + 2, width: inner.maxX - x, focused: true)
        if let error { grid.putField("✗ " + error, x: inner.x, y: inner.y + 3, width: inner.width, style: CellStyle(.danger, bold: true)) }
        grid.putField(tr("Enter OK · Esc cancel"), x: inner.x, y: inner.maxY - 1, width: inner.width, style: CellStyle(.dim))
    }
}

extension PromptDialog {
    public mutating func onKey(_ key: Key) -> DialogReply {
        switch key {
        case .escape: return .close
        case .enter: return submit()
        default:
            field.handle(key)
            error = nil
            return .stay
        }
    }

    private mutating func submit() -> DialogReply {
        let text = field.text.trimmingCharacters(in: .whitespaces)
        switch purpose {
        case .checkIn:
            guard !text.isEmpty else {
                error = tr("type a pass id")
                return .stay
            }
            // The same rules as a tap: an over-long pass is an error here, never cut.
            do { try PassIdNormalizer.check(text) } catch {
                self.error = "\(error)"
                return .stay
            }
            return .closeAnd(.checkIn(text))
        case .importFile:
            guard !text.isEmpty else {
                error = tr("type the path of a .musrl, .mucsv or .csv file")
                return .stay
            }
            // Stays open until the preview comes back: its error shows here.
            return .stayAnd(.previewImport(file: text))
        case .enrol(let pass):
            return .closeAnd(.enrol(pass: pass, name: text.isEmpty ? nil : text))
        case .guests(let pass):
            // The allowance and capacity are the rules' to say, on the banner: here only a count.
            guard let guests = Int(text), (1...VisitEvent.maximumGuests).contains(guests) else {
                error = tr("type how many guests, 1 to %@", String(VisitEvent.maximumGuests))
                return .stay
            }
            return .closeAnd(.checkInWithGuests(pass: pass, guests: guests))
        }
    }
}

extension PromptDialog: DeskDialogFeature {
    mutating func onKey(_ key: Key, screen: Rect) -> DialogReply { onKey(key) }
    func render(into grid: inout CellGrid, now: Date) { render(into: &grid) }
    var takesText: Bool { true }
    var holdsTypedText: Bool { !field.text.isEmpty }
}

extension DialogOpener {
    /// F4: check in by a pass id typed or pasted.
    static let checkIn = DialogOpener(permission: .checkInByHand) { _, _ in DialogOpening(.prompt(.checkIn())) }

    /// `g`: how many guests come in with the member selected in the list (a check-in by hand).
    static let checkInWithGuests = DialogOpener(permission: .checkInByHand) { state, _ in
        guard !state.showInside, !state.showStats, let member = state.list.selectedMember else { return nil }
        return DialogOpening(.prompt(.guests(pass: member.passId, name: member.displayName)))
    }

    /// F6: the file to import (its review follows), or why there is no import in this build.
    static let importFile = DialogOpener(permission: .importMembers) { state, _ in
        DialogOpening(state.setup.canImport
            ? .prompt(.importFile())
            : .notice(NoticeDialog(title: tr("Import"), lines: [tr("Import is not available in this build.")])))
    }

    /// Enter on an unknown-card banner: give its pass to the member who holds it but for leading
    /// zeros, or else enrol it, with a name.
    static let enrol = DialogOpener { state, now in
        guard let shown = state.banner.visible(at: now) else { return nil }
        if let pass = shown.givePass { return DialogOpening(.givePass(GivePassDialog(for: pass, shown.nearHolders, state))) }
        return shown.enrolPass.map { DialogOpening(.prompt(.enrol(pass: $0))) }
    }
}
