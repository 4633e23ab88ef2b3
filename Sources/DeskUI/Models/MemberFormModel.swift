import DeskLanguage
import Foundation
import MemberKit
import TerminalColumns

/// The member detail and edit form: every editable field (the subclass's too), validation,
/// and the member's visit history.
public struct MemberFormModel: Sendable, Equatable {
    public enum FieldKind: Sendable, Hashable {
        case name, pass, status, expires, note
        /// The plan (a choice), visits to add to the pack, the household's head (id or pass), the birthday.
        case plan, addVisits, household, birthday
        /// What the door must know: the alert, the waiver's day, a minor's guardian, and a freeze to add.
        case alert, waiver, guardian, freeze
        /// An image file for the member's photo: empty keeps it, "-" removes it.
        case photo
        /// A subclass field such as `userEmailAddress`.
        case extra(String)
    }

    public struct Field: Sendable, Equatable {
        public var kind: FieldKind
        public var label: String
        public var input: TextField
    }

    /// nil for a new member.
    public let original: MemberRecord?
    public private(set) var fields: [Field]
    public var focus = 0
    public var status: MemberStatus
    public var plan: MemberPlan
    public var error: String?
    public var errorField: Int?
    public var visits: [VisitRecord]?
    /// The pack's balance that applies (its own or its household head's), once loaded; nil for other plans.
    public var visitsLeft: Int?
    public var saving = false

    public var isNew: Bool { original == nil }

    /// The fields' text when the form opened: Ctrl-C asks before losing anything typed since.
    private var openedWith: [String] = []

    public var isEdited: Bool { fields.map(\.input.text) != openedWith }

    /// The club's calendar (`PlanSettings.calendar`): the expiry's day is shown and read in it.
    public let calendar: Calendar

    public init(member: MemberRecord?, extraFields: [String], calendar: Calendar) {
        self.calendar = calendar
        original = member
        status = member?.status ?? .active
        plan = member?.plan ?? .open
        var fields = [
            Field(kind: .name, label: tr("Name"), input: TextField(member?.username ?? "", maxLength: MemberFieldRules.nameLimit)),
            Field(kind: .pass, label: tr("Pass"), input: TextField(member?.passId ?? "", maxLength: PassIdNormalizer.fieldCapacity)),
        ]
        // The member type's fields, then any other the member holds (an import's, another desk's): each editable and erasable.
        let held = (member?.fields ?? [:]).filter { $0.value != .null && !extraFields.contains($0.key) }.keys.sorted()
        for name in extraFields + held where !MembershipUser.baseFieldNames.contains(name) {
            let label = name == "userEmailAddress" ? tr("Email") : name
            fields.append(Field(kind: .extra(name), label: label,
                                input: TextField(member?.fields[name]?.displayText ?? "",
                                                 maxLength: name == "userEmailAddress" ? MemberFieldRules.emailLimit : MemberFieldRules.otherFieldLimit)))
        }
        fields.append(Field(kind: .status, label: tr("Status"), input: TextField(status.rawValue)))
        fields.append(Field(kind: .expires, label: tr("Expires"), input: TextField(MemberFieldRules.expiryText(member?.expiresAt, calendar: calendar), maxLength: 40)))
        fields.append(Field(kind: .note, label: tr("Note"), input: TextField(member?.note ?? "", maxLength: MemberFieldRules.noteLimit)))
        fields.append(Field(kind: .alert, label: tr("Alert"), input: TextField(member?.alert ?? "", maxLength: MemberFieldRules.alertLimit)))
        fields.append(Field(kind: .plan, label: tr("Plan"), input: TextField(plan.rawValue)))
        fields.append(Field(kind: .addVisits, label: tr("Top up"), input: TextField("", maxLength: 6)))
        fields.append(Field(kind: .household, label: tr("Household"), input: TextField(member?.household ?? "", maxLength: PassIdNormalizer.fieldCapacity)))
        fields.append(Field(kind: .birthday, label: tr("Birthday"), input: TextField(member?.birthday?.description ?? "", maxLength: 10)))
        fields.append(Field(kind: .waiver, label: tr("Waiver"), input: TextField(member?.waiver?.description ?? "", maxLength: 10)))
        fields.append(Field(kind: .guardian, label: tr("Guardian"), input: TextField(member?.guardian ?? "", maxLength: MemberFieldRules.nameLimit)))
        // Empty when the form opens: a freeze typed here is added to the member's (`Club.freezeMember`).
        if member != nil { fields.append(Field(kind: .freeze, label: tr("Freeze"), input: TextField("", maxLength: 22))) }
        // Empty too: a path typed here is the new photo, "-" none (`members photo`).
        fields.append(Field(kind: .photo, label: tr("Photo"), input: TextField("", maxLength: 1024)))
        self.fields = fields
        openedWith = fields.map(\.input.text)
    }

