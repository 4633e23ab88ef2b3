import DeskMQTT
import Foundation
import MemberDeskTestSupport
import MemberKit
import RegionKit
import Testing

/// Region scripts' `desk.mqtt.publish`, through the MQTT adapter's port, to a real broker.
@Suite(.serialized, .enabled(if: MosquittoBroker.isInstalled, "needs Debian's mosquitto"))
struct ScriptPublishTests {
    @Test func aScriptReachesTheBrokerAndATopicOutsideTheAllowedOnesIsAScriptError() throws {
        let broker = try MosquittoBroker()
        try broker.start()
        let f = try MQTTFixture(url: broker.url) { $0.scriptTopics = ["shellies/+/relay/0/command"] }
        let service = f.service()
        service.start()
        defer { service.stop() }
        let sub = try MQTTTestSubscriber(url: broker.url, filters: ["memberdesk/#", "shellies/#", "elsewhere/#"])
        defer { sub.close() }
        let folder = try TemporaryDirectory()
        var environment = ScriptEnvironment(database: f.database, club: f.club, bus: f.bus,
                                            sandbox: ScriptSandbox(root: folder.file("scripts")), clock: f.clock)
        environment.mqtt = service.scriptPort
        let engine = ScriptEngine(environment: environment)
        let activity = ScriptActivity(identifier: "coffee", regionName: "Coffee", kind: .enter)
        let ok = engine.runAndWait("""
            desk.mqtt.publish("memberdesk/front-desk/coffee", {cups: 2}, {retain: true});
            desk.mqtt.publish("shellies/door/relay/0/command", "on", {qos: 0});
            """, activity: activity)
        #expect(ok.error == nil)
        #expect(waitUntil { sub.messages(on: "memberdesk/front-desk/coffee") == [#"{"cups":2}"#] })
        #expect(waitUntil { sub.messages(on: "shellies/door/relay/0/command") == ["on"] })
        let refused = engine.runAndWait(#"desk.mqtt.publish("elsewhere/lights", "on")"#, activity: activity)
        #expect(refused.error?.contains("'elsewhere/lights' is outside memberdesk/front-desk/ and mqtt.script_topics") == true,
                "\(refused.error ?? "no error")")
        let badQoS = engine.runAndWait(#"desk.mqtt.publish("memberdesk/front-desk/x", "1", {qos: NaN})"#, activity: activity)
        #expect(badQoS.error?.contains("qos must be 0 or 1") == true)
        #expect(sub.messages(on: "elsewhere/lights").isEmpty)

        var off = environment
        off.mqtt = nil
        let offResult = ScriptEngine(environment: off).runAndWait(#"desk.mqtt.publish("memberdesk/front-desk/x", "1")"#, activity: activity)
        #expect(offResult.error?.contains("MQTT is off") == true)
    }
}
