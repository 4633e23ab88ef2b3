import DeskLanguage
import Foundation
import MemberKit
import TerminalColumns

/// The virtualized member list. It holds only a window of rows around the viewport (never
/// every member) and asks for the next page by keyset when the viewport nears an edge.
public struct MemberListModel: Sendable, Equatable {
    public private(set) var sort: MemberSort = .lastVisit
    /// Only members expiring within this many days, soonest first (`e`); nil: everyone.
    public private(set) var expiringDays: Int?
    public var search = TextField(maxLength: 100)
    public var isSearching = false
    public private(set) var total: Int?
    public private(set) var rows: [MemberRow] = []
    /// The absolute index of `rows[0]`.
    public private(set) var windowStart = 0
    public private(set) var selected = 0
    public private(set) var top = 0
    public private(set) var viewport = 10
    public private(set) var generation = 0
    private var inFlight: MemberPageRequest?
    private var stale = false
    /// Members changed while a page was on its way: that page may have been read before the
    /// change, so taking it must not count as the reload.
    private var changedDuringFetch = false

    public init() {}

    public var searchText: String? {
        let text = search.text.trimmingCharacters(in: .whitespaces)
        return text.isEmpty ? nil : text
    }

    public var windowEnd: Int { windowStart + rows.count }
    public var selectedMember: MemberRecord? { row(at: selected)?.member }
    /// The selected row is not read yet (the count may be in already: it is another job's), though
    /// the list is not known to be empty: a key that acts on the selection would find none.
    public var selectionLoading: Bool { total != 0 && row(at: selected) == nil }
    /// Bigger pages cost one query, not one per row: a few screens at a time.
    var pageSize: Int { max(50, viewport * 3) }
    var maxWindow: Int { pageSize * 4 }

    public func row(at index: Int) -> MemberRow? {
        guard index >= windowStart, index < windowEnd else { return nil }
        return rows[index - windowStart]
    }

    /// The listing changed (search, sort, or the data): start again from the top.
    public mutating func reset() {
        generation += 1
        rows = []
        windowStart = 0
        selected = 0
        top = 0
        total = nil
        inFlight = nil
        stale = false
        changedDuringFetch = false
    }

    public mutating func setSort(_ sort: MemberSort) {
        guard sort != self.sort else { return }
        self.sort = sort
        reset()
    }

    /// `e`: only the members expiring within `days` days, by expiry; again: everyone.
    public mutating func toggleExpiring(days: Int) {
        expiringDays = expiringDays == nil ? days : nil
        if expiringDays != nil { sort = .expiry }
        reset()
    }

    public mutating func cycleSort() {
        let order: [MemberSort] = [.lastVisit, .name, .visits, .expiry, .visitsLeft]
        setSort(order[((order.firstIndex(of: sort) ?? 0) + 1) % order.count])
    }

    /// Members changed somewhere: reload the rows on screen, keeping the position.
    public mutating func markStale() {
        stale = true
        if inFlight != nil { changedDuringFetch = true }
    }

    /// Shows a changed member at once, before the reload comes back.
    public mutating func replace(_ member: MemberRecord) {
        if let i = rows.firstIndex(where: { $0.member.memberId == member.memberId }) { rows[i].member = member }
    }

    public mutating func setViewport(_ height: Int) {
        viewport = max(1, height)
        scrollToSelection()
    }

    // MARK: Movement

    public mutating func move(_ key: Key) {
        let last = max(0, (total ?? windowEnd) - 1)
        switch key {
        case .up: selected -= 1
        case .down: selected += 1
        case .pageUp: selected -= viewport
        case .pageDown: selected += viewport
        case .home: selected = 0
        case .end:
            guard let total else { return }
            selected = total - 1
        default: return
        }
        selected = min(max(0, selected), last)
        scrollToSelection()
    }

    private mutating func scrollToSelection() {
        if selected < top { top = selected }
        if selected >= top + viewport { top = selected - viewport + 1 }
        if let total { top = max(0, min(top, total - viewport)) }
        top = max(0, top)
    }

    // MARK: Paging

