@testable import DeskUI
import Foundation
import MemberKit
import Testing

/// The child reducers alone, each on its slice: the whole slice after compared with the whole
/// slice expected (they are `Equatable`), and all that it handed the parent.
@Suite struct DeskChildReducerTests {
    let now = Date(timeIntervalSince1970: 1_767_268_800)

    func member(_ id: String = "P1") -> MemberRecord {
        MemberRecord(memberId: UUID().uuidString, passId: id, username: "Anna", timeStampAdded: 0, modifiedAt: 0, modifiedBy: "T")
    }

    @Test func theLockAsksForASignInOverAFormAndResumesIt() {
        let anna = member()
        var form = MemberFormModel(member: anna, extraFields: [], calendar: .gregorianUTC)
        form.saving = true
        var slice = LockSlice(lock: DeskLock(enabled: true, idleMinutes: 5, now: now), signIn: nil, open: .form(form))
        let before = slice
        let out = LockReducer.reduce(&slice, .needs(.delete(anna), .deleteMember), now: now)
        var resumed = form
        resumed.saving = false
        // The sign-in opens over the form (not the lock's to write): the parent opens it, holding the form.
        #expect(slice == before)
        var expected = LockOutput(effects: [.lock(.loadOperators)])
        expected.dialog = .replace(.signIn(SignInDialog(purpose: .signIn(then: .delete(anna)), resume: .form(resumed))))
        #expect(out == expected)
    }

    @Test func ctrlLWithoutOperatorsOnlySaysSo() {
        var slice = LockSlice(lock: DeskLock(enabled: false, idleMinutes: 5, now: now), signIn: nil, open: nil)
        let before = slice
        let out = LockReducer.reduce(&slice, .lockKey, now: now)
        #expect(slice == before)
        #expect(out == LockOutput(notes: [DeskNote(text: "lock: no operators yet (add one with memberdesk staff add)", tone: .warning)]))
    }

    @Test func anInsideCountReadBeforeTheLatestChangeIsLeftForTheNewer() {
        var slice = InsideSlice(list: InsideListModel(), count: 3, stale: false, inFlight: true, generation: 5)
        let out = InsideReducer.reduce(&slice, .finished(.counted(generation: 4, count: 9, members: [])))
        #expect(slice == InsideSlice(list: InsideListModel(), count: 3, stale: false, inFlight: false, generation: 5))
        #expect(out == InsideOutput())
    }

    @Test func aMemberCountWaitsWhileStaffTypeAndAFailedOneIsSaid() {
        var list = MemberListModel()
        list.receiveCount(0, generation: 0)
        var slice = MemberListSlice(list: list, memberCount: 0, countInFlight: false, countStale: true, searchEditedAt: now)
        let typing = MemberListReducer.reduce(&slice, .ask(now: now.addingTimeInterval(0.1)))
        #expect(typing == MemberListOutput())
        let paused = MemberListReducer.reduce(&slice, .ask(now: now.addingTimeInterval(0.3)))
        #expect(paused == MemberListOutput(effects: [.memberList(.countMembers(generation: 0, search: nil, expiringDays: nil))]))
        #expect(slice == MemberListSlice(list: list, memberCount: 0, countInFlight: true, countStale: false, searchEditedAt: now))
        let failed = MemberListReducer.reduce(&slice, .finished(.countFailed(generation: 0, error: "disk I/O error")))
        #expect(failed == MemberListOutput(notes: [DeskNote(text: "member count: disk I/O error", tone: .danger)]))
        #expect(slice == MemberListSlice(list: list, memberCount: 0, countInFlight: false, countStale: false, searchEditedAt: now))
    }

