/// What an operator change writes, as a value: the account's new version (saved in place of the
/// one of that name) and its audit line, in one transaction.
package struct StaffChange: Sendable, Equatable {
    package var account: StaffAccount
    package var audit: AuditEntry

    package init(account: StaffAccount, audit: AuditEntry) {
        self.account = account
        self.audit = audit
    }
}