    public func value(_ kind: FieldKind) -> String? { fields.first { $0.kind == kind }?.input.text }

    /// Editing and moving keys; Enter and Esc belong to the caller (save, cancel).
    public mutating func handle(_ key: Key) {
        switch key {
        case .tab, .down: focus = (focus + 1) % fields.count
        case .backTab, .up: focus = (focus + fields.count - 1) % fields.count
        default:
            if fields[focus].kind == .status {
                // Status is a choice: any key that edits flips it.
                if [.left, .right].contains(key) || key == .character(" ") {
                    status = status == .active ? .suspended : .active
                    fields[focus].input.text = status.rawValue
                }
                return
            }
            if fields[focus].kind == .plan {
                // The plan is a choice too: ←→ or space go round open, pack, household.
                if [.left, .right].contains(key) || key == .character(" ") {
                    let all = MemberPlan.allCases
                    let step = key == .left ? all.count - 1 : 1
                    plan = all[(all.firstIndex(of: plan)! + step) % all.count]
                    fields[focus].input.text = plan.rawValue
                    error = nil
                    errorField = nil
                }
                return
            }
            if fields[focus].input.handle(key) { error = nil; errorField = nil }
        }
    }

    /// The change to save, or an error naming the field at fault (which takes the focus).
    public mutating func validate() -> MemberChanges? {
        do {
            var changes = MemberChanges()
            for (index, field) in fields.enumerated() {
                let text = field.input.text.trimmingCharacters(in: .whitespaces)
                do {
                    switch field.kind {
                    case .name:
                        try MemberFieldRules.validateName(text, field: field.label)
                        changes.username = .some(text.isEmpty ? nil : text)
                    case .pass:
                        guard !text.isEmpty else { throw DeskError.invalidInput(tr("a member needs a pass")) }
                        try PassIdNormalizer.check(text)  // refused as a tap would be; `Club` stores it normalized
                        changes.passId = text
                    case .extra(let name):
                        try MemberFieldRules.validateField(name, .string(text), label: field.label)
                        changes.fields[name] = text.isEmpty ? .null : .string(text)
                    case .status: changes.status = status
                    case .expires: changes.expiresAt = .some(try MemberFieldRules.expiry(text, calendar: calendar))
                    case .note:
                        try MemberFieldRules.validateNote(text, field: field.label)
                        changes.note = .some(text.isEmpty ? nil : text)
                    case .plan: if plan != (original?.plan ?? .open) { changes.plan.plan = plan }
                    case .addVisits:
                        guard !text.isEmpty else { break }
                        guard let visits = Int(text), (1...PlanChanges.maximumVisits).contains(visits) else {
                            throw DeskError.invalidInput(tr("a number of visits, 1 to %@", String(PlanChanges.maximumVisits)))
                        }
                        changes.plan.addVisits = visits
                    case .household:
                        // The id or pass as typed: the save looks the member up.
                        if text != (original?.household ?? "") || (plan == .household) != (original?.plan == .household) {
                            changes.plan.household = .some(text.isEmpty ? nil : text)
                        }
                    case .birthday:
                        guard text.isEmpty || Birthday(parsing: text) != nil else {
                            // Named, as every bad date is (issue 28 #14).
                            throw DeskError.invalidInput(tr("'%@' is not a day: use YYYY-MM-DD, or --MM-DD without a year", text))
                        }
                        let birthday = text.isEmpty ? nil : Birthday(parsing: text)
                        if birthday != original?.birthday { changes.plan.birthday = .some(birthday) }
                    case .alert:
                        try MemberFieldRules.validateAlert(text)
                        if text != (original?.alert ?? "") { changes.alert = .some(text.isEmpty ? nil : text) }
                    case .waiver:
                        guard text.isEmpty || CalendarDay(parsing: text) != nil else {
                            throw DeskError.invalidInput(tr("'%@' is not a day: use YYYY-MM-DD", text))
                        }
                        let waiver = text.isEmpty ? nil : CalendarDay(parsing: text)
                        if waiver != original?.waiver { changes.waiver = .some(waiver) }
                    case .guardian:
                        try MemberFieldRules.validateName(text, field: field.label)
                        if text != (original?.guardian ?? "") { changes.guardian = .some(text.isEmpty ? nil : text) }
                    case .freeze:
                        guard !text.isEmpty else { break }
                        changes.addHold = try Self.freeze(text)
                    case .photo:
                        if text == "-" {
                            if original?.photo != nil { changes.photo = .some(nil) }
                        } else if !text.isEmpty {
                            try MemberFieldRules.validateNote(text, field: field.label)  // no control characters in a path
                            changes.photoFile = text
                        }
                    }
                } catch {
                    errorField = index
                    focus = index
                    // The text rules name the field themselves.
                    let message = "\(error)"
                    throw DeskError.invalidInput(message.hasPrefix(field.label + ":") ? message : "\(field.label): \(message)")
                }
            }
            error = nil
            errorField = nil
            return changes
        } catch {
            self.error = "\(error)"
            return nil
        }
    }

