/// One visit this desk ends with no tap of the member's (closing time, "check out all"): the exit
/// and its audit line. Closing time and "check out all" decide a list of these, and the store
/// writes both lists the same way (`StoreTransaction.write(_:)`): the exit once (an id already
/// held, say closing time's from another desk, is not recorded again) and the line only with a
/// new exit.
package struct VisitCheckOut: Sendable, Equatable {
    package var exit: VisitEvent
    package var audit: AuditEntry

    package init(exit: VisitEvent, audit: AuditEntry) {
        self.exit = exit
        self.audit = audit
    }
}
