/// One kind of file each desk keeps in its own subfolder of the sync folder: its pass writes this
/// desk's own (as the pass allows) and merges the others', into its slot of the pass's report.
protocol SyncFileKind: SendableMetatype {
    static func run(_ sync: inout SyncPass) throws
}

/// Every kind of sync file, in the order `DeskSync.pass` runs them: the member files first (a tap
/// at another desk is counted before the side files' bookkeeping, none of which the members' merge
/// reads), then the side files, then the photos the members point at (`PhotoFiles`, last: it needs
/// the members just merged, and the desk's photo library besides its database). A new kind is its codec, its merge (a `SideFileState`, or a pass
/// of its own as the audit files have) and a line here.
enum SyncFileKinds {
    static let all: [any SyncFileKind.Type] = [MemberFiles.self, StaffState.self, SecureCounterState.self, WalletClaimState.self,
                                               PassCredentialState.self, AuditFileSync.self, PhotoFiles.self]
}
