import MemberKit
import TerminalColumns

/// One part of the status bar: its wordings, longest first, and how long it stays when the
/// line runs out of room (a higher priority stays longer).
public struct StatusBarPart: Sendable, Equatable {
    public var forms: [String]
    public var priority: Int
    /// How long its longer wordings stay (its `priority` unless given): a part whose words carry
    /// figures staff read (sync's desks and age) keeps them while lesser parts shorten and drop out.
    public var wordsPriority: Int

    public init(_ forms: [String], priority: Int, wordsPriority: Int? = nil) {
        self.forms = forms.isEmpty ? [""] : forms
        self.priority = priority
        self.wordsPriority = wordsPriority ?? priority
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
        /// Sync's `N desks · 3 s ago` shortens once Bluetooth, MQTT and a reader not at fault have
        /// dropped out, before the regions' switch does.
        public static let syncWords = 65
        public static let mqtt = 45
        public static let bluetooth = 30
    }
}

/// Fits the status bar's parts into a width: the lowest-priority parts take their shorter
/// wordings first, then drop out, lowest first; what stays keeps its order and is never cut,
/// unless the most important part alone is wider than the line (then it ends in "…"). A part
/// whose words outrank its place (`wordsPriority`) shortens only once every part below that has
/// dropped out, so sync's figures outlast Bluetooth and a reader that is not at fault.
public enum StatusBarLayout {
    public static let separator = " │ "

    /// One way to save room: a part's next wording, or leaving it out (at its shortest wording).
    /// Shortenings go first, then drops, each lowest priority first, of equal ones the later part;
    /// a shortening held to its words' priority goes among the drops, before those of its rank.
    private struct Step: Comparable {
        var amongDrops: Bool
        var priority: Int
        var shortens: Bool
        var part: Int

        private var key: (Int, Int, Int, Int) { (amongDrops ? 1 : 0, priority, shortens ? 0 : 1, -part) }
        static func < (a: Step, b: Step) -> Bool { a.key < b.key }
        static func == (a: Step, b: Step) -> Bool { a.key == b.key }
    }

    public static func fit(_ parts: [StatusBarPart], width: Int) -> String {
        var form = Array(repeating: 0, count: parts.count)
        var shown = Array(repeating: true, count: parts.count)
        func line() -> String {
            parts.indices.filter { shown[$0] }.map { parts[$0].forms[form[$0]] }.joined(separator: separator)
        }
        func nextStep() -> Step? {
            let several = shown.filter { $0 }.count > 1
            return parts.indices.filter { shown[$0] }.compactMap { i -> Step? in
                let part = parts[i]
                if form[i] < part.forms.count - 1 {
                    let held = part.wordsPriority > part.priority
                    return Step(amongDrops: held, priority: held ? part.wordsPriority : part.priority, shortens: true, part: i)
                }
                return several ? Step(amongDrops: true, priority: part.priority, shortens: false, part: i) : nil
            }.min()
        }
        while TextWidth.of(line()) > width {
            guard let step = nextStep() else { return TextFit.truncate(line(), to: width) }
            if step.shortens { form[step.part] += 1 } else { shown[step.part] = false }
        }
        return line()
    }
}
