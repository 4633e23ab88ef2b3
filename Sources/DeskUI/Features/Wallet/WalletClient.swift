import Foundation
import MemberKit

/// A member's wallet pass, through the executable's `WalletPassService` (nil: not in this build).
public struct WalletClient: Sendable {
    public var writePass: @Sendable (_ memberId: String) throws -> WalletPassNotice

    public init(writePass: @escaping @Sendable (String) throws -> WalletPassNotice) {
        self.writePass = writePass
    }
}

extension WalletClient {
    public static func live(_ wallet: (any WalletPassService)?) -> WalletClient {
        WalletClient { memberId in
            guard let wallet else { throw ClientUnavailable("wallet passes are not available in this build") }
            return try wallet.writePass(memberId: memberId)
        }
    }

    public static let unimplemented = WalletClient { _ in throw ClientUnavailable.unset("wallet.writePass") }
}

extension WalletClient: DeskFeatureClient {
    public static func live(from services: DeskServices) -> WalletClient { .live(services.wallet) }
}
