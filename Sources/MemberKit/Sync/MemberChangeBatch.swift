import Foundation

/// Members changed on this terminal whose latest change is numbered in (after, through].
public struct MemberChangeBatch: Sendable {
    public var after: Int64
    public var through: Int64
    public var members: [ExchangeMember]
}
