import Foundation
import MemberKit

/// The wallet's job: write a member's pass (from `w`, or with a new member's save).
public enum WalletEffect: Sendable, Equatable {
    case write(memberId: String)
}

/// The pass written, or the one line why not.
public enum WalletResult: Sendable, Equatable {
    case written(WalletPassNotice)
    case failed(String)
}

/// `w`: the pass is written and its notice opens with the answer (`DialogOpener.walletPass`). The
/// log says it either way; over another dialog (a save's pass, the form closed) only the log does.
/// It holds no dialog: the parent opens the notice over none.
enum WalletFeature: DeskFeature {
    static var lens: SliceLens<Void> { .readOnly { _ in } }

    static func reduce(_ slice: inout Void, _ result: WalletResult, now: Date) -> FeatureOutput {
        let (lines, note): ([String], DeskNote) = switch result {
        case .written(let notice):
            (notice.lines, DeskNote(text: "wallet: \(notice.memberName)'s pass written to \(notice.path)", tone: .success))
        case .failed(let error):
            ([error], DeskNote(text: "wallet: \(error)", tone: .danger))
        }
        return FeatureOutput(dialog: .open(.notice(NoticeDialog(title: "Wallet pass", lines: lines))), notes: [note])
    }

    static func run(_ effect: WalletEffect, on runner: DeskEffectRunner) {
        let wallet = runner.clients[WalletClient.self]
        switch effect {
        case .write(let memberId):
            runner.submit({ write(wallet, memberId: memberId) }, failed: { .wallet(.failed($0)) })
        }
    }

    /// On the worker: the pass, or the one line why not (a save writes one for a new member too).
    static func write(_ wallet: WalletClient, memberId: String) -> JobResult {
        do { return .wallet(.written(try wallet.writePass(memberId))) } catch { return .wallet(.failed("\(error)")) }
    }
}

// Its jobs travel as `.feature`, named `.wallet(…)` where they are made.
extension WalletEffect: FeatureEffect { typealias Feature = WalletFeature }
extension WalletResult: FeatureResult { typealias Feature = WalletFeature }
extension DeskEffect { static func wallet(_ effect: WalletEffect) -> Self { .feature(AnyFeatureEffect(effect)) } }
extension JobResult { static func wallet(_ result: WalletResult) -> Self { .feature(AnyFeatureResult(result)) } }
