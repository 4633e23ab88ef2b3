@testable import DeskUI
import Foundation
import MemberDeskTestSupport
import MemberKit
import Testing

/// A key that acts on the list's selection a split second after the start: the count and the
/// rows are separate jobs, so "Members (1)" can show while the selected row is still "…". The
/// key is not ignored without a word: the log says the list is loading, and the dialog opens when
/// the row arrives (the CI flake of stop 41 was a test pressing F2 in that moment).
@Suite struct DeskListLoadingTests: DeskStoreFixture {
    /// A started desk whose count came back (one member) before its first page.
    func countedBeforeItsRows() -> (store: DeskTestStore, first: MemberPageRequest) {
        let (store, first) = started()
        store.send(.finished(.memberList(.counted(generation: 0, matching: 1, all: 1)))) {
            $0.needsRedraw = true
            $0.jobs.countInFlight = false
            $0.list.receiveCount(1, generation: 0)
            $0.status.memberCount = 1
        }
        store.receive()
        return (store, first)
    }

    /// `key` finds no selection yet: the log says the list is loading, and `opener` waits for the row.
    func pressBeforeTheRows(_ key: Key, waits opener: DialogOpener, on store: DeskTestStore,
                            sourceLocation: SourceLocation = #_sourceLocation) {
        store.press(key, sourceLocation: sourceLocation) {
            $0.needsRedraw = true
            $0.jobs.openOnceListed = opener
            $0.log.add(DialogOpener.onceListed, tone: .info, at: now)
        }
        store.receive(sourceLocation: sourceLocation)
    }

    @Test func theScreenHelpersTellACountFromALoadedList() {
        let (store, first) = countedBeforeItsRows()
        let counted = store.state.render(now: now).text
        // The marker is drawn on the row still loading: the count and "▶" alone do not say the rows are in.
        #expect(counted.contains("Members (1)") && counted.contains("▶ …"))
        #expect(!FrontDeskScreen.listShows(1, in: counted))
        store.send(.finished(.memberList(.page(rows, for: first)))) {
            $0.needsRedraw = true
            $0.list.receive(rows, for: first)
        }
        store.receive()
        #expect(FrontDeskScreen.listShows(1, in: store.state.render(now: now).text))
        store.finish()
    }

    @Test func f2BeforeTheRowsArriveSaysSoAndOpensTheFormWhenTheyDo() {
        let (store, first) = countedBeforeItsRows()
        pressBeforeTheRows(.function(2), waits: .editSelected, on: store)
        store.send(.finished(.memberList(.page(rows, for: first)))) {
            $0.needsRedraw = true
            $0.list.receive(rows, for: first)
            $0.jobs.openOnceListed = nil
            $0.dialog = .form(MemberFormModel(member: ana, extraFields: [], calendar: .gregorianUTC))
        }
        store.receive(.memberForm(.loadVisits(ana)))
        store.finish()
    }

    /// `x` as the desk takes a letter: held by the wedge detector, then released by the tick after its gap.
    func pressX(on store: DeskTestStore, at time: Date, _ released: (inout DeskState) -> Void = { _ in }) {
        store.press(.character("x"), at: time) {
            $0.needsRedraw = true
            $0.lock.lastKeyAt = time
            _ = $0.wedge.feed(.character("x"), at: time)
        }
        store.receive()
        let later = time.addingTimeInterval(0.1)
        store.send(.tick, at: later) {
            _ = $0.wedge.flush(now: later)
            $0.needsRedraw = true
            $0.clockSecond = Int(later.timeIntervalSince1970)
            released(&$0)
        }
    }

    @Test func xBeforeTheRowsArriveSaysSoAndChecksNobodyOutLater() {
        let (store, first) = countedBeforeItsRows()
        pressX(on: store, at: now) {
            $0.log.add(CheckInFeature.checkOutBeforeTheRow, tone: .info, at: now.addingTimeInterval(0.1))
        }
        store.receive()
        // The row arrives: nothing is checked out on its own; x then checks out the member shown.
        store.send(.finished(.memberList(.page(rows, for: first)))) {
            $0.needsRedraw = true
            $0.list.receive(rows, for: first)
        }
        store.receive()
        pressX(on: store, at: now.addingTimeInterval(0.2))
        store.receive(.checkIn(.checkOut(memberId: ana.memberId, operator: nil)))
        store.finish()
    }

    @Test func anotherKeyBeforeTheRowsArriveCancelsTheWaitingDialog() {
        let (store, first) = countedBeforeItsRows()
        pressBeforeTheRows(.function(8), waits: .confirmDelete, on: store)
        // Esc: the person moved on; the delete's question does not open later on its own.
        store.press(.escape) {
            $0.needsRedraw = true
            $0.jobs.openOnceListed = nil
        }
        store.receive()
        store.send(.finished(.memberList(.page(rows, for: first)))) {
            $0.needsRedraw = true
            $0.list.receive(rows, for: first)
        }
        store.receive()
        store.finish()
    }

    @Test func anEmptyListEndsTheWaitWithNothingToOpen() {
        let (store, first) = started()
        pressBeforeTheRows(.enter, waits: .enrolOrEdit, on: store)
        // The first page finds no member: no selection will come, and nothing opens.
        store.send(.finished(.memberList(.page([], for: first)))) {
            $0.needsRedraw = true
            $0.list.receive([], for: first)
            $0.jobs.openOnceListed = nil
        }
        store.receive()
        store.finish()
    }
}
