import DeskMQTT
import Foundation
import MemberDeskTestSupport
import MemberKit
import Testing

/// Issue 48 section 2: the hours' refusals reach MQTT's `refused` topic with their reason.
@Suite struct HoursRefusalMQTTTests {
    @Test(arguments: [RefusalReason.closed, .outsideAccessHours])
    func theReasonIsNamed(reason: RefusalReason) throws {
        let f = try MQTTFixture()
        let member = try f.club.addMember(passId: "AA01", username: "Bo")
        let report = CheckInReport(time: Date(timeIntervalSince1970: 1_774_839_600), source: .nfc, passId: member.passId,
                                   outcome: .refused(member, reason: reason), terminalId: "t")
        let messages = MQTTEventMapper(settings: f.settings).messages(for: report, eventId: "E1")
        #expect(messages.map(\.topic) == ["memberdesk/front-desk/checkin", "memberdesk/front-desk/refused", "memberdesk/front-desk/inside"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(messages[1].payload)) as? [String: Any])
        #expect(json["reason"] as? String == reason.rawValue && json["outcome"] as? String == "refused")
        #expect(["closed", "outsideAccessHours"].contains(reason.rawValue))
    }
}
