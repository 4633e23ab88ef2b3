import DeskLanguage
import Foundation
import MemberKit

/// The "Inside now" view of the main pane: everyone inside, by entry time, with how long each
/// has been in. The whole list is read at once: the people in a building number hundreds (the
/// capacity bounds them), not the million rows the member list pages through.
public struct InsideListModel: Sendable, Equatable {
    public private(set) var members: [InsideMember] = []
    /// The list has been read at least once.
    public private(set) var loaded = false
    public private(set) var selected = 0
    public private(set) var top = 0
    public private(set) var viewport = 10

    public init() {}

    public var selectedMember: InsideMember? { members.indices.contains(selected) ? members[selected] : nil }

    /// A fresh read: the selection stays on the same member while they are inside, else at its row.
    public mutating func receive(_ members: [InsideMember]) {
        let keep = selectedMember?.memberId
        self.members = members
        loaded = true
        if let keep, let index = members.firstIndex(where: { $0.memberId == keep }) { selected = index }
        selected = min(max(0, selected), max(0, members.count - 1))
        scrollToSelection()
    }

    public mutating func setViewport(_ height: Int) {
        viewport = max(1, height)
        scrollToSelection()
    }

    public mutating func move(by lines: Int) {
        selected = min(max(0, selected + lines), max(0, members.count - 1))
        scrollToSelection()
    }

    private mutating func scrollToSelection() {
        if selected < top { top = selected }
        if selected >= top + viewport { top = selected - viewport + 1 }
        top = max(0, min(top, members.count - viewport))
    }

    /// "Ana López" (the pass when the member has no name), "Ana López +2" with two guests.
    static func name(_ member: InsideMember) -> String {
        let name = member.username.flatMap { $0.isEmpty ? nil : $0 } ?? member.passId
        return member.guests > 0 ? "\(name) +\(member.guests)" : name
    }

    /// The people inside: the members listed and their guests.
    var people: Int { InsideMember.people(members) }

    public struct Columns: Equatable {
        public var name: Int, pass: Int, since: Int, stay: Int
    }

    public static func columns(width: Int) -> Columns {
        // "Since" is a time of day (14:05); "In for" the longest stay a day allows ("23 h 59 min").
        let since = 6, stay = 11
        let pass = width >= 100 ? 20 : 14
        return Columns(name: max(4, width - 2 - pass - since - stay - 3), pass: pass, since: since, stay: stay)
    }

    /// `capacity`: 0 for none.
    public func render(into grid: inout CellGrid, rect: Rect, now: Date, focused: Bool, capacity: Int) {
        grid.fill(rect)
        let count = loaded ? DeskLanguage.number(people) + (capacity > 0 ? tr(" of %@", DeskLanguage.number(capacity)) : "") : "…"
        grid.box(rect, title: tr("Inside now (%@) · by entry time [i: all members]", count), style: CellStyle(focused ? .title : .dim))
        let inner = rect.inset(1)
        guard inner.height >= 3, inner.width >= 20 else { return }
        grid.putField(tr("x: check the selected member out"), x: inner.x, y: inner.y, width: inner.width, style: CellStyle(.dim))
        let c = Self.columns(width: inner.width)
        var hx = inner.x + 2
        for (title, width, right) in [(tr("Name"), c.name, false), (tr("Pass"), c.pass, false), (tr("Since"), c.since, false), (tr("In for"), c.stay, true)] {
            grid.putField(title, x: hx, y: inner.y + 1, width: width, style: CellStyle(.title, bold: true), alignRight: right)
            hx += width + 1
        }
        let body = Rect(x: inner.x, y: inner.y + 2, width: inner.width, height: inner.height - 2)
        guard !members.isEmpty else {
            grid.putField(loaded ? tr("Nobody is inside") : tr("Reading who is inside…"), x: body.x + 2, y: body.y, width: body.width - 2,
                          style: CellStyle(.dim))
            return
        }
        for line in 0..<body.height {
            let index = top + line
            guard members.indices.contains(index) else { break }
            let member = members[index]
            let y = body.y + line
            let isSelected = index == selected
            let style = CellStyle(isSelected ? .selected : .normal, reverse: isSelected && focused)
            if isSelected { grid.fill(Rect(x: body.x, y: y, width: body.width, height: 1), style: style) }
            grid.put(isSelected ? "▶" : " ", x: body.x, y: y, style: style)
            let since = Date(timeIntervalSince1970: member.since)
            var cx = body.x + 2
            for (text, width, right) in [(Self.name(member), c.name, false), (member.passId, c.pass, false),
                                         (RelativeTime.clock(since, seconds: false), c.since, false),
                                         (ShownDuration.stay(seconds: now.timeIntervalSince(since)), c.stay, true)] {
                grid.putField(text, x: cx, y: y, width: width, style: style, alignRight: right)
                cx += width + 1
            }
        }
    }
}
