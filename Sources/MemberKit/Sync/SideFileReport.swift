/// What one kind of side file did in a pass (`SideFileKinds`): rows its merge changed or added,
/// entries this desk wrote (where the kind counts them), what it found, and its bad files.
public struct SideFileReport: Sendable, Equatable {
    public var merged = 0
    public var written = 0
    public var found: [SideFileFinding] = []
    public var errors: [String] = []

    package init(merged: Int = 0, written: Int = 0, found: [SideFileFinding] = [], errors: [String] = []) {
        self.merged = merged
        self.written = written
        self.found = found
        self.errors = errors
    }
}

/// What a side file's merge found read at two desks: a SUN read accepted twice (a copied card?),
/// a phone's cryptogram read twice. Each case is one key of a pass's JSON (`SyncReadReport`).
public enum SideFileFinding: Sendable, Equatable {
    case secureReplay(SecureReplay)
    case walletReplay(WalletReplay)

    var secureReplay: SecureReplay? { if case .secureReplay(let replay) = self { replay } else { nil } }
    var walletReplay: WalletReplay? { if case .walletReplay(let replay) = self { replay } else { nil } }
}
