import MemberKit

/// One part of the status bar: its wordings, longest first, and how long it stays when the
/// line runs out of room (a higher priority stays longer).
public struct StatusBarPart: Sendable, Equatable {
    public var forms: [String]
    public var priority: Int

    public init(_ forms: [String], priority: Int) {
        self.forms = forms.isEmpty ? [""] : forms
        self.priority = priority
    }

    /// How long each part stays: the count and the terminal's name longest, Bluetooth first to go.
    /// Parts added later pick a number between these.
    public enum Priority {
        public static let memberCount = 100
        /// Who is inside: a safety figure at a full club, so it outlasts the terminal's name.
        public static let inside = 95
        public static let terminalName = 90
        public static let duty = 80
        /// pcscd down: no card can be read, which outranks who is on duty and the regions' switch.
        public static let readerDown = 85
        public static let regions = 70
        public static let reader = 60
        public static let sync = 50
        public static let mqtt = 45
        public static let bluetooth = 30
    }
}

/// Fits the status bar's parts into a width: the lowest-priority parts take their shorter
/// wordings first, then drop out, lowest first; what stays keeps its order and is never cut,
/// unless the most important part alone is wider than the line (then it ends in "…").
public enum StatusBarLayout {
    public static let separator = " │ "

    public static func fit(_ parts: [StatusBarPart], width: Int) -> String {
        var form = Array(repeating: 0, count: parts.count)
        var shown = Array(repeating: true, count: parts.count)
        // Lowest priority first; of equal ones, the later part gives way first.
        let order = parts.indices.sorted { (parts[$0].priority, -$0) < (parts[$1].priority, -$1) }
        func line() -> String {
            parts.indices.filter { shown[$0] }.map { parts[$0].forms[form[$0]] }.joined(separator: separator)
        }
        while TextWidth.of(line()) > width {
            if let i = order.first(where: { shown[$0] && form[$0] < parts[$0].forms.count - 1 }) {
                form[i] += 1
            } else if let i = order.first(where: { shown[$0] }), shown.filter({ $0 }).count > 1 {
                shown[i] = false
            } else {
                return TextFit.truncate(line(), to: width)
            }
        }
        return line()
    }
}
