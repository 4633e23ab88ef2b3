import DeskMQTT
import DeskSettings
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

    @Test func aOneShotCheckinAndCheckoutAreQueuedAndTheRunningDeskSendsThem() async throws {
        let broker = try MosquittoBroker()
        try broker.start()
        let desk = try InProcessDesk(config: "terminal_name = \"Gym\"\n[mqtt]\nurl = \"\(broker.url)\"\ndiscovery = false\n")
        try #require(await desk.run(["members", "add", "--pass", "04A23B1C", "--name", "Ann"]).status == 0)
        #expect(await desk.run(["checkin", "04A23B1C"]).status == 0)
        #expect(await desk.run(["checkout", "04A23B1C"]).status == 0)
        let database = try AppDatabase.open(path: desk.databasePath)
        // checkin, door, last_checkin, inside; then checkin, checkout, inside: written before each command ended.
        #expect(try database.outboxCount() == 7)

        let sub = try MQTTTestSubscriber(url: broker.url, filters: ["memberdesk/gym/#"])
        defer { sub.close() }
        let settings = try MQTTSettings.resolve(DeskConfig.load(path: desk.configPath).mqtt,
                                                terminal: try database.terminalIdentity(name: "Gym"))
        let running = MQTTService(settings: settings, database: database, bus: EventBus(), softwareVersion: "test")
        running.start()
        defer { running.stop() }
        #expect(waitUntil { (try? database.outboxCount()) == 0 && sub.messages(on: "memberdesk/gym/checkout").count == 1 })
        let outcomes = try sub.messages(on: "memberdesk/gym/checkin").map { text in
            try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])["outcome"] as? String
        }
        #expect(outcomes == ["checkedIn", "checkedOut"])
        #expect(sub.messages(on: "memberdesk/gym/door") == ["open"])
        #expect(sub.messages(on: "memberdesk/gym/inside") == [#"{"inside":1}"#, #"{"inside":0}"#])
    }
}
