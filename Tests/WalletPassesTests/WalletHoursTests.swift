import DeskSettings
import Foundation
import MemberDeskTestSupport
import MemberKit
import Testing
@testable import WalletPasses

/// A member on a plan with access windows (an off-peak plan) carries them on both wallets'
/// passes, as the door keeps them; a member on a plan without windows carries none.
@Suite struct WalletHoursTests {
    static let catalogue = PlanCatalogue(products: [
        PlanProduct(name: "off-peak", kind: .open, price: PlanPrice(cents: 3000), validDays: 30,
                    access: try! HoursParser.access("mon-fri 09:00-16:00; sat 08:00-12:00")),
        PlanProduct(name: "monthly", kind: .open, price: PlanPrice(cents: 4500), validDays: 30),
    ])

    static func member(product: String?) -> WalletMember {
        var record = MemberRecord(memberId: "m1", passId: "04A1B2C3", username: "Ana López", timeStampAdded: 1, modifiedAt: 1, modifiedBy: "d")
        record.product = product
        return WalletMember(record, standing: nil, now: Date(timeIntervalSince1970: 1_800_000_000), catalogue: catalogue)
    }

    @Test func anOffPeakMembersPassesShowItsWindows() throws {
        let member = Self.member(product: "off-peak")
        #expect(member.hours == "Off-peak: Mon–Fri 09:00–16:00, Sat 08:00–12:00")
        let ca = try WalletTestCA()
        let pass = try PKPassCheck(try ApplePassTests.issuer(ca).pkpass(for: member, at: Date()))
        let card = try #require(try pass.json("pass.json")["storeCard"] as? [String: Any])
        let secondary = try #require(card["secondaryFields"] as? [[String: Any]])
        #expect(secondary.map { $0["key"] as? String } == ["plan", "expires", "hours"])
        #expect(secondary.last?["label"] as? String == "Hours")
        #expect(secondary.last?["value"] as? String == member.hours)
        let modules = try GoogleSaveLinkTests.issuer(ca).object(for: member).textModulesData
        #expect(modules.map(\.id) == ["plan", "expires", "hours"])
        #expect(modules.last?.body == member.hours)
    }

    @Test(arguments: [nil, "monthly", "gone-from-the-catalogue"])
    func aPlanWithoutWindowsShowsNone(product: String?) throws {
        let member = Self.member(product: product)
        #expect(member.hours == nil)
        let ca = try WalletTestCA()
        #expect(try GoogleSaveLinkTests.issuer(ca).object(for: member).textModulesData.map(\.id) == ["plan", "expires"])
    }
}
