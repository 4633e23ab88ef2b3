import Foundation
import MemberDeskTestSupport
import MemberKit
import Testing

/// `memberdesk mqtt status` and `mqtt test`, in-process, against a real mosquitto.
@Suite(.serialized, .enabled(if: MosquittoBroker.isInstalled, "needs Debian's mosquitto"))
struct MQTTCommandTests {
    @Test func statusAndTestAnswerForARunningBrokerAndSayWhyForAStoppedOne() async throws {
        let broker = try MosquittoBroker()
        try broker.start()
        let desk = try InProcessDesk(config: "terminal_name = \"Gym\"\n[mqtt]\nurl = \"\(broker.url)\"\n")
        let test = await desk.run(["mqtt", "test"])
        #expect(test.status == 0 && test.stderr.isEmpty, "\(test)")
        #expect(test.stdout.hasPrefix("published to memberdesk/gym/test on \(broker.url): acknowledged in "))
        let status = await desk.run(["mqtt", "status", "--json"])
        #expect(status.status == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any])
        #expect(json["connected"] as? Bool == true && json["queued"] as? Int == 0 && json["topicPrefix"] as? String == "memberdesk/gym")

        broker.stop()
        let down = await desk.run(["mqtt", "test"])
        #expect(down.status == 1 && down.stdout.isEmpty)
        #expect(down.stderr == "memberdesk: MQTT test failed: cannot connect to \(broker.url): Connection refused\n", "\(down.stderr)")
        let text = await desk.run(["mqtt", "status"])
        #expect(text.stdout.contains("connected:   no: cannot connect to \(broker.url): Connection refused"))

        let off = try InProcessDesk()
        #expect(await off.run(["mqtt", "status"]).stdout == "MQTT is off (mqtt.url is empty)\n")
        let bad = try InProcessDesk(config: "[mqtt]\nurl = \"mqtt://u:p@host\"\n")
        let refused = await bad.run(["mqtt", "test"])
        #expect(refused.status == 1 && refused.stderr.contains("mqtt.url must not hold a user or password"))
    }
}
