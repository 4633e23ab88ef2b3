import Foundation

/// How a count reads where people see it: "1 member", "2 members", "1,234 members". The one
/// home of plurals and digit grouping in what the commands print.
public enum CountText {
    /// The count and the noun, plural unless the count is one ("1 member", "0 members").
    public static func of(_ count: Int, _ singular: String, plural: String? = nil) -> String {
        "\(grouped(count)) \(count == 1 ? singular : plural ?? singular + "s")"
    }

    /// Thousands grouped with commas, the same in every locale: "1,234".
    public static func grouped(_ count: Int) -> String {
        let digits = String(count.magnitude)
        var out = ""
        for (index, digit) in digits.reversed().enumerated() {
            if index > 0, index % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return (count < 0 ? "-" : "") + String(out.reversed())
    }
}
