import Foundation
import MemberKit

/// The member form's jobs and F8's: a member's visits for its form, a save, a deletion.
public enum MemberFormEffect: Sendable, Equatable {
    case loadVisits(MemberRecord)
    /// `walletPass`: a new member's Apple pass is written in the same step (wallet set up).
    case save(original: MemberRecord?, changes: MemberChanges, operator: String?, walletPass: Bool = false)
    case delete(MemberRecord, operator: String?)
}

public enum MemberFormResult: Sendable, Equatable {
    /// A member's recent visits, and its pack's balance when its plan is a pack (for the form).
    case visits([VisitRecord], memberId: String, visitsLeft: Int?)
    /// A read for the form that failed (`job`: "visits of Anna"): the event log says it.
    case unread(job: String, error: String)
    case saved
    case saveFailed(String)
    case deleteFailed(String)
}

/// What reaches the form: its jobs' answers, and its save and F8's deletion (past the lock).
enum MemberFormAction: Equatable, FinishingAction {
    case finished(MemberFormResult)
    case save(original: MemberRecord?, changes: MemberChanges)
    case delete(MemberRecord)
}

/// The open form (nil with none or another dialog open), who the record names, and whether a new
/// member gets its wallet pass.
struct MemberFormSlice: Equatable, OwnDialogSlice {
    var form: MemberFormModel?
    let operatorName: String?
    let walletReady: Bool

    var ownDialog: MemberFormModel? { form }
}

/// F2, F7, Enter and F8: the form shows its member's visits and closes once saved, or says why
/// not; with the form closed first (Esc while it waited) a failure goes to the event log.
enum MemberFormFeature: DeskFeature {
    static var lens: SliceLens<MemberFormSlice> {
        .ownDialog { state in
            MemberFormSlice(form: state.dialog?.form, operatorName: state.lock.operatorName, walletReady: state.setup.walletMissing == [])
        }
    }

    static func reduce(_ slice: inout MemberFormSlice, _ action: MemberFormAction, now: Date) -> FeatureOutput {
        switch action {
        case .finished(let result): return finished(result, &slice)
        case .save(let original, let changes):
            // A new member gets its wallet pass in the same step when the wallet is set up.
            let save = MemberFormEffect.save(original: original, changes: changes, operator: slice.operatorName,
                                             walletPass: original == nil && slice.walletReady)
            return FeatureOutput(effects: [.memberForm(save)])
        case .delete(let member):
            return FeatureOutput(effects: [.memberForm(.delete(member, operator: slice.operatorName))])
        }
    }

    private static func finished(_ result: MemberFormResult, _ slice: inout MemberFormSlice) -> FeatureOutput {
        let form = slice.form
        switch result {
        case .visits(let visits, let memberId, let left):
            // Only for the form of that member: with it closed there is nothing to show them in.
            guard form?.original?.memberId == memberId else { break }
            slice.form?.visits = visits
            slice.form?.visitsLeft = left
        case .unread(let job, let error):
            return FeatureOutput(note: DeskNote(text: "\(job): \(error)", tone: .danger))
        case .saved:
            // The member's own change event logs "updated …" and reloads the list.
            slice.form = nil
        case .saveFailed(let error):
            guard form != nil else { return FeatureOutput(note: DeskNote(text: "save: \(error)", tone: .danger)) }
            slice.form?.saving = false
            slice.form?.error = error
        case .deleteFailed(let error):
            return FeatureOutput(note: DeskNote(text: "delete: \(error)", tone: .danger))
        }
        return FeatureOutput()
    }

    static func run(_ effect: MemberFormEffect, on runner: DeskEffectRunner) {
        let form = runner.clients[MemberFormClient.self], inbox = runner.inbox
        switch effect {
        case .loadVisits(let member):
            runner.submit({
                let visits = try form.visits(member.memberId, 50)
                // The pack's balance, for the form's plan line: the visits show even when it cannot be read.
                var left: Int?
                do { left = try form.visitsLeft(member) } catch {
                    inbox.post(.memberForm(.unread(job: "pack balance of \(member.displayName)", error: "\(error)")))
                }
                return .memberForm(.visits(visits, memberId: member.memberId, visitsLeft: left))
            }, failed: { .memberForm(.unread(job: "visits of \(member.displayName)", error: $0)) })
        case .save(let original, let changes, let name, let walletPass):
            let wallet = runner.clients[WalletClient.self]
            runner.submit({
                let saved = try form.save(original, changes, AuditActor(operator: name, method: .manual))
                inbox.post(.memberForm(.saved))
                guard original == nil, walletPass else { return nil }
                return WalletFeature.write(wallet, memberId: saved.memberId)
            }, failed: { .memberForm(.saveFailed($0)) })
        case .delete(let member, let name):
            runner.submit({ try form.delete(member.memberId, AuditActor(operator: name, method: .manual)); return nil },
                          failed: { .memberForm(.deleteFailed($0)) })
        }
    }
}

// Its jobs travel as `.feature`, named `.memberForm(…)` where they are made.
extension MemberFormEffect: FeatureEffect { typealias Feature = MemberFormFeature }
extension MemberFormResult: FeatureResult { typealias Feature = MemberFormFeature }
extension DeskEffect { static func memberForm(_ effect: MemberFormEffect) -> Self { .feature(AnyFeatureEffect(effect)) } }
extension JobResult { static func memberForm(_ result: MemberFormResult) -> Self { .feature(AnyFeatureResult(result)) } }
