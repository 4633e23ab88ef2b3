import Foundation
import MemberKit

/// "Inside now"'s slice of the desk: the list, the status bar's count, and the bookkeeping of
/// the read that fills both (`DeskJobs`' inside fields).
struct InsideSlice: Equatable {
    var list: InsideListModel
    /// The status bar's "Inside 23".
    var count: Int?
    var stale: Bool
    var inFlight: Bool
    var generation: Int
}

extension InsideSlice {
    static var scope: DeskScope<InsideSlice, InsideListModel, Int?, Bool, Bool, Int> {
        DeskScope(InsideSlice.init, .init(\.list, at: \.inside), .init(\.count, at: \.status.occupancy.inside),
                  .init(\.stale, at: \.jobs.insideStale), .init(\.inFlight, at: \.jobs.insideInFlight),
                  .init(\.generation, at: \.jobs.insideGeneration))
    }
}

enum InsideAction: Equatable {
    /// Who is inside may have changed (a tap, a check-out, closing time, another process); `count`:
    /// the new count when the change says it.
    case changed(count: Int?)
    /// Read again if stale; `listing`: who, too ("Inside now" shows).
    case ask(listing: Bool)
    /// Its job's answer (`InsideFeature.run`).
    case finished(InsideResult)
    case key(Key)
}

struct InsideOutput: Equatable, DeskChildOutput {
    var effects: [DeskEffect] = []
    var notes: [DeskNote] = []
    var redraw = false
    var reply: PaneReply?
}

/// The inside list's reducer: the count and the list read after each change, never two reads at
/// once, and an answer read before the latest change left for the newer one.
enum InsideReducer {
    static func reduce(_ slice: inout InsideSlice, _ action: InsideAction) -> InsideOutput {
        var out = InsideOutput()
        switch action {
        case .changed(let count):
            if let count { slice.count = count }
            slice.stale = true
            slice.generation += 1
        case .ask(let listing):
            guard slice.stale, !slice.inFlight else { break }
            slice.inFlight = true
            slice.stale = false
            out.effects.append(.inside(.count(generation: slice.generation, listing: listing)))
        case .finished(.counted(let generation, let count, let members)):
            slice.inFlight = false
            // Read before the latest change: a newer read is on its way.
            guard generation == slice.generation else { break }
            if slice.count != count {
                slice.count = count
                out.redraw = true
            }
            if let members {
                slice.list.receive(members)
                out.redraw = true
            }
        case .finished(.failed(let error)):
            slice.inFlight = false
            out.notes.append(DeskNote(text: "inside: \(error)", tone: .danger))
        case .key(let key):
            out.reply = slice.list.onKey(key)
        }
        return out
    }
}