    /// Each child's `DeskScope` reads its slice from the desk's own fields, each to its place
    /// (same-typed fields set apart), writes each back, and leaves the rest of the desk alone.
    @Test func eachScopeReadsAndWritesItsOwnFieldsOfTheDesk() {
        var fresh = DeskState(setup: DeskSetup(terminalName: "Desk 1"), now: now)
        (fresh.jobs.insideStale, fresh.jobs.countStale) = (false, false)  // a new desk's are stale: set apart from what is written
        let desk = fresh
        var state = desk
        state.showStats = true
        state.focus = .log
        state.narrowSidePane = .beacons
        #expect(LayoutSlice.scope.slice(of: state) == LayoutSlice(showStats: true, showInside: false, focus: .log, narrowSidePane: .beacons))
        LayoutSlice.scope.write(LayoutSlice(showStats: false, showInside: true, focus: .members, narrowSidePane: .log), into: &state)
        var expected = desk
        expected.showInside = true
        #expect(state == expected)

        state = desk
        state.status.occupancy.inside = 3
        state.jobs.insideStale = true
        state.jobs.insideGeneration = 7
        #expect(InsideSlice.scope.slice(of: state) == InsideSlice(list: desk.inside, count: 3, stale: true, inFlight: false, generation: 7))
        InsideSlice.scope.write(InsideSlice(list: desk.inside, count: 4, stale: false, inFlight: true, generation: 8), into: &state)
        expected = desk
        expected.status.occupancy.inside = 4
        expected.jobs.insideInFlight = true
        expected.jobs.insideGeneration = 8
        #expect(state == expected)

        state = desk
        state.status.memberCount = 9
        state.jobs.countInFlight = true
        state.jobs.searchEditedAt = now
        #expect(MemberListSlice.scope.slice(of: state)
            == MemberListSlice(list: desk.list, memberCount: 9, countInFlight: true, countStale: false, searchEditedAt: now))
        MemberListSlice.scope.write(MemberListSlice(list: desk.list, memberCount: 10, countInFlight: false, countStale: true,
                                                    searchEditedAt: nil), into: &state)
        expected = desk
        expected.status.memberCount = 10
        expected.jobs.countStale = true
        #expect(state == expected)

        state = desk
        let help = DeskDialog.help(NoticeDialog(title: "Help", lines: ["a"]))
        state.dialog = help
        let quit = QuitSlice.lens.run(&state) { slice -> QuitSlice in
            slice.wantsQuit = true
            return slice
        }
        #expect(quit == QuitSlice(wantsQuit: true, open: help))
        expected = desk
        expected.wantsQuit = true
        expected.dialog = help
        #expect(state == expected)
        #expect(LockSlice.lens.read(state) == LockSlice(lock: desk.lock, signIn: nil, open: help))
    }

    @Test func eachDialogTakesOnlyTheResultsOfItsOwnJobs() {
        var export = ExportDialog(formats: ["csv"], defaultPaths: ["m.csv"])
        export.phase = .running(0.5)
        var slice = ExportSlice(export: export, operatorName: nil)
        #expect(ExportFeature.reduce(&slice, .finished(.written(summary: "3 members")), now: now)
            == FeatureOutput(note: DeskNote(text: "export: 3 members", tone: .success)))
        export.phase = .done("3 members")
        #expect(slice.export == export)

        let form = MemberFormModel(member: member(), extraFields: [], calendar: .gregorianUTC)
        var formSlice = MemberFormSlice(form: form, operatorName: nil, walletReady: false)
        #expect(MemberFormFeature.reduce(&formSlice, .finished(.visits([], memberId: member("P2").memberId, visitsLeft: 4)), now: now)
            == FeatureOutput())
        // An export's answer over the form, by the export's route: the form stays as it was, the log says it.
        var desk = DeskState(setup: DeskSetup(terminalName: "Desk 1"), now: now)
        desk.dialog = .form(form)
        var exportOverForm = ExportFeature.lens.read(desk)
        #expect(ExportFeature.reduce(&exportOverForm, .finished(.written(summary: "x")), now: now)
            == FeatureOutput(note: ExportFeature.writtenNote("x")))
        ExportFeature.lens.write(exportOverForm, &desk)
        #expect(formSlice.form == form)
        #expect(desk.dialog == .form(form))
        #expect(MemberFormFeature.reduce(&formSlice, .finished(.saved), now: now) == FeatureOutput())
        #expect(formSlice.form == nil)
    }

    /// The form's slice is the open form alone: written back, it changes or closes that form, and
    /// nothing when another dialog is open.
    @Test func theFormsSliceWritesBackOnlyTheOpenForm() {
        let form = MemberFormModel(member: member(), extraFields: [], calendar: .gregorianUTC)
        var state = DeskState(setup: DeskSetup(terminalName: "Desk 1"), now: now)
        state.dialog = .form(form)
        var slice = MemberFormFeature.lens.read(state)
        #expect(slice.form == form)
        slice.form?.saving = true
        MemberFormFeature.lens.write(slice, &state)
        #expect(state.dialog?.form?.saving == true)
        slice.form = nil
        MemberFormFeature.lens.write(slice, &state)
        #expect(state.dialog == nil)
        let help = DeskDialog.help(NoticeDialog(title: "Help", lines: ["a"]))
        state.dialog = help
        #expect(MemberFormFeature.lens.read(state).form == nil)
        MemberFormFeature.lens.write(MemberFormSlice(form: form, operatorName: nil, walletReady: false), &state)
        #expect(state.dialog == help)
    }
}