    /// A freeze as typed: "FROM..UNTIL" (or "FROM UNTIL"), days as YYYY-MM-DD.
    static func freeze(_ text: String) throws -> MemberHold {
        let parts = text.replacingOccurrences(of: "..", with: " ").split(separator: " ").map(String.init)
        guard parts.count == 2, let from = CalendarDay(parsing: parts[0]), let until = CalendarDay(parsing: parts[1]) else {
            throw DeskError.invalidInput(tr("'%@' is not a freeze: type FROM..UNTIL, as 2026-12-20..2027-01-03", text))
        }
        return MemberHold(from: from, until: until)
    }

    public func render(into grid: inout CellGrid, rect: Rect, now: Date) {
        grid.fill(rect)
        let title = isNew ? tr("New member") : tr("Member: %@", original?.displayName ?? "")
        grid.box(rect, title: title, style: CellStyle(.title))
        let inner = rect.inset(1)
        guard inner.height > 2, inner.width > 20 else { return }
        // Nine columns fit the English labels; a longer word widens the column, up to 14.
        let labelWidth = min(14, max(9, fields.map { TextWidth.of($0.label) }.max() ?? 9))
        var y = inner.y
        for (index, field) in fields.enumerated() where y < inner.maxY {
            let focused = index == focus
            grid.putField(field.label, x: inner.x, y: y, width: labelWidth,
                          style: CellStyle(index == errorField ? .danger : .normal, bold: focused))
            let fx = inner.x + labelWidth + 1
            let width = min(inner.maxX - fx, 60)
            if field.kind == .status {
                grid.putField("◀ \(ShownStatus.word(status)) ▶", x: fx, y: y, width: width,
                              style: CellStyle(status == .active ? .success : .danger, reverse: focused))
            } else if field.kind == .plan {
                let choice = "◀ \(ShownStatus.plan(plan)) ▶"
                let end = grid.put(choice, x: fx, y: y, style: CellStyle(.normal, reverse: focused), clip: fx + width)
                // The balance as stored: a plan changed in the form but not saved has none yet.
                if let left = visitsLeft, plan == original?.plan, end + 2 < fx + width {
                    grid.putField(ShownDoorNotice.balance(left), x: end + 2, y: y, width: fx + width - end - 2,
                                  style: CellStyle(left > 0 ? .normal : .danger, bold: left <= 0))
                }
            } else {
                field.input.render(into: &grid, x: fx, y: y, width: width, focused: focused)
            }
            let hints: [FieldKind: String] = [.expires: tr("YYYY-MM-DD or empty"), .addVisits: tr("visits to add to the pack"),
                                              .household: tr("the head's id or pass"), .birthday: tr("YYYY-MM-DD or --MM-DD"),
                                              .waiver: tr("the day it was signed"), .freeze: tr("FROM..UNTIL")]
            if let hint = hints[field.kind], focused, width + fx + 2 < inner.maxX {
                grid.putField(hint, x: fx + width + 1, y: y, width: inner.maxX - fx - width - 1, style: CellStyle(.dim))
            }
            y += 1
        }
        if let original, y < inner.maxY {
            let line = tr("Visits %@ · last %@ · added %@ · id %@", DeskLanguage.number(original.numVisits),
                          RelativeTime.describe(original.timeStampOfLastVisit, now: now), RelativeTime.day(original.timeStampAdded),
                          original.memberId)
            grid.putField(line, x: inner.x, y: y, width: inner.width, style: CellStyle(.dim))
            y += 1
        }
        if let error, y < inner.maxY {
            grid.putField("✗ " + error, x: inner.x, y: y, width: inner.width, style: CellStyle(.danger, bold: true))
        }
        y += 1
        if !isNew, y < inner.maxY - 1 {
            grid.putField(tr("Visit history"), x: inner.x, y: y, width: inner.width, style: CellStyle(.title, bold: true))
            y += 1
            if let visits {
                if visits.isEmpty { grid.putField(tr("no visits"), x: inner.x, y: y, width: inner.width, style: CellStyle(.dim)) }
                for visit in visits where y < inner.maxY - 1 {
                    grid.putField("\(RelativeTime.day(visit.time))  \(CheckInSource(rawValue: visit.source).map(ShownStatus.source) ?? visit.source)", x: inner.x, y: y, width: inner.width)
                    y += 1
                }
            } else {
                grid.putField(tr("loading…"), x: inner.x, y: y, width: inner.width, style: CellStyle(.dim))
            }
        }
        let hint = saving ? tr("Saving…") : tr("Enter save · Tab/↑↓ next field · ←→ status · Esc cancel")
        grid.putField(hint, x: inner.x, y: inner.maxY - 1, width: inner.width, style: CellStyle(.dim))
    }
}
