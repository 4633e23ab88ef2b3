import MemberKit

/// Where a dialog sits: centred, at most `width`×`height`, never bigger than the screen.
enum DialogFrame {
    static func centred(in bounds: Rect, width: Int, height: Int) -> Rect {
        let w = min(width, bounds.width - 2), h = min(height, bounds.height - 2)
        return Rect(x: bounds.x + (bounds.width - w) / 2, y: bounds.y + (bounds.height - h) / 2, width: w, height: h)
    }

    /// Clears the frame and draws its border; returns the inside.
    static func draw(_ grid: inout CellGrid, _ rect: Rect, title: String, tone: Tone = .title) -> Rect {
        grid.fill(rect)
        grid.box(rect, title: title, style: CellStyle(tone, bold: true))
        return Rect(x: rect.x + 2, y: rect.y + 1, width: rect.width - 4, height: rect.height - 2)
    }

    /// "[ Merge ]  [ Cancel ]" with the chosen one highlighted.
    static func buttons(_ grid: inout CellGrid, _ labels: [String], chosen: Int, y: Int, in inner: Rect) {
        let texts = labels.map { "[ \($0) ]" }
        let total = texts.map(TextWidth.of).reduce(0, +) + 2 * (texts.count - 1)
        var x = inner.x + max(0, (inner.width - total) / 2)
        for (i, text) in texts.enumerated() {
            x = grid.put(text, x: x, y: y, style: CellStyle(i == chosen ? .selected : .normal, bold: i == chosen, reverse: i == chosen),
                         clip: inner.maxX) + 2
        }
    }
}

/// A question with a text field: manual check-in, the import file, the enrol prompt's name.
public struct PromptDialog: Sendable {
    public enum Purpose: Sendable, Equatable {
        case checkIn
        case importFile
        /// Enrol this unknown pass, with the name typed.
        case enrol(pass: String)
    }

    public var purpose: Purpose
    public var title: String
    public var message: String
    public var label: String
    public var field: TextField
    public var error: String?

    public static func checkIn() -> PromptDialog {
        PromptDialog(purpose: .checkIn, title: "Check in", message: "Type or paste a pass id, then Enter.",
                     label: "Pass", field: TextField(maxLength: 200))
    }

    public static func importFile() -> PromptDialog {
        PromptDialog(purpose: .importFile, title: "Import members", message: "A .musrl or .mucsv file to review before importing.",
                     label: "File", field: TextField(maxLength: 4096))
    }

    public static func enrol(pass: String) -> PromptDialog {
        PromptDialog(purpose: .enrol(pass: pass), title: "Enrol unknown card",
                     message: "Pass \(pass) is not a member. Enrol it with a first visit?", label: "Name",
                     field: TextField(maxLength: 200))
    }

    public func render(into grid: inout CellGrid) {
        let frame = DialogFrame.centred(in: grid.bounds, width: 70, height: 8)
        let inner = DialogFrame.draw(&grid, frame, title: title)
        grid.putField(message, x: inner.x, y: inner.y, width: inner.width)
        let x = grid.put(label + ": ", x: inner.x, y: inner.y + 2, style: CellStyle(.normal, bold: true))
        field.render(into: &grid, x: x, y: inner.y + 2, width: inner.maxX - x, focused: true)
        if let error { grid.putField("✗ " + error, x: inner.x, y: inner.y + 3, width: inner.width, style: CellStyle(.danger, bold: true)) }
        grid.putField("Enter OK · Esc cancel", x: inner.x, y: inner.maxY - 1, width: inner.width, style: CellStyle(.dim))
    }
}

/// "Delete NAME?" with Delete/Cancel.
public struct ConfirmDeleteDialog: Sendable {
    public var member: MemberRecord
    /// 0 = Delete, 1 = Cancel; Cancel is the default so a stray Enter deletes nothing.
    public var choice = 1

    public func render(into grid: inout CellGrid) {
        let frame = DialogFrame.centred(in: grid.bounds, width: 60, height: 7)
        let inner = DialogFrame.draw(&grid, frame, title: "Delete member", tone: .danger)
        grid.putField("Delete \(member.displayName) (pass \(member.passId))?", x: inner.x, y: inner.y, width: inner.width)
        grid.putField("\(member.numVisits) visits. The deletion syncs to other terminals.", x: inner.x, y: inner.y + 1,
                      width: inner.width, style: CellStyle(.dim))
        DialogFrame.buttons(&grid, ["Delete", "Cancel"], chosen: choice, y: inner.maxY - 1, in: inner)
    }
}

/// The import preview: counts, a scrollable list, Merge/Cancel.
public struct ImportReviewDialog: Sendable {
    public var preview: ImportPreview
    public var scroll = 0
    /// 0 = Merge, 1 = Cancel.
    public var choice = 0
    public var applying = false

    public var headline: String {
        "Received \(preview.total) users to import. Would you like to save them?"
    }

    public var summary: String {
        "\(preview.counts.new) new · \(preview.counts.updated) updated · \(preview.counts.unified) unified · \(preview.counts.deleted) deleted · \(preview.counts.unchanged) unchanged"
    }

    public mutating func scroll(_ key: Key, visible: Int) {
        let last = max(0, preview.lines.count - visible)
        switch key {
        case .up: scroll -= 1
        case .down: scroll += 1
        case .pageUp: scroll -= visible
        case .pageDown: scroll += visible
        case .home: scroll = 0
        case .end: scroll = last
        default: break
        }
        scroll = min(max(0, scroll), last)
    }

