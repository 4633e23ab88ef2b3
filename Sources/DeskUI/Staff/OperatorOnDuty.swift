import MemberKit
import Synchronization

/// Who is on duty at the desk, for the parts that check in without the reducer (the card
/// reader's thread): their taps are recorded under this operator. The reducer's effects set it.
public final class OperatorOnDuty: Sendable {
    private let current = Mutex<String?>(nil)

    public init() {}

    public var name: String? { current.withLock { $0 } }

    func set(_ name: String?) { current.withLock { $0 = name } }

    /// The club's check-in port, recording each tap under whoever is on duty then.
    public func checkIns(_ club: Club) -> OperatorCheckIns {
        OperatorCheckIns(club: club) { [self] in name }
    }
}
