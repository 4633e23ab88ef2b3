import Foundation
import MemberKit
import TerminalColumns

/// How `staff list` prints operators: a table, or JSON lines. Never the hash.
enum StaffOutput {
    static func json(_ account: StaffAccount) -> [String: JSONValue] {
        [
            "name": .string(account.name),
            "role": .string(account.role.rawValue),
            "card": account.card.map(JSONValue.string) ?? .null,
            "added": .string(iso(account.addedAt)),
            "lastSignIn": account.lastSignInAt.map { .string(iso($0)) } ?? .null,
        ]
    }

    static func table(_ accounts: [StaffAccount]) {
        guard !accounts.isEmpty else {
            print("no operators (add one with: memberdesk staff add NAME --role manager)")
            return
        }
        let rows = [["NAME", "ROLE", "CARD", "ADDED", "LAST SIGN-IN"]] + accounts.map {
            [$0.name, $0.role.rawValue, $0.card ?? "-", MemberTable.date($0.addedAt), $0.lastSignInAt.map(MemberTable.date) ?? "never"]
        }
        let widths = (0..<5).map { column in rows.map { TextWidth.of($0[column]) }.max() ?? 0 }
        for row in rows {
            print(zip(row, widths).map { TextWidth.pad($0, to: $1) }.joined(separator: "  ").trimmingCharacters(in: .whitespaces))
        }
    }

    static func iso(_ time: Double) -> String { ISO8601Formatters.string(from: Date(timeIntervalSince1970: time)) }
}
