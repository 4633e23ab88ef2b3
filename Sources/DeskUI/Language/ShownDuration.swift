import DeskLanguage
import MemberKit

/// How long, in the desk's language: the twins of `CheckInOutcome.describe` and `describeStay`,
/// which stay English for the commands' output.
enum ShownDuration {
    /// "40 s", "3 min", "2 h".
    static func short(seconds: Double) -> String {
        let s = max(0, Int(seconds.rounded(.down)))
        if s < 60 { return tr("%@ s", DeskLanguage.number(s)) }
        if s < 3600 { return tr("%@ min", DeskLanguage.number(s / 60)) }
        return tr("%@ h", DeskLanguage.number(s / 3600))
    }

    /// "40 s", "25 min", "1 h 25 min".
    static func stay(seconds: Double) -> String {
        let s = max(0, Int(seconds.rounded(.down)))
        if s < 3600 { return short(seconds: seconds) }
        let minutes = (s % 3600) / 60
        return minutes == 0 ? tr("%@ h", DeskLanguage.number(s / 3600))
            : tr("%@ h %@ min", DeskLanguage.number(s / 3600), DeskLanguage.number(minutes))
    }
}
