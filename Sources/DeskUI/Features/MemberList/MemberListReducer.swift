import Foundation
import MemberKit

/// The member list's slice of the desk: the list (rows, search, sort, filter), the status bar's
/// member count, and the bookkeeping of its counts (`DeskJobs`' count fields).
struct MemberListSlice: Equatable {
    var list: MemberListModel
    /// The status bar's member count.
    var memberCount: Int?
    var countInFlight: Bool
    var countStale: Bool
    var searchEditedAt: Date?
}

extension MemberListSlice {
    static var scope: DeskScope<MemberListSlice, MemberListModel, Int?, Bool, Bool, Date?> {
        DeskScope(MemberListSlice.init, .init(\.list, at: \.list), .init(\.memberCount, at: \.status.memberCount),
                  .init(\.countInFlight, at: \.jobs.countInFlight), .init(\.countStale, at: \.jobs.countStale),
                  .init(\.searchEditedAt, at: \.jobs.searchEditedAt))
    }
}

enum MemberListAction: Equatable {
    /// The listing changed (search, sort, filter): the counts are read again, once typing pauses.
    case listingChanged(searchEdited: Bool, at: Date)
    /// Members changed somewhere: reload the rows on screen; `recount`: the counts too.
    case membersChanged(recount: Bool)
    /// A changed member, shown at once before the reload comes back.
    case replace(MemberRecord)
    /// The next page the screen lacks, and the counts once typing pauses: never two of a kind at once.
    case ask(now: Date)
    /// Its job's answer (`MemberListFeature.run`).
    case finished(MemberListResult)
    case sort
    case toggleExpiring(days: Int)
    case startSearch
    /// Esc with a search kept: the whole list again.
    case clearSearch
    case key(Key)
    case searchKey(Key)
}

struct MemberListOutput: Equatable, DeskChildOutput {
    var effects: [DeskEffect] = []
    var notes: [DeskNote] = []
    var reply: PaneReply?
    /// The list draws every frame it is asked to: it never asks for one itself.
    var redraw: Bool { false }
}

/// The member list's reducer: paging, searching, sorting and the counts.
enum MemberListReducer {
    static func reduce(_ slice: inout MemberListSlice, _ action: MemberListAction) -> MemberListOutput {
        var out = MemberListOutput()
        switch action {
        case .listingChanged(let searchEdited, let time):
            slice.countStale = true
            if searchEdited { slice.searchEditedAt = time }
        case .membersChanged(let recount):
            if recount { slice.countStale = true }
            slice.list.markStale()
        case .replace(let member):
            slice.list.replace(member)
        case .ask(let now):
            if let request = slice.list.nextRequest() { out.effects.append(.memberList(.fetchPage(request))) }
            if slice.list.total == nil || slice.countStale, !DeskJobs.typing(since: slice.searchEditedAt, at: now), !slice.countInFlight {
                slice.countInFlight = true
                slice.countStale = false
                out.effects.append(.memberList(.countMembers(generation: slice.list.generation, search: slice.list.searchText,
                                                             expiringDays: slice.list.expiringDays)))
            }
        case .finished(.page(let rows, let request)):
            slice.list.receive(rows, for: request)
        case .finished(.pageFailed(let request, let error)):
            slice.list.failed(request)
            if let error { out.notes.append(DeskNote(text: "member list: \(error)", tone: .danger)) }
        case .finished(.counted(let generation, let matching, let all)):
            slice.countInFlight = false
            if let matching { slice.list.receiveCount(matching, generation: generation) }
            if let all { slice.memberCount = all }
            if matching == nil { slice.countStale = true }
        case .finished(.countFailed(_, let error)):
            // Not asked again at once (a broken store would be asked every frame): the next change asks.
            slice.countInFlight = false
            out.notes.append(DeskNote(text: "member count: \(error)", tone: .danger))
        case .sort:
            slice.list.cycleSort()
            slice.countStale = true
        case .toggleExpiring(let days):
            slice.list.toggleExpiring(days: days)
            slice.countStale = true
        case .startSearch:
            slice.list.isSearching = true
        case .clearSearch:
            slice.list.search.text = ""
            slice.list.reset()
            slice.countStale = true
        case .key(let key):
            out.reply = slice.list.onKey(key)
        case .searchKey(let key):
            out.reply = slice.list.onSearchKey(key)
        }
        return out
    }
}
