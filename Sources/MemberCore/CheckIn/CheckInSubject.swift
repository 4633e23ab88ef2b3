/// What the store reads of a tap in its transaction, for the decision: the pass's live member (nil
/// if none), its latest entry or exit, how many are inside.
package struct CheckInSubject: Sendable {
    package var member: MemberRecord?
    /// The pass is a live operator's staff card.
    package var isStaffCard: Bool
    package var presence: MemberPresence?
    /// How the member's latest event came about, when it is an exit (a tap's exit guards
    /// against the same tap again).
    package var latestExit: VisitSpan.ExitKind?
    package var insideCount: Int
    /// The member's plan, when it is not open.
    package var plan: PlanStanding?
    /// For a SUN tap: the highest read counter the club has accepted for the tag (nil: none).
    package var lastSecureCounter: UInt32?
    /// A phone's cryptogram that was claimed already (here, or at a desk whose claims merged).
    package var walletReplayed: Bool
    /// When no member holds the pass: the live members who hold it but for leading zeros.
    package var nearPassHolders: [MemberRecord]
    /// The pass is a Wallet pass's credential: its standing (nil: it is none). A current one's
    /// member is `member`.
    package var passCredential: PassCredential.Standing? = nil
    /// When guests are asked for: the guests the member's entries brought this calendar month (`CheckInFacts.guestsThisMonth`).
    package var guestsThisMonth = 0

    package init(member: MemberRecord?, isStaffCard: Bool, presence: MemberPresence?, latestExit: VisitSpan.ExitKind?,
                 insideCount: Int, plan: PlanStanding?, lastSecureCounter: UInt32? = nil, walletReplayed: Bool = false,
                 nearPassHolders: [MemberRecord] = []) {
        self.member = member
        self.isStaffCard = isStaffCard
        self.presence = presence
        self.latestExit = latestExit
        self.insideCount = insideCount
        self.plan = plan
        self.lastSecureCounter = lastSecureCounter
        self.walletReplayed = walletReplayed
        self.nearPassHolders = nearPassHolders
    }
}
