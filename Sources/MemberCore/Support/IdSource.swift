/// Where a decision's new ids come from (a visit's event, an audit line, a new member). The core
/// mints none itself: the caller hands a source in with the request (MemberKit's `IdSource.random`,
/// a test's counter), so the same request decides the same change.
package struct IdSource: Sendable {
    private let nextId: @Sendable () -> String

    package init(_ nextId: @escaping @Sendable () -> String) {
        self.nextId = nextId
    }

    /// A new id, never one this source gave before.
    package func make() -> String { nextId() }
}
