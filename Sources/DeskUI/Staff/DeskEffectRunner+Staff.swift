import Foundation
import MemberKit

extension DeskEffectRunner {
    /// The lock's effects: the PIN check on its own worker, the rest on the desk's worker.
    func runStaff(_ effect: DeskEffect) {
        let inbox = self.inbox, club = services.club, database = services.database
        switch effect {
        case .verifyPIN(let credential, let pin), .verifyApproval(let credential, let pin, _):
            guard let hasher = services.staff?.hasher else {
                return inbox.post(.signInFailed("no PIN checker in this build", usesATry: false))
            }
            let method: AuditMethod = if case .card = credential { .tap } else { .manual }
            let approving: StaffPermission? = if case .verifyApproval(_, _, let action) = effect { action } else { nil }
            submitSignIn {
                do {
                    let account = try approving.map { try club.approve($0, credential: credential, pin: pin, hasher: hasher, method: method) }
                        ?? club.signIn(credential, pin: pin, hasher: hasher, method: method)
                    inbox.post(.signedIn(account))
                } catch let failure as SignInFailure {
                    inbox.post(.signInFailed(failure.description, usesATry: failure.usesATry))
                } catch {
                    inbox.post(.signInFailed("\(error)", usesATry: false))
                }
            }
        case .onDuty(let name):
            services.staff?.onDuty.set(name)
        case .recordLockout(let seconds):
            submit { try? club.record(.lockout, by: .anonymous(.manual), detail: ["seconds": String(Int(seconds))]) }
        case .letInAnyway(let pass, let name):
            submit {
                do { try club.admitAnyway(passId: pass, by: AuditActor(operator: name, method: .manual)) } catch {
                    inbox.post(.checkInFailed("\(error)"))
                }
            }
        case .loadAudit:
            submit {
                do {
                    let entries = try database.auditEntries(AuditQuery(newest: 500))
                    inbox.post(.audit(entries, try database.recordNames(memberIds: Set(entries.compactMap(\.memberId)))))
                } catch {
                    inbox.post(.auditFailed("\(error)"))
                }
            }
        case .loadOperators:
            submit { inbox.post(.operators(((try? database.staff()) ?? []).map { OperatorChoice(name: $0.name, role: $0.role) })) }
        default:
            break
        }
    }
}