    static func listHeight(in grid: CellGrid) -> Int { max(1, min(grid.height - 2, 22) - 7) }

    public func render(into grid: inout CellGrid) {
        let frame = DialogFrame.centred(in: grid.bounds, width: 90, height: 22)
        let inner = DialogFrame.draw(&grid, frame, title: "Import review: \(preview.file)")
        grid.putField(headline, x: inner.x, y: inner.y, width: inner.width, style: CellStyle(.normal, bold: true))
        grid.putField(summary, x: inner.x, y: inner.y + 1, width: inner.width, style: CellStyle(.info))
        let list = Rect(x: inner.x, y: inner.y + 3, width: inner.width, height: inner.height - 5)
        for (i, line) in preview.lines.dropFirst(scroll).prefix(list.height).enumerated() {
            grid.putField(line, x: list.x, y: list.y + i, width: list.width)
        }
        if preview.lines.count > list.height {
            grid.putField("\(scroll + 1)–\(min(preview.lines.count, scroll + list.height)) of \(preview.lines.count) (↑↓ PgUp PgDn)",
                          x: inner.x, y: inner.maxY - 2, width: inner.width, style: CellStyle(.dim))
        }
        if applying {
            grid.putField("Importing…", x: inner.x, y: inner.maxY - 1, width: inner.width, style: CellStyle(.info, bold: true))
        } else {
            DialogFrame.buttons(&grid, ["Merge", "Cancel"], chosen: choice, y: inner.maxY - 1, in: inner)
        }
    }
}

/// Export: a format, a path, a progress bar, then the result.
public struct ExportDialog: Sendable {
    public enum Phase: Sendable, Equatable {
        case editing
        case running(Double)
        case done(String)
        case failed(String)
    }

    public var formats: [String]
    public var format = 0
    public var path: TextField
    public var phase: Phase = .editing

    public init(formats: [String], path: String) {
        self.formats = formats
        self.path = TextField(path, maxLength: 4096)
    }

    public static func progressBar(_ fraction: Double, width: Int) -> String {
        let clamped = min(1, max(0, fraction))
        let filled = Int((clamped * Double(width)).rounded(.down))
        return String(repeating: "█", count: filled) + String(repeating: "░", count: max(0, width - filled))
            + String(format: " %3.0f%%", clamped * 100)
    }

    public func render(into grid: inout CellGrid) {
        let frame = DialogFrame.centred(in: grid.bounds, width: 72, height: 9)
        let inner = DialogFrame.draw(&grid, frame, title: "Export members")
        var x = grid.put("Format: ", x: inner.x, y: inner.y, style: CellStyle(.normal, bold: true))
        for (i, name) in formats.enumerated() {
            x = grid.put(i == format ? "(•) \(name)" : "( ) \(name)", x: x, y: inner.y,
                         style: CellStyle(i == format ? .selected : .normal, bold: i == format), clip: inner.maxX) + 2
        }
        let px = grid.put("Path:   ", x: inner.x, y: inner.y + 1, style: CellStyle(.normal, bold: true))
        path.render(into: &grid, x: px, y: inner.y + 1, width: inner.maxX - px, focused: phase == .editing)
        switch phase {
        case .editing:
            grid.putField("Tab format · Enter export · Esc cancel", x: inner.x, y: inner.maxY - 1, width: inner.width, style: CellStyle(.dim))
        case .running(let fraction):
            grid.putField(Self.progressBar(fraction, width: max(1, inner.width - 6)), x: inner.x, y: inner.y + 3, width: inner.width,
                          style: CellStyle(.info))
        case .done(let summary):
            grid.putField(Self.progressBar(1, width: max(1, inner.width - 6)), x: inner.x, y: inner.y + 3, width: inner.width,
                          style: CellStyle(.success))
            grid.putField("✓ " + summary, x: inner.x, y: inner.y + 4, width: inner.width, style: CellStyle(.success, bold: true))
            grid.putField("Enter or Esc to close", x: inner.x, y: inner.maxY - 1, width: inner.width, style: CellStyle(.dim))
        case .failed(let message):
            grid.putField("✗ " + message, x: inner.x, y: inner.y + 3, width: inner.width, style: CellStyle(.danger, bold: true))
            grid.putField("Enter to try again · Esc to close", x: inner.x, y: inner.maxY - 1, width: inner.width, style: CellStyle(.dim))
        }
    }
}

/// A dialog that only says something: "Import is not available in this build".
public struct NoticeDialog: Sendable {
    public var title: String
    public var lines: [String]
    public var scroll = 0

    public func render(into grid: inout CellGrid) {
        let frame = DialogFrame.centred(in: grid.bounds, width: 76, height: lines.count + 4)
        let inner = DialogFrame.draw(&grid, frame, title: title)
        for (i, line) in lines.dropFirst(scroll).prefix(max(0, inner.height - 1)).enumerated() {
            grid.putField(line, x: inner.x, y: inner.y + i, width: inner.width)
        }
        grid.putField("Esc to close" + (lines.count > inner.height - 1 ? " · ↑↓ scroll" : ""), x: inner.x, y: inner.maxY - 1,
                      width: inner.width, style: CellStyle(.dim))
    }
}
