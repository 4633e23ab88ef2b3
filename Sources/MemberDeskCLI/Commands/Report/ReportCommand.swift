import ArgumentParser
import Foundation
import MemberKit

struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Write a visits report: one self-contained HTML file.",
        discussion: """
            DATE is a day (2026-11-25, local) or an ISO-8601 time (its local day); both ends are \
            included. Default: the \(defaultDays) days up to today.
            """
    )

    static let defaultDays = 30

    @OptionGroup var global: GlobalOptions
    @Option(help: "The first day.") var from: String?
    @Option(help: "The last day (default: today).") var to: String?
    @Option(help: ArgumentHelp("The HTML file to write (replaced whole, or not at all).", valueName: "file")) var out: String
    @Option(name: .customLong("sales-csv"), help: ArgumentHelp("Also write the period's sales as CSV, one row per sale (RFC 4180).", valueName: "file"))
    var salesCSV: String?

    func validate() throws {
        _ = try period(now: CommandClock.current.now())
        if out.isEmpty { throw ValidationError("--out needs a file name") }
        if salesCSV?.isEmpty == true { throw ValidationError("--sales-csv needs a file name") }
    }

    /// The days asked for, in this desk's time zone; a bad date or order is a usage error.
    func period(now: Date) throws -> ReportPeriod {
        func day(_ name: String, _ text: String) throws -> CalendarDay {
            if let day = CalendarDay(parsing: text) { return day }
            guard let time = LocalClock.parse(text) else {
                throw ValidationError("\(name) '\(text)' is not a date (2026-11-25) or an ISO-8601 time")
            }
            return Self.localDay(time)
        }
        let last = try to.map { try day("--to", $0) } ?? Self.localDay(now)
        let first = try from.map { try day("--from", $0) } ?? last.adding(days: -(Self.defaultDays - 1))
        do {
            return try ReportPeriod(from: first, to: last, timeZone: .current)
        } catch let error as DeskError {
            throw ValidationError(error.description)
        }
    }

    static func localDay(_ date: Date) -> CalendarDay {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .current
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return CalendarDay(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1) ?? CalendarDay(dayNumber: 0)
    }

    func run() throws {
        try Self.checkWritable(out)
        if let salesCSV { try Self.checkWritable(salesCSV) }
        let context = try DeskContext.open(global)
        let now = context.club.clock.now()
        let period = try period(now: now)
        let read = try context.club.reportFigures(period: period, now: now)
        let sales = try context.club.salesFigures(period: period)
        let html = ReportPage.render(read.figures, holds: try context.club.holdFigures(period: period, now: now), sales: sales)
        try AtomicFileWriter.write(path: out) { try $0(Array(html.utf8)) }
        if let salesCSV { try AtomicFileWriter.write(path: salesCSV) { try $0(SalesCSV.bytes(sales, period: period)) } }
        if read.futureEvents > 0 {
            CommandLineFailure.printError("\(CountText.of(read.futureEvents, "event")) later than tomorrow left out")
        }
        let figures = read.figures
        print("Wrote \(out): \(ReportText.shortDay(period.from)) – \(ReportText.shortDay(period.to)), "
            + "\(CountText.of(figures.visits, "visit")) by \(CountText.of(figures.members, "member"))")
        if let salesCSV { print("Wrote \(salesCSV): \(CountText.of(sales.sales.count, "sale"))") }
    }

    /// Fails before any work when the file cannot be written (no such folder, no permission).
    static func checkWritable(_ path: String) throws {
        let url = URL(fileURLWithPath: path)
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue {
            throw DeskError.io("cannot write '\(path)': it is a folder")
        }
        let folder = url.deletingLastPathComponent().path
        guard access(folder, W_OK) == 0 else {
            throw DeskError.io("cannot write '\(path)': \(String(cString: strerror(errno)))")
        }
    }
}
