import CardReader
import MemberKit

/// Phones' passes: whether Apple passes are read, and which key files are missing or unreadable.
struct WalletChecks {
    func run(_ config: DeskConfig) -> [DoctorCheck] {
        switch WalletSetup.load(config.wallet).apple {
        case .off(let why): return [DoctorCheck("wallet", .ok, why)]
        case .ready(let what): return [DoctorCheck("wallet", .ok, what)]
        case .problem(let why):
            return [DoctorCheck("wallet", .problem, why,
                                action: "make the key file readable by the desk's user, or fix the path in [wallet.apple]")]
        }
    }
}