    /// The next page to fetch for the viewport, if any (and none while one is on its way).
    public mutating func nextRequest() -> MemberPageRequest? {
        guard inFlight == nil else { return nil }
        let needStart = top, needEnd = top + viewport
        let request: MemberPageRequest.Kind?
        if stale {
            request = .at(max(0, top - pageSize / 4))
        } else if rows.isEmpty {
            if total == 0 { return nil }
            if let total, needEnd >= total, top > 0 { request = .last } else if top == 0 { request = .first } else {
                request = .at(top)
            }
        } else if needStart >= windowStart, needEnd <= windowEnd || (total.map { windowEnd >= $0 } ?? false) {
            request = nil
        } else if needStart >= windowStart, needStart <= windowEnd + pageSize, let lastRow = rows.last {
            request = windowEnd >= (total ?? .max) ? nil : .after(lastRow)
        } else if needEnd <= windowEnd, needEnd >= windowStart - pageSize, let firstRow = rows.first {
            request = windowStart == 0 ? nil : .before(firstRow)
        } else if let total, needEnd >= total {
            request = .last
        } else if top == 0 {
            request = .first
        } else {
            request = .at(top)
        }
        guard let request else { return nil }
        // The first page is one screen (and a row to tell whether more follow): a search for a
        // common word walks the sort index until it has found as many rows as it was asked for,
        // so the first screen after a keystroke comes back sooner; scrolling reads on in pages.
        let limit: Int
        switch request {
        case .first: limit = viewport + 1
        case .last: limit = max(pageSize, viewport)
        default: limit = pageSize
        }
        let made = MemberPageRequest(generation: generation, search: searchText, sort: sort, kind: request, limit: limit,
                                     expiringDays: expiringDays)
        inFlight = made
        return made
    }

    /// Takes a fetched page; pages for an older listing are ignored.
    public mutating func receive(_ page: [MemberRow], for request: MemberPageRequest) {
        guard request.generation == generation, request == inFlight else { return }
        inFlight = nil
        let readBeforeAChange = changedDuringFetch
        changedDuringFetch = false
        switch request.kind {
        case .first:
            rows = page
            windowStart = 0
            if page.count < request.limit { total = page.count }
        case .at(let offset):
            stale = readBeforeAChange
            rows = page
            windowStart = offset
        case .last:
            rows = page
            if let total { windowStart = max(0, total - page.count) }
        case .after:
            rows += page
            if page.count < request.limit { total = windowEnd }
            let excess = rows.count - maxWindow
            if excess > 0, windowStart + excess <= top {
                rows.removeFirst(excess)
                windowStart += excess
            }
        case .before:
            rows = page + rows
            windowStart -= page.count
            if page.count < request.limit, windowStart != 0 {
                // The count moved under us; renumber from the top.
                windowStart = 0
            }
            let excess = rows.count - maxWindow
            if excess > 0, windowStart + rows.count - excess >= top + viewport { rows.removeLast(excess) }
        }
        if let total, selected >= total { selected = max(0, total - 1) }
        scrollToSelection()
    }

    /// A fetch failed: let the next tick try again.
    public mutating func failed(_ request: MemberPageRequest) {
        if request == inFlight { inFlight = nil; changedDuringFetch = false }
    }

    public mutating func receiveCount(_ count: Int, generation: Int) {
        guard generation == self.generation else { return }
        total = count
        if rows.count > count - windowStart { rows = Array(rows.prefix(max(0, count - windowStart))) }
        if selected >= count { selected = max(0, count - 1) }
        scrollToSelection()
    }

    // MARK: Drawing

    public struct Columns: Equatable {
        public var name: Int, pass: Int, visits: Int, left: Int, last: Int, status: Int
    }

    public static func columns(width: Int) -> Columns {
        // Wide enough for each header and its sort arrow ("Visits ▼", "Left ▲", "Last visit ▼"): headers are never cut.
        // A language with longer headers widens their columns (its arrow included).
        let header = { (title: String, least: Int) in max(least, TextWidth.of(title) + 2) }
        let visits = header(tr("Visits"), 8), left = header(tr("Left"), 6), last = header(tr("Last visit"), 12)
        let status = max(header(tr("Status"), 10), header(tr("Expires"), 10))  // "suspended", "Expires ▲", or an expiry date
        let pass = width >= 100 ? 20 : 14
        let name = max(4, width - 2 - pass - visits - left - last - status - 5)
        return Columns(name: name, pass: pass, visits: visits, left: left, last: last, status: status)
    }

