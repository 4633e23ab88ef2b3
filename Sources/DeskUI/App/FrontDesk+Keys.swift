import Foundation
import MemberKit

extension FrontDesk {
    /// Is a text field taking keys? Then a fast burst is typing (or a paste), not a scan.
    var textFieldFocused: Bool {
        if list.isSearching { return true }
        switch dialog {
        case .form, .prompt: return true
        case .export(let d): return d.phase == .editing
        default: return false
        }
    }

    /// A key from the terminal, at the time it arrived (for the wedge detector).
    public func key(_ key: Key, at time: Date) {
        needsRedraw = true
        guard !textFieldFocused, dialog == nil else {
            // Keys held back before a field took focus go first, in order.
            for held in wedge.flush(now: .distantFuture) { dispatch(held) }
            dispatch(key)
            return
        }
        switch wedge.feed(key, at: time) {
        case .holding: break
        case .scan(let pass): checkIn(pass, source: .wedge)
        case .keys(let keys): for k in keys { dispatch(k) }
        }
    }

    func dispatch(_ key: Key) {
        needsRedraw = true
        if key == .resize { return }
        if dialog != nil { return dialogKey(key) }
        if list.isSearching { return searchKey(key) }
        switch key {
        case .function(1), .character("?"): showHelp()
        case .function(2): editSelected()
        case .function(3), .character("/"):
            showStats = false
            focus = .members
            list.isSearching = true
        case .function(4), .character("c"): dialog = .prompt(.checkIn())
        case .function(5): openExport()
        case .function(6): openImport()
        case .function(7), .character("n"): openForm(nil)
        case .function(8), .delete:
            if let member = list.selectedMember { dialog = .confirmDelete(ConfirmDeleteDialog(member: member)) }
        case .function(9): toggleRegions()
        case .function(10), .character("q"): quit()
        case .character("o"):
            list.cycleSort()
            bumpGeneration()
        case .character("s"):
            showStats.toggle()
            resize(width: width, height: height)
            if showStats { requestStats() }
        case .character("b"): narrowSidePane = narrowSidePane == .log ? .beacons : .log
        case .tab, .backTab: focus = focus == .members ? .log : .members
        case .enter:
            if let pass = banner.visible(at: now)?.enrolPass {
                dialog = .prompt(.enrol(pass: pass))
            } else {
                editSelected()
            }
        case .escape:
            if banner.visible(at: now) != nil {
                banner.dismiss()
            } else if list.searchText != nil {
                list.search.text = ""
                list.reset()
                bumpGeneration()
            }
        case .up, .down, .pageUp, .pageDown, .home, .end:
            if focus == .log {
                let step = key == .up ? -1 : key == .down ? 1 : key == .pageUp ? -10 : key == .pageDown ? 10 : key == .home ? -Int.max / 2 : Int.max / 2
                log.scroll(by: step)
            } else {
                list.move(key)
            }
        default: break
        }
    }

    func searchKey(_ key: Key) {
        switch key {
        case .enter:
            list.isSearching = false
        case .escape:
            list.isSearching = false
            if !list.search.text.isEmpty {
                list.search.text = ""
                list.reset()
                bumpGeneration()
            }
        case .up, .down, .pageUp, .pageDown:
            list.move(key)
        case .function(10):
            quit()
        default:
            let before = list.search.text
            list.search.handle(key)
            if list.search.text != before {
                list.reset()
                bumpGeneration()
                searchEditedAt = now
            }
        }
    }

