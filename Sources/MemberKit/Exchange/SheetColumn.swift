import Foundation

/// What a column of another system's member list holds, known by its header: matched without
/// regard to case, spaces or punctuation (`Card Number`, `card_number` and `CARD-NUMBER` are one),
/// among the names such lists use. `rawValue` is how `--columns` and the preview name it.
package enum SheetColumn: String, CaseIterable, Sendable {
    case memberId = "id", pass, name, firstName = "first-name", lastName = "last-name", email, phone
    case added, visits, lastVisit = "last-visit", status, expires, note

    /// Headers that hold it, as `key` reads them.
    var synonyms: Set<String> {
        switch self {
        case .memberId: ["memberid", "membernumber", "memberno", "membershipnumber", "id"]
        case .pass: ["passid", "pass", "card", "cardnumber", "cardno", "cardid", "carduid", "tag", "tagid", "uid", "rfid", "badge"]
        case .name: ["name", "fullname", "membername", "username", "displayname"]
        case .firstName: ["firstname", "givenname", "forename", "first"]
        case .lastName: ["lastname", "surname", "familyname", "last"]
        case .email: ["email", "emailaddress", "useremailaddress", "mail"]
        case .phone: ["phone", "phonenumber", "telephone", "tel", "mobile", "mobilephone", "cell"]
        case .added: ["added", "joined", "membersince", "since", "startdate", "created", "signupdate"]
        case .visits: ["visits", "visitcount", "numvisits", "checkins"]
        case .lastVisit: ["lastvisit", "lastcheckin"]
        case .status: ["status"]
        case .expires: ["expires", "expiry", "expirydate", "expiration", "expirationdate", "expireson", "validuntil", "validto", "enddate"]
        case .note: ["note", "notes", "comment", "comments", "remarks"]
        }
    }

    /// Where its text goes in the spreadsheet layout: one of its columns, or a member-type field.
    var target: String {
        switch self {
        case .memberId: SpreadsheetCSV.Column.memberId
        case .pass: SpreadsheetCSV.Column.passId
        case .name, .firstName, .lastName: SpreadsheetCSV.Column.name
        case .email: MemberFieldRules.emailField
        case .phone: "phone"
        case .added: SpreadsheetCSV.Column.added
        case .visits: SpreadsheetCSV.Column.visits
        case .lastVisit: SpreadsheetCSV.Column.lastVisit
        case .status: SpreadsheetCSV.Column.status
        case .expires: SpreadsheetCSV.Column.expires
        case .note: SpreadsheetCSV.Column.note
        }
    }

    /// Whether its cells are dates (read in `--date-format`'s layout when one is given).
    var isDate: Bool { [.added, .lastVisit, .expires].contains(self) }

    /// A header as it is compared: its letters and digits, lowercased ("E-mail" is "email").
    static func key(_ header: String) -> String {
        String(String.UnicodeScalarView(header.lowercased().unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) }))
    }

    /// The column a header names, if any.
    static func matching(_ header: String) -> SheetColumn? {
        let key = key(header)
        return allCases.first { $0.synonyms.contains(key) }
    }
}
