import Foundation
import MemberKit

extension DeskEffectRunner {
    /// The lock's effects: the PIN check on its own worker, the rest on the desk's worker.
    func runStaff(_ effect: DeskEffect) {
        let staff = clients.staff, audit = clients.audit, checkIn = clients.checkIn
        switch effect {
        case .verifyPIN(let credential, let pin), .verifyApproval(let credential, let pin, _):
            let method: AuditMethod = if case .card = credential { .tap } else { .manual }
            let approving: StaffPermission? = if case .verifyApproval(_, _, let action) = effect { action } else { nil }
            submit(on: signInWorker, {
                do {
                    let account = try approving.map { try staff.approve($0, credential, pin, method) }
                        ?? staff.signIn(credential, pin, method)
                    return .signedIn(account)
                } catch let failure as SignInFailure {
                    return .signInFailed(failure.description, usesATry: failure.usesATry)
                }
            }, failed: { .signInFailed($0, usesATry: false) })
        case .onDuty(let name):
            // Here, not on a worker: it is cheap, and the reader's next tap must already see it.
            do { try staff.setOnDuty(name) } catch {
                inbox.post(.failed(job: "on duty: the reader's taps were not told who is on duty", error: "\(error)"))
            }
        case .recordLockout(let seconds):
            submit({
                try audit.record(AuditAction.lockout, AuditActor.anonymous(.manual), ["seconds": String(Int(seconds))])
                return nil
            }, failed: { .failed(job: "audit: the sign-in lockout was not recorded", error: $0) })
        case .letInAnyway(let pass, let name):
            submit({ try checkIn.admitAnyway(pass, AuditActor(operator: name, method: .manual)); return nil },
                   failed: { .checkInFailed($0) })
        case .loadOperators:
            submit({ .operators(try staff.operators()) }, failed: { .failed(job: "sign-in: the operators could not be listed", error: $0) })
        default:
            break
        }
    }
}
