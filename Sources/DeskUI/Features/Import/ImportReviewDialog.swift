import DeskLanguage
import Foundation
import MemberKit

/// The import preview: counts, a scrollable list, Merge/Cancel.
public struct ImportReviewDialog: Sendable, Equatable {
    public var preview: ImportPreview
    public var scroll = 0
    /// 0 = Merge, 1 = Cancel.
    public var choice = 0
    public var applying = false

    public var headline: String {
        let r = preview.received
        let others = r.deletions + r.unified
        // Live members are the users; the deletions that travel with them are counted apart.
        let beside = others == 0 ? "" : trn(" (and %d deletion)", " (and %d deletions)", others)
        return trn("Received %d user%@ to import. Would you like to save them?", "Received %d users%@ to import. Would you like to save them?",
                   r.members, beside)
    }

    public var summary: String {
        preview.counts.summary(separator: " · ")
    }

    /// Lines of the change list that fit on a screen `screenHeight` rows high (as `render` lays them out).
    static func listHeight(screenHeight: Int) -> Int { max(1, min(screenHeight - 2, 22) - 7) }

    public func render(into grid: inout CellGrid) {
        let frame = DialogFrame.centred(in: grid.bounds, width: 90, height: 22)
        let inner = DialogFrame.draw(&grid, frame, title: tr("Import review: %@", preview.file))
        grid.putField(headline, x: inner.x, y: inner.y, width: inner.width, style: CellStyle(.normal, bold: true))
        grid.putField(summary, x: inner.x, y: inner.y + 1, width: inner.width, style: CellStyle(.info))
        let list = Rect(x: inner.x, y: inner.y + 3, width: inner.width, height: inner.height - 5)
        for (i, line) in preview.lines.dropFirst(scroll).prefix(list.height).enumerated() {
            grid.putField(line, x: list.x, y: list.y + i, width: list.width)
        }
        if preview.lines.count > list.height {
            grid.putField(tr("%@–%@ of %@ (↑↓ PgUp PgDn)", String(scroll + 1), String(min(preview.lines.count, scroll + list.height)), String(preview.lines.count)),
                          x: inner.x, y: inner.maxY - 2, width: inner.width, style: CellStyle(.dim))
        }
        if applying {
            grid.putField(tr("Importing…"), x: inner.x, y: inner.maxY - 1, width: inner.width, style: CellStyle(.info, bold: true))
        } else {
            DialogFrame.buttons(&grid, [tr("Merge"), tr("Cancel")], chosen: choice, y: inner.maxY - 1, in: inner)
        }
    }
}

extension ImportReviewDialog {
    /// `screen`: the terminal's size, which sets how many lines a page scrolls.
    public mutating func onKey(_ key: Key, screen: Rect) -> DialogReply {
        guard !applying else { return .stay }
        switch key {
        case .left, .right, .tab: choice = 1 - choice
        case .escape: return .close
        case .enter:
            if choice == 1 { return .close }
            applying = true
            return .stayAnd(.applyImport(preview))
        default:
            let visible = Self.listHeight(screenHeight: screen.height)
            if let step = ScrollStep.lines(for: key, page: visible) {
                scroll = min(max(0, scroll + step), max(0, preview.lines.count - visible))
            }
        }
        return .stay
    }
}

extension ImportReviewDialog: DeskDialogFeature {
    func render(into grid: inout CellGrid, now: Date) { render(into: &grid) }

    /// Its merge goes out (now, or once a manager's PIN let it through): importing, until the result.
    mutating func performing(_ command: DeskCommand) {
        if case .applyImport = command { applying = true }
    }

    /// Its merge waits for a manager's PIN: not importing, so a cancelled sign-in gives back the
    /// review with its buttons, and Enter asks again.
    mutating func heldForPIN(_ command: DeskCommand) { applying = false }
}

extension DeskDialog {
    /// The import's review, when it is the open dialog.
    var importReview: ImportReviewDialog? {
        get { self[ImportReviewDialog.self] }
        set { self[ImportReviewDialog.self] = newValue }
    }
}
