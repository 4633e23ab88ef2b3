import Foundation

/// Who is acting and how, for the record: a signed-in operator's name (nil: nobody), or the
/// shell's Unix user as `cli:alice`. Commands at the shell are not behind the desk's lock.
public struct AuditActor: Sendable, Equatable {
    public var `operator`: String?
    var method: AuditMethod

    public init(operator: String?, method: AuditMethod) {
        self.operator = `operator`
        self.method = method
    }

    /// Nobody signed in (a tap on a locked desk), by `method`.
    public static func anonymous(_ method: AuditMethod) -> AuditActor { AuditActor(operator: nil, method: method) }

    /// A shell command run by the Unix user `user`.
    public static func cli(user: String) -> AuditActor { AuditActor(operator: "cli:\(user)", method: .cli) }
}