    func dialogKey(_ key: Key) {
        guard let dialog else { return }
        switch dialog {
        case .help(var d), .notice(var d):
            switch key {
            case .up: d.scroll = max(0, d.scroll - 1)
            case .down: d.scroll = min(max(0, d.lines.count - 1), d.scroll + 1)
            case .escape, .enter, .function(1), .function(10), .character("q"), .character("?"):
                self.dialog = nil
                return
            default: break
            }
            if case .help = dialog { self.dialog = .help(d) } else { self.dialog = .notice(d) }
        case .form(var form):
            switch key {
            case .escape: self.dialog = nil
            case .enter, .function(2):
                guard !form.saving else { break }
                guard let changes = form.validate() else {
                    self.dialog = .form(form)  // shows the error on the field at fault
                    break
                }
                form.saving = true
                self.dialog = .form(form)
                save(form, changes)
            default:
                form.handle(key)
                self.dialog = .form(form)
            }
        case .confirmDelete(var d):
            switch key {
            case .left, .right, .tab: d.choice = 1 - d.choice
            case .character("y"), .character("Y"): d.choice = 0; fallthrough
            case .enter:
                self.dialog = nil
                if d.choice == 0 { delete(d.member) }
                return
            case .escape, .character("n"), .character("N"):
                self.dialog = nil
                return
            default: break
            }
            self.dialog = .confirmDelete(d)
        case .prompt(var p):
            switch key {
            case .escape: self.dialog = nil
            case .enter: submit(p)
            default:
                p.field.handle(key)
                p.error = nil
                self.dialog = .prompt(p)
            }
        case .importReview(var d):
            guard !d.applying else { return }
            switch key {
            case .left, .right, .tab: d.choice = 1 - d.choice
            case .escape: self.dialog = nil; return
            case .enter:
                if d.choice == 1 { self.dialog = nil; return }
                d.applying = true
                applyImport(d.preview)
            default: d.scroll(key, visible: ImportReviewDialog.listHeight(in: CellGrid(width: width, height: height)))
            }
            self.dialog = .importReview(d)
        case .export(var d):
            switch d.phase {
            case .editing:
                switch key {
                case .escape: self.dialog = nil; return
                case .tab:
                    let oldDefault = services.exporter?.defaultPath(format: d.formats[d.format])
                    d.format = (d.format + 1) % max(1, d.formats.count)
                    if d.path.text == oldDefault, let path = services.exporter?.defaultPath(format: d.formats[d.format]) {
                        d.path.text = path
                    }
                case .enter:
                    d.phase = .running(0)
                    runExport(format: d.formats[d.format], path: d.path.text)
                default: d.path.handle(key)
                }
            case .running: return
            case .done:
                if key == .enter || key == .escape { self.dialog = nil; return }
            case .failed:
                if key == .escape { self.dialog = nil; return }
                if key == .enter { d.phase = .editing }
            }
            self.dialog = .export(d)
        }
    }

    func submit(_ prompt: PromptDialog) {
        var prompt = prompt
        let text = prompt.field.text.trimmingCharacters(in: .whitespaces)
        switch prompt.purpose {
        case .checkIn:
            guard !text.isEmpty else {
                prompt.error = "type a pass id"
                dialog = .prompt(prompt)
                return
            }
            dialog = nil
            checkIn(text, source: .manual)
        case .importFile:
            guard !text.isEmpty else {
                prompt.error = "type the path of a .musrl or .mucsv file"
                dialog = .prompt(prompt)
                return
            }
            dialog = .prompt(prompt)
            previewImport(text)
        case .enrol(let pass):
            dialog = nil
            banner.dismiss()
            enrol(pass, name: text.isEmpty ? nil : text)
        }
    }

    func editSelected() {
        guard let member = list.selectedMember else { return }
        openForm(member)
    }

    func showHelp() {
        dialog = .help(NoticeDialog(title: "Help — memberdesk front desk", lines: HelpText.lines))
    }

    func openImport() {
        guard services.importer != nil else {
            dialog = .notice(NoticeDialog(title: "Import", lines: ["Import is not available in this build."]))
            return
        }
        dialog = .prompt(.importFile())
    }

    func openExport() {
        guard let exporter = services.exporter, let first = exporter.formats.first else {
            dialog = .notice(NoticeDialog(title: "Export", lines: ["Export is not available in this build."]))
            return
        }
        dialog = .export(ExportDialog(formats: exporter.formats, path: exporter.defaultPath(format: first)))
    }
}

/// The help screen's text: one place, in step with the keys above and the README.
public enum HelpText {
    public static let lines = [
        "F1 or ?      this help",
        "F2 or Enter  member detail and edit (Enter on an unknown-card banner: enrol)",
        "F3 or /      search name, pass and email as you type (Enter keeps, Esc clears)",
        "F4 or c      check in by pass id (type or paste)",
        "F5           export members          F6  import a .musrl or .mucsv file",
        "F7 or n      new member              F8 or Delete  delete the selected member",
        "F9           regions on/off          F10 or q      quit",
        "o            sort: last visit, name, visits",
        "s            stats view (check-ins per hour and per day)",
        "Tab          move between the member list and the event log",
        "b            narrow screens: show beacons or the event log",
        "↑ ↓ PgUp PgDn Home End   move;  Esc  close, clear the search, or dismiss the banner",
        "A card reader in keyboard mode (a wedge) checks in by itself: no key needed.",
    ]
}
