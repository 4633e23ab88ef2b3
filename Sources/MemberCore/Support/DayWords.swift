/// A day as staff read it at the door: "12 January", with the year when it is not this year's
/// ("12 January 2027"). English, as every line of the desk is.
public enum DayWords {
    static let months = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
                         "October", "November", "December"]

    public static func dayAndMonth(_ day: CalendarDay, today: CalendarDay) -> String {
        let text = "\(day.day) \(months[day.month - 1])"
        return day.year == today.year ? text : "\(text) \(day.year)"
    }
}