    /// `calendar`: the club's (`PlanSettings.calendar`), which the expiry column's days are said in.
    public func render(into grid: inout CellGrid, rect: Rect, now: Date, focused: Bool, calendar: Calendar) {
        grid.fill(rect)
        let sortName = switch sort {
        case .lastVisit: tr("last visit"); case .name: tr("name"); case .visits: tr("visits"); case .added: tr("added"); case .expiry: tr("expiry"); case .visitsLeft: tr("visits left")
        }
        let count = total.map { CountText.grouped($0) } ?? "…"
        let filter = expiringDays.map { " · " + trn("expiring within %d day [e]", "expiring within %d days [e]", $0) } ?? ""
        grid.box(rect, title: tr("Members (%@)", count) + filter + " · " + tr("sort: %@ [o]", sortName), style: CellStyle(focused ? .title : .dim))
        let inner = rect.inset(1)
        guard inner.height >= 3, inner.width >= 20 else { return }
        // Search line.
        let label = tr("Search [/]: ")
        let x = grid.put(label, x: inner.x, y: inner.y, style: CellStyle(isSearching ? .title : .dim, bold: isSearching))
        if isSearching || !search.text.isEmpty {
            search.render(into: &grid, x: x, y: inner.y, width: inner.maxX - x, focused: isSearching)
        } else {
            grid.putField(tr("name, pass or email"), x: x, y: inner.y, width: inner.maxX - x, style: CellStyle(.dim))
        }
        // Header.
        let c = Self.columns(width: inner.width)
        let header = CellStyle(.title, bold: true)
        var hx = inner.x + 2
        // "Left": a pack's visits left (the household head's pack for its household), blank for other plans.
        for (title, width, sortKey, right) in [(tr("Name"), c.name, MemberSort.name, false), (tr("Pass"), c.pass, nil, false),
                                               (tr("Visits"), c.visits, .visits, true), (tr("Left"), c.left, .visitsLeft, true),
                                               (tr("Last visit"), c.last, .lastVisit, false),
                                               (sort == .expiry ? tr("Expires") : tr("Status"), c.status, .expiry, false)] {
            let rising = sort == .name || sort == .expiry || sort == .visitsLeft
            let marked = sortKey == sort ? title + (rising ? " ▲" : " ▼") : title
            grid.putField(marked, x: hx, y: inner.y + 1, width: width, style: header, alignRight: right)
            hx += width + 1
        }
        let body = Rect(x: inner.x, y: inner.y + 2, width: inner.width, height: inner.height - 2)
        if total == 0 {
            let empty = if let days = expiringDays {
                trn("No membership ends within %d day (e: everyone)", "No membership ends within %d days (e: everyone)", days)
            } else {
                searchText == nil ? tr("No members yet: press F7 to add one") : tr("No member matches")
            }
            grid.putField(empty,
                          x: body.x + 2, y: body.y, width: body.width - 2, style: CellStyle(.dim))
            return
        }
        // The column's words in the desk's language (an expiry day stays as it is).
        let statusWords = ["active": tr("active"), "suspended": tr("suspended"), "expired": tr("expired"), "frozen": tr("frozen"),
                           "never": tr("never")]
        for line in 0..<body.height {
            let index = top + line
            if let total, index >= total { break }
            let y = body.y + line
            let isSelected = index == selected
            let style = CellStyle(isSelected ? .selected : .normal, reverse: isSelected && focused)
            if isSelected { grid.fill(Rect(x: body.x, y: y, width: body.width, height: 1), style: style) }
            grid.put(isSelected ? "▶" : " ", x: body.x, y: y, style: style)
            guard let listed = row(at: index) else {
                grid.putField("…", x: body.x + 2, y: y, width: c.name, style: CellStyle(.dim, reverse: isSelected && focused))
                continue
            }
            let member = listed.member
            var cx = body.x + 2
            var statusText = member.effectiveStatus(at: now.timeIntervalSince1970).rawValue
            // On hold today: "frozen" (the status alone would say active).
            if statusText == "active", MemberHold.holding(CalendarDay.of(now.timeIntervalSince1970, in: calendar), in: member.holds) != nil {
                statusText = "frozen"
            }
            // Sorted by expiry, the column says when (the status shows where it is not active).
            if sort == .expiry, statusText == "active" { statusText = member.expiresAt.map { MemberFieldRules.expiryText($0, calendar: calendar) } ?? "never" }
            // An alert is marked before the name, so staff see who has one before opening the form.
            let name = member.alert == nil ? member.displayName : BannerModel.alertMark + member.displayName
            let cells: [(String, Int, Bool)] = [
                (name, c.name, false), (member.passId, c.pass, false), (String(member.numVisits), c.visits, true),
                (listed.visitsLeft.map(String.init) ?? "", c.left, true),
                (Self.lastVisitText(member, now: now), c.last, false), (statusWords[statusText] ?? statusText, c.status, false),
            ]
            for (i, (text, width, right)) in cells.enumerated() {
                var cellStyle = style
                if i == 3, (listed.visitsLeft ?? 1) <= 0, !isSelected { cellStyle = CellStyle(.danger) }
                if i == 5, statusText == "frozen" || member.effectiveStatus(at: now.timeIntervalSince1970) != .active, !isSelected {
                    cellStyle = CellStyle(.danger)
                }
                grid.putField(text, x: cx, y: y, width: width, style: cellStyle, alignRight: right)
                cx += width + 1
            }
        }
    }

    /// ClubKit sets the last-visit time to the time added, so a member never seen shows "never".
    static func lastVisitText(_ member: MemberRecord, now: Date) -> String {
        member.numVisits == 0 ? tr("never") : RelativeTime.describe(member.timeStampOfLastVisit, now: now)
    }
}
