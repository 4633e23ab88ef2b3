import Foundation
import MemberDeskCLI
import MemberDeskTestSupport
import MemberKit
import Testing

/// `members sell`, `members add --plan day` and `report --sales-csv`, in-process at fixed local
/// times: the whole output, the audit's sale lines, and bad input that writes nothing.
@Suite struct MembersSellCommandTests {
    static let config = """
        [occupancy]
        closing_time = "22:00"
        [plans]
        currency = "EUR"
        [plans.catalogue.ten-pack]
        kind = "pack"
        visits = 10
        price = "120.00"
        valid_days = 365
        [plans.catalogue.monthly]
        kind = "open"
        price = "45.50"
        valid_days = 30

        """

    /// Who the shell's commands are recorded as.
    static var user: String { "cli:" + (String(validatingCString: getpwuid(geteuid()).pointee.pw_name) ?? "") }

    static func object(_ text: String) throws -> [String: JSONValue] {
        try JSONDecoder().decode([String: JSONValue].self, from: Data(try #require(text.split(separator: "\n").first).utf8))
    }

    /// A desk with Ann (pass P1) added on Monday 2 March 2026, 10:00 local.
    static func desk() async throws -> (InProcessDesk, FakeClock, String) {
        let desk = try InProcessDesk(config: config)
        let clock = FakeClock(ReportCommandTests.local(3, 2, 10))
        let added = await desk.run(["members", "add", "--pass", "P1", "--name", "Ann"], at: clock)
        return (desk, clock, try #require(InProcessDesk.memberId(in: added.stdout), "\(added)"))
    }

    @Test func aPackAndAnOpenPlanAreAppliedAndEachSaleIsRecorded() async throws {
        let (desk, clock, id) = try await Self.desk()
        #expect(await desk.run(["members", "sell", "P1", "ten-pack"], at: clock) == .init(
            status: 0, stdout: "sold ten-pack for 120.00 EUR to Ann (member \(id)): pack, 10 visits left, expires 2027-03-02 10:00\n", stderr: ""))
        clock.advance(by: 3600)
        let json = await desk.run(["members", "sell", "P1", "monthly", "--json"], at: clock)
        #expect(json.status == 0 && json.stderr.isEmpty, "\(json)")
        let member = try Self.object(json.stdout)
        // Open from the later expiry: a year on, plus 30 days.
        let expires = ReportCommandTests.local(4, 1, 10).addingTimeInterval(365 * 86_400).timeIntervalSince1970
        #expect(member["plan"] == .string("open") && [.double(expires), .int(Int(expires))].contains(member["expiresAt"]), "\(member)")
        // The plan sold is the member's own field (it travels as the others do).
        #expect(member["product"] == .string("monthly"))
        #expect(member["sale"] == .object(["plan": .string("monthly"), "kind": .string("open"), "price": .string("45.50"),
                                          "currency": .string("EUR"), "operator": .string("\(Self.user)"),
                                          "desk": .string("Front desk"),
                                          "time": .string(ISO8601DateFormatter().string(from: clock.now()))]))
        let audit = await desk.run(["audit", "--action", "sale", "--json"], at: clock)
        let lines = audit.stdout.split(separator: "\n")
        #expect(lines.count == 2, "\(audit)")
        let first = try Self.object(String(lines[0]))
        #expect(first["detail"] == .object(["plan": .string("ten-pack"), "kind": .string("pack"), "price": .string("120.00"),
                                            "currency": .string("EUR"), "member": .string(id)]))
    }

    @Test func aDayPassEndsAtClosingAndTheBuiltInOneIsFree() async throws {
        let (desk, clock, id) = try await Self.desk()
        #expect(await desk.run(["members", "sell", id, "day"], at: clock) == .init(
            status: 0, stdout: "sold day for 0.00 EUR to Ann (member \(id)): open, expires 2026-03-02 22:00\n", stderr: ""))
        clock.set(ReportCommandTests.local(3, 2, 21, 59))
        #expect(await desk.run(["checkin", "P1"], at: clock).status == 0)
        clock.set(ReportCommandTests.local(3, 2, 22, 1))
        let refused = await desk.run(["checkin", "P1", "--json"], at: clock)
        let answer = try Self.object(refused.stdout)
        #expect(refused.status == 3 && answer["reason"] == .string("expired"), "\(refused)")
    }

    @Test func badInputIsOneLineAndWritesNothing() async throws {
        let (desk, clock, _) = try await Self.desk()
        #expect(await desk.run(["members", "add", "--pass", "P2", "--name", "Bo"], at: clock).status == 0)
        #expect(await desk.run(["members", "delete", "P2", "--yes"], at: clock).status == 0)
        let before = await desk.run(["members", "list", "--json"], at: clock).stdout
        let auditBefore = await desk.run(["audit", "--json"], at: clock).stdout
        let late = FakeClock(ReportCommandTests.local(3, 2, 22, 30))
        let cases: [([String], FakeClock, Int32, String)] = [
            (["members", "sell", "P1", "yearly"], clock, 1, "memberdesk: no plan 'yearly' in the catalogue (monthly, ten-pack)\n"),
            (["members", "sell", "nobody", "ten-pack"], clock, 1, "memberdesk: no member with id or pass 'nobody'\n"),
            (["members", "sell", "P2", "ten-pack"], clock, 1, "memberdesk: no member with id or pass 'P2'\n"),
            (["members", "sell", "P1", "Ten_Pack"], clock, 64,
             "memberdesk: PLAN 'Ten_Pack' is not a plan's name: lowercase letters, digits and '-' (see 'memberdesk --help')\n"),
            (["members", "sell", "P1", "day"], late, 1,
             "memberdesk: the club has closed for today: a day pass sold now would be over already\n"),
            (["members", "add", "--pass", "P3", "--plan", "day"], late, 1,
             "memberdesk: the club has closed for today: a day pass sold now would be over already\n"),
            (["members", "add", "--pass", "P3", "--plan", "ten-pack", "--visits", "3"], clock, 64,
             "memberdesk: --plan ten-pack is sold from the catalogue, which gives its plan and visits: give no --visits, --add-visits or --household (see 'memberdesk --help')\n"),
            (["members", "edit", "P1", "--plan", "monthly"], clock, 64,
             "memberdesk: --plan: monthly is a plan of the catalogue: sell it with members sell (see 'memberdesk --help')\n"),
        ]
        for (arguments, at, status, stderr) in cases {
            #expect(await desk.run(arguments, at: at) == .init(status: status, stdout: "", stderr: stderr), "\(arguments)")
        }
        #expect(await desk.run(["members", "list", "--json"], at: clock).stdout == before)
        #expect(await desk.run(["audit", "--json"], at: clock).stdout == auditBefore)
    }

    @Test func aWalkInWithADayPassIsRefusedAfterClosing() async throws {
        let desk = try InProcessDesk(config: Self.config + "[plans.catalogue.day]\nkind = \"day\"\nprice = \"12\"\n")
        let clock = FakeClock(ReportCommandTests.local(3, 2, 10))
        let added = await desk.run(["members", "add", "--pass", "W1", "--name", "Walk In", "--plan", "day"], at: clock)
        let id = try #require(InProcessDesk.memberId(in: added.stdout), "\(added)")
        #expect(added == .init(status: 0, stdout: "added Walk In: member \(id), pass W1; sold day for 12.00 EUR, expires 2026-03-02 22:00\n",
                               stderr: ""))
        let sale = try Self.object(await desk.run(["audit", "--action", "sale", "--json"], at: clock).stdout)
        #expect(sale["detail"] == .object(["plan": .string("day"), "kind": .string("day"), "price": .string("12.00"),
                                           "currency": .string("EUR"), "member": .string(id)]))
        #expect(try Self.object(await desk.run(["members", "show", "W1", "--json"], at: clock).stdout)["product"] == .string("day"))
        #expect(await desk.run(["checkin", "W1"], at: clock).status == 0)
        clock.set(ReportCommandTests.local(3, 3, 9))
        #expect(await desk.run(["checkin", "W1"], at: clock).status == 3)
    }

    @Test func theReportCountsTheSalesAndWritesTheirCSV() async throws {
        let (desk, clock, id) = try await Self.desk()
        #expect(await desk.run(["members", "sell", "P1", "ten-pack"], at: clock).status == 0)
        clock.advance(by: 60)
        #expect(await desk.run(["members", "sell", "P1", "monthly"], at: clock).status == 0)
        clock.set(ReportCommandTests.local(3, 3, 12))
        #expect(await desk.run(["members", "sell", "P1", "ten-pack"], at: clock).status == 0)
        let html = desk.home.path + "/r.html", csv = desk.home.path + "/sales.csv"
        let result = await desk.run(["report", "--from", "2026-03-01", "--to", "2026-03-07", "--out", html, "--sales-csv", csv], at: clock)
        #expect(result == .init(status: 0, stdout: "Wrote \(html): 1 Mar 2026 – 7 Mar 2026, 0 visits by 0 members\nWrote \(csv): 3 sales\n",
                                stderr: ""))
        let page = try String(contentsOfFile: html, encoding: .utf8)
        #expect(ReportCommandTests.figure("sales-count", in: page) == "3")
        #expect(ReportCommandTests.figure("sales-amount", in: page) == "285.50 EUR")
        #expect(page.contains("<td>Tue 3 Mar 2026</td><td>ten-pack</td><td>\(Self.user)</td><td class=\"num\">1</td><td class=\"num\">120.00 EUR</td>"))
        let iso = ISO8601DateFormatter()
        let times = [ReportCommandTests.local(3, 2, 10), ReportCommandTests.local(3, 2, 10, 1), ReportCommandTests.local(3, 3, 12)]
        let rows = zip(times, [("2026-03-02", "ten-pack", "pack", "120.00"), ("2026-03-02", "monthly", "open", "45.50"),
                               ("2026-03-03", "ten-pack", "pack", "120.00")]).map { time, sale in
            "\(iso.string(from: time)),\(sale.0),Front desk,\(Self.user),\(sale.1),\(sale.2),\(sale.3),EUR,\(id)\r\n"
        }
        #expect(try String(contentsOfFile: csv, encoding: .utf8)
            == "time,day,desk,operator,plan,kind,price,currency,member\r\n" + rows.joined())
        // A bad file name is refused before anything is read.
        #expect(await desk.run(["report", "--out", html, "--sales-csv", ""], at: clock).status == 64)
    }
}
