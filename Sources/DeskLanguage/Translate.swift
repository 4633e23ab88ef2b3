import CGettext

/// The message in the desk's language (the English itself when no catalogue has it).
/// Only string literals: scripts/extract-messages.py finds them for the template.
public func tr(_ message: String) -> String {
    // The empty msgid is the catalogue's header: never look it up.
    guard !message.isEmpty else { return message }
    // gettext hands back the msgid's own pointer when nothing translates it: read it while it lives.
    return message.withCString { id in
        guard let found = dgettext(DeskLanguage.domain, id), found != id else { return message }
        return String(cString: found)
    }
}

/// The message with its `%@` filled in order (or `%1$@`, `%2$@` … where a language reorders them).
public func tr(_ format: String, _ arguments: String...) -> String {
    MessageFormat.fill(tr(format), arguments)
}

/// The form of the message that `count` takes in the desk's language (gettext's plural rules:
/// one in Chinese, two in German, three in Polish), its `%d` the count in the language's digits.
public func trn(_ singular: String, _ plural: String, _ count: Int, _ arguments: String...) -> String {
    let form = singular.withCString { one in
        plural.withCString { many in
            guard let found = dngettext(DeskLanguage.domain, one, many, UInt(clamping: count.magnitude)) else { return plural }
            return found == one ? singular : found == many ? plural : String(cString: found)
        }
    }
    return MessageFormat.fill(form.replacingOccurrences(of: "%d", with: DeskLanguage.number(count)), arguments)
}

/// Fills a message's placeholders in one pass (an argument holding "%@" stays as it is); no C
/// varargs, so a translation's stray `%` cannot crash.
enum MessageFormat {
    static func fill(_ format: String, _ arguments: [String]) -> String {
        guard !arguments.isEmpty else { return format }
        var out = ""
        var next = 0
        var rest = Substring(format)
        while let percent = rest.firstIndex(of: "%") {
            out += rest[..<percent]
            let tail = rest[rest.index(after: percent)...]
            if tail.hasPrefix("@") {
                out += next < arguments.count ? arguments[next] : ""
                next += 1
                rest = tail.dropFirst()
            } else if let digit = tail.first?.wholeNumberValue, tail.dropFirst().hasPrefix("$@") {
                out += digit >= 1 && digit <= arguments.count ? arguments[digit - 1] : ""
                rest = tail.dropFirst(3)
            } else {
                out += "%"
                rest = tail
            }
        }
        return out + rest
    }
}
