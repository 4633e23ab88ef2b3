import Foundation
import MemberKit
import WalletPasses

extension DeskContext {
    /// The club's wallet passes, as `[wallet]` sets them up.
    var wallet: MemberWallet {
        MemberWallet(club: club, wallet: config.wallet, terminalName: config.terminalName,
                     databasePath: database.path ?? paths.database())
    }
}
