import Foundation
import MemberKit

extension DeskEffectRunner {
    /// The lock's effects: the PIN check on its own worker, the rest on the desk's worker.
    func runStaff(_ effect: LockEffect) {
        let staff = clients.staff, audit = clients[AuditClient.self]
        switch effect {
        case .verifyPIN(let credential, let pin): verify(credential, pin, approving: nil)
        case .verifyApproval(let credential, let pin, let action): verify(credential, pin, approving: action)
        case .onDuty(let name):
            // Here, not on a worker: it is cheap, and the reader's next tap must already see it.
            do { try staff.setOnDuty(name) } catch {
                inbox.post(.lock(.failed(job: "on duty: the reader's taps were not told who is on duty", error: "\(error)")))
            }
        case .recordLockout(let seconds):
            submit({
                try audit.record(AuditAction.lockout, AuditActor.anonymous(.manual), ["seconds": String(Int(seconds))])
                return nil
            }, failed: { .lock(.failed(job: "audit: the sign-in lockout was not recorded", error: $0)) })
        case .loadOperators:
            submit({ .lock(.operators(try staff.operators())) },
                   failed: { .lock(.failed(job: "sign-in: the operators could not be listed", error: $0)) })
        }
    }

    private func verify(_ credential: StaffCredential, _ pin: PIN, approving: StaffPermission?) {
        let staff = clients.staff
        let method: AuditMethod = if case .card = credential { .tap } else { .manual }
        submit(on: signInWorker, {
            do {
                let account = try approving.map { try staff.approve($0, credential, pin, method) }
                    ?? staff.signIn(credential, pin, method)
                return .lock(.signedIn(account))
            } catch let failure as SignInFailure {
                return .lock(.signInFailed(failure.description, usesATry: failure.usesATry))
            }
        }, failed: { .lock(.signInFailed($0, usesATry: false)) })
    }
}
