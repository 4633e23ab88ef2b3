/// One finding of `memberdesk doctor`: what was checked, how it stands, what was seen, and, for
/// a warning or a problem, the one thing to do about it.
public struct DoctorCheck: Sendable, Equatable {
    public enum Status: String, Sendable, Comparable {
        case ok, warning, problem

        public static func < (a: Status, b: Status) -> Bool {
            let order: [Status] = [.ok, .warning, .problem]
            return order.firstIndex(of: a)! < order.firstIndex(of: b)!
        }
    }

    /// The area checked: "pcscd", "readers", "usb", "kernel", "database", "config", "bluetooth",
    /// "regions", "backups".
    public var area: String
    public var status: Status
    /// What was found, in one line.
    public var message: String
    /// What to do, in one line a front-desk manager can follow (nil when all is well).
    public var action: String?

    public init(_ area: String, _ status: Status, _ message: String, action: String? = nil) {
        self.area = area
        self.status = status
        self.message = message
        self.action = action
    }
}
