import DeskLanguage
import Foundation
import MemberKit
import TerminalColumns

/// Export: a format, a path, a progress bar, then the result.
public struct ExportDialog: Sendable, Equatable {
    public enum Phase: Sendable, Equatable {
        case editing
        case running(Double)
        case done(String)
        case failed(String)
    }

    public var formats: [String]
    /// The path offered for each format; Tab swaps it while staff have not typed their own.
    public var defaultPaths: [String]
    public var format = 0
    public var path: TextField
    public var phase: Phase = .editing

    public init(formats: [String], defaultPaths: [String]) {
        self.formats = formats
        self.defaultPaths = defaultPaths
        path = TextField(defaultPaths.first ?? "", maxLength: 4096)
    }

    public static func progressBar(_ fraction: Double, width: Int) -> String {
        let clamped = min(1, max(0, fraction))
        let filled = Int((clamped * Double(width)).rounded(.down))
        return String(repeating: "█", count: filled) + String(repeating: "░", count: max(0, width - filled))
            + String(format: " %3.0f%%", clamped * 100)
    }

    public func render(into grid: inout CellGrid) {
        let frame = DialogFrame.centred(in: grid.bounds, width: 72, height: 9)
        let inner = DialogFrame.draw(&grid, frame, title: tr("Export members"))
        var x = grid.put(tr("Format: "), x: inner.x, y: inner.y, style: CellStyle(.normal, bold: true))
        for (i, name) in formats.enumerated() {
            x = grid.put(i == format ? "(•) \(name)" : "( ) \(name)", x: x, y: inner.y,
                         style: CellStyle(i == format ? .selected : .normal, bold: i == format), clip: inner.maxX) + 2
        }
        let px = grid.put(TextWidth.pad(tr("Path:"), to: TextWidth.of(tr("Format: "))), x: inner.x, y: inner.y + 1, style: CellStyle(.normal, bold: true))
        path.render(into: &grid, x: px, y: inner.y + 1, width: inner.maxX - px, focused: phase == .editing)
        switch phase {
        case .editing:
            grid.putField(tr("Tab format · Enter export · Esc cancel"), x: inner.x, y: inner.maxY - 1, width: inner.width, style: CellStyle(.dim))
        case .running(let fraction):
            grid.putField(Self.progressBar(fraction, width: max(1, inner.width - 6)), x: inner.x, y: inner.y + 3, width: inner.width,
                          style: CellStyle(.info))
        case .done(let summary):
            grid.putField(Self.progressBar(1, width: max(1, inner.width - 6)), x: inner.x, y: inner.y + 3, width: inner.width,
                          style: CellStyle(.success))
            grid.putField("✓ " + summary, x: inner.x, y: inner.y + 4, width: inner.width, style: CellStyle(.success, bold: true))
            grid.putField(tr("Enter or Esc to close"), x: inner.x, y: inner.maxY - 1, width: inner.width, style: CellStyle(.dim))
        case .failed(let message):
            grid.putField("✗ " + message, x: inner.x, y: inner.y + 3, width: inner.width, style: CellStyle(.danger, bold: true))
            grid.putField(tr("Enter to try again · Esc to close"), x: inner.x, y: inner.maxY - 1, width: inner.width, style: CellStyle(.dim))
        }
    }
}

extension ExportDialog {
    public mutating func onKey(_ key: Key) -> DialogReply {
        switch phase {
        case .editing:
            switch key {
            case .escape: return .close
            case .tab:
                let offered = path.text == defaultPaths[safe: format]
                format = (format + 1) % max(1, formats.count)
                if offered, let next = defaultPaths[safe: format] { path.text = next }
            case .enter:
                phase = .running(0)
                return .stayAnd(.export(format: formats[format], path: path.text))
            default: path.handle(key)
            }
        case .running: break
        case .done:
            if key == .enter || key == .escape { return .close }
        case .failed:
            if key == .escape { return .close }
            if key == .enter { phase = .editing }
        }
        return .stay
    }
}

fileprivate extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}

extension ExportDialog: DeskDialogFeature {
    mutating func onKey(_ key: Key, screen: Rect) -> DialogReply { onKey(key) }
    func render(into grid: inout CellGrid, now: Date) { render(into: &grid) }
    var takesText: Bool { phase == .editing }
    /// A path staff typed themselves (not the one offered).
    var holdsTypedText: Bool { phase == .editing && path.text != defaultPaths[format] }

    /// Its job's answer (`ExportFeature`): the phase it shows; the log's line once the file is written.
    mutating func receive(_ result: ExportResult) -> DeskNote? {
        switch result {
        case .progress(let fraction):
            if case .running = phase { phase = .running(fraction) }
        case .written(let summary):
            phase = .done(summary)
            return ExportFeature.writtenNote(summary)
        case .failed(let error):
            phase = .failed(error)
        }
        return nil
    }
}

extension DialogOpener {
    /// F5: a format and a path, or why there is no export in this build.
    static let export = DialogOpener(permission: .exportMembers) { state, _ in
        let formats = state.setup.exportFormats
        return DialogOpening(formats.isEmpty
            ? .notice(NoticeDialog(title: tr("Export"), lines: [tr("Export is not available in this build.")]))
            : .export(ExportDialog(formats: formats, defaultPaths: formats.map(state.setup.exportPath))))
    }
}
