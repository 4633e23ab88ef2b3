@testable import DeskUI
import Foundation
import MemberKit
import Testing

/// `$`: the sell dialog for the selected member, its plans with their prices; Enter asks for the
/// sale under the operator on duty; the answer is a line in the log and the list read again, or
/// a failure on the banner. Exhaustive: every change and effect said.
@Suite struct DeskSellKeyTests: DeskStoreFixture {
    static let catalogue = PlanCatalogue(products: [
        PlanProduct(name: "ten-pack", kind: .pack, visits: 10, price: PlanPrice(cents: 12000), validDays: 365),
        PlanProduct(name: "monthly", kind: .open, price: PlanPrice(cents: 4550), validDays: 30),
    ], currency: "EUR")

    var setup: DeskSetup {
        var setup = openSetup
        setup.plans.catalogue = Self.catalogue
        return setup
    }

    @Test func theDialogListsThePlansWithPricesAndEnterSellsTheChosenOne() {
        let store = makeStore(setup, withAna: true)
        var dialog = SellDialog(memberId: ana.memberId, memberName: "Ana López", catalogue: Self.catalogue)
        #expect(dialog.products.map { SellDialog.line($0, currency: "EUR") } == [
            "monthly · open, 30 days · 45.50 EUR", "ten-pack · pack, 10 visits, 365 days · 120.00 EUR", "day · day, until closing · 0.00 EUR",
        ])
        type("$", into: store) { $0.dialog = .sell(dialog) }
        store.receive(.probeStore)
        press([.down], on: store, mirror: &dialog, as: DeskDialog.sell)
        store.press(.enter) {
            $0.needsRedraw = true
            $0.dialog = nil
        }
        store.receive(.sell(.sell(plan: "ten-pack", memberId: ana.memberId, operator: nil)))
        let generation = store.state.list.generation
        var reload: MemberPageRequest?
        store.send(.finished(.sell(.sold(plan: "ten-pack", member: "Ana López", amount: "120.00 EUR")))) {
            $0.needsRedraw = true
            $0.log.add("sale: ten-pack sold to Ana López for 120.00 EUR", tone: .success, at: now)
            $0.list.markStale()
            reload = $0.list.nextRequest()
            $0.jobs.countInFlight = true
        }
        store.receive(all: (reload.map { [.memberList(.fetchPage($0))] } ?? [])
            + [.memberList(.countMembers(generation: generation, search: nil, expiringDays: nil))])
        store.finish()
    }

    @Test func aFailedSaleIsOnTheBannerAndInTheLog() {
        let store = makeStore(setup, withAna: true)
        store.send(.finished(.sell(.failed("the club has closed for today: a day pass sold now would be over already")))) {
            $0.needsRedraw = true
            $0.log.add("sale: the club has closed for today: a day pass sold now would be over already", tone: .danger, at: now)
            $0.banner.showError("the club has closed for today: a day pass sold now would be over already", now: now)
        }
        store.receive()
        store.finish()
    }

    @Test func aDeskOperatorIsAskedForAManagersPIN() {
        var locked = setup
        locked.lockEnabled = true
        let store = makeStore(locked, withAna: true)
        signIn("Bo", .desk, on: store)
        type("$", into: store) {
            $0.dialog = .signIn(SignInDialog(purpose: .authorize(.open(.sellPlan), .changeExpiry)))
        }
        store.receive(.lock(.loadOperators), .probeStore)
        store.finish()
    }
}
