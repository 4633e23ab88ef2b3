import Foundation
import MemberKit

/// The sale's job: sell `plan` to the member, recorded under `operator` (nil: nobody signed in).
public enum SellEffect: Sendable, Equatable {
    case sell(plan: String, memberId: String, operator: String?)
}

/// The sale made (its line for the log), or the one line why not.
public enum SellResult: Sendable, Equatable {
    case sold(plan: String, member: String, amount: String)
    case failed(String)
}

/// `$` on the member list (managers: it changes a plan and an expiry): the plan chosen in
/// `SellDialog` is sold; the log says so and the list shows the member as sold, or the banner
/// says why not. It holds no dialog.
enum SellFeature: DeskFeature {
    static var lens: SliceLens<Void> { .readOnly { _ in } }

    static func reduce(_ slice: inout Void, _ result: SellResult, now: Date) -> FeatureOutput {
        switch result {
        case .sold(let plan, let member, let amount):
            return FeatureOutput(note: DeskNote(text: "sale: \(plan) sold to \(member) for \(amount)", tone: .success), membersChanged: true)
        case .failed(let error):
            var out = FeatureOutput(note: DeskNote(text: "sale: \(error)", tone: .danger))
            out.bannerError = error
            return out
        }
    }

    static func run(_ effect: SellEffect, on runner: DeskEffectRunner) {
        let client = runner.clients[SellClient.self]
        switch effect {
        case .sell(let plan, let memberId, let name):
            runner.submit({
                let sold = try client.sell(plan, memberId, AuditActor(operator: name, method: .manual))
                return .sell(.sold(plan: plan, member: sold.member.displayName, amount: SellDialog.amount(sold.sale.price, sold.sale.currency)))
            }, failed: { .sell(.failed($0)) })
        }
    }
}

// Its jobs travel as `.feature`, named `.sell(…)` where they are made.
extension SellEffect: FeatureEffect { typealias Feature = SellFeature }
extension SellResult: FeatureResult { typealias Feature = SellFeature }
extension DeskEffect { static func sell(_ effect: SellEffect) -> Self { .feature(AnyFeatureEffect(effect)) } }
extension JobResult { static func sell(_ result: SellResult) -> Self { .feature(AnyFeatureResult(result)) } }
