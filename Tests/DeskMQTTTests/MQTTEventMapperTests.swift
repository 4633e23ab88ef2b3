import DeskMQTT
import DeskSettings
import Foundation
import MemberDeskTestSupport
import MemberKit
import Testing

@Suite struct MQTTEventMapperTests {
    func decode(_ message: OutboxMessage) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(message.payload)) as? [String: Any])
    }

    @Test func anAdmittedTapGoesToCheckinTheDoorAndTheState() throws {
        let f = try MQTTFixture()
        let member = try f.club.addMember(passId: "04A23B1C", username: "Anna")
        let outcome = try f.club.checkIn(passId: "04a23b1c", source: .nfc).outcome
        let report = CheckInReport(time: Date(timeIntervalSince1970: 1_767_225_600.25), source: .nfc, passId: member.passId,
                                   outcome: outcome, terminalId: f.club.terminal.id, inside: true, insideCount: 7)
        let messages = MQTTEventMapper(settings: f.settings).messages(for: report, eventId: "E1")
        #expect(messages.map(\.topic) == ["memberdesk/front-desk/checkin", "memberdesk/front-desk/door",
                                          "memberdesk/front-desk/last_checkin", "memberdesk/front-desk/inside"])
        let json = try decode(messages[0])
        #expect(json["eventId"] as? String == "E1")
        #expect(json["time"] as? String == "2026-01-01T00:00:00.250Z")
        #expect(json["desk"] as? String == "Front Desk")
        #expect(json["outcome"] as? String == "checkedIn")
        #expect(json["memberId"] as? String == member.memberId)
        #expect(json["passId"] as? String == "04A23B1C")
        #expect(json["source"] as? String == "nfc")
        #expect(json["numVisits"] as? Int == 1)
        #expect(json["inside"] as? Bool == true)
        #expect(json["operator"] == nil, "check-in reports carry no operator yet")
        #expect(json["username"] == nil, "names only with include_names")
        #expect(messages[0].qos == 1 && !messages[0].retain)
        #expect(messages[1].text == "open" && !messages[1].retain)
        #expect(messages[2].text == member.memberId && messages[2].retain)
        #expect(messages[3].text == #"{"inside":7}"# && messages[3].retain, "no capacity: the count alone")
    }

    @Test func aRefusalGoesToRefusedAndNeverOpensTheDoor() throws {
        let f = try MQTTFixture()
        let member = try f.club.addMember(passId: "AA01", username: "Bo", status: .suspended)
        let mapper = MQTTEventMapper(settings: f.settings)
        let refused = CheckInReport(time: Date(), source: .wedge, passId: member.passId,
                                    outcome: try f.club.checkIn(passId: "AA01", source: .wedge).outcome, terminalId: "t")
        let messages = mapper.messages(for: refused, eventId: "E2")
        #expect(messages.map(\.topic) == ["memberdesk/front-desk/checkin", "memberdesk/front-desk/refused",
                                          "memberdesk/front-desk/inside"])
        #expect(messages[0].payload == messages[1].payload)
        #expect(try decode(messages[1])["reason"] as? String == "suspended")
        let unknown = CheckInReport(time: Date(), source: .nfc, passId: "FFFF", outcome: .unknownPass("FFFF"), terminalId: "t")
        let unknownMessages = mapper.messages(for: unknown, eventId: "E3")
        #expect(unknownMessages.map(\.topic) == ["memberdesk/front-desk/checkin", "memberdesk/front-desk/refused",
                                                 "memberdesk/front-desk/inside"])
        #expect(try decode(unknownMessages[0])["memberId"] == nil)
    }

    @Test func namesDoorAndRetainFollowTheSettings() throws {
        let f = try MQTTFixture { config in
            config.includeNames = true
            config.doorTopic = "shellies/door/relay/0/command"
            config.doorPayload = "on"
            config.retainState = false
            config.topicPrefix = "club/desk1"
        }
        let member = try f.club.addMember(passId: "0B0B", username: "Cleo")
        let report = CheckInReport(time: Date(), source: .nfc, passId: member.passId,
                                   outcome: try f.club.checkIn(passId: "0B0B", source: .nfc).outcome, terminalId: "t")
        let messages = MQTTEventMapper(settings: f.settings).messages(for: report, eventId: "E")
        #expect(messages.map(\.topic) == ["club/desk1/checkin", "shellies/door/relay/0/command", "club/desk1/last_checkin",
                                          "club/desk1/inside"])
        #expect(try decode(messages[0])["username"] as? String == "Cleo")
        #expect(messages[1].text == "on")
        #expect(messages[2].text == "Cleo" && !messages[2].retain)
        #expect(!messages[3].retain)
        let noDoor = try MQTTFixture { $0.door = false }
        #expect(!MQTTEventMapper(settings: noDoor.settings).messages(for: report, eventId: "E")
            .contains { $0.topic.hasSuffix("/door") })
    }

    @Test func anExitGoesToCheckoutAndUpdatesInsideButNeverOpensTheDoor() throws {
        let f = try MQTTFixture(occupancy: OccupancySettings(tap: .toggle, minStay: 0))
        let member = try f.club.addMember(passId: "0E0E", username: "Dee")
        try f.club.checkIn(passId: "0E0E", source: .nfc)
        f.clock.advance(by: 90)
        let exit = try f.club.checkIn(passId: "0E0E", source: .nfc)
        guard case .checkedOut = exit.outcome else { Issue.record("expected an exit, got \(exit.outcome.name)"); return }
        let messages = MQTTEventMapper(settings: f.settings).messages(for: exit, eventId: "X1")
        #expect(messages.map(\.topic) == ["memberdesk/front-desk/checkin", "memberdesk/front-desk/checkout",
                                          "memberdesk/front-desk/inside"])
        #expect(messages[0].payload == messages[1].payload, "checkout has checkin's shape")
        let json = try decode(messages[1])
        #expect(json["outcome"] as? String == "checkedOut" && json["memberId"] as? String == member.memberId)
        #expect(json["inside"] as? Bool == false)
        #expect(json["eventId"] as? String == "X1")
        #expect(messages[2].text == #"{"inside":0}"# && messages[2].retain)

        // A staff check-out of someone not inside says so on checkin alone.
        let notInside = try f.club.checkOut(passId: "0E0E")
        #expect(MQTTEventMapper(settings: f.settings).messages(for: notInside, eventId: "X2").map(\.topic)
                == ["memberdesk/front-desk/checkin", "memberdesk/front-desk/inside"])
    }

    @Test func aFullClubRefusesOnRefusedWithTheCapacityAndNoDoor() throws {
        let f = try MQTTFixture(occupancy: OccupancySettings(capacity: 1))
        try f.club.addMember(passId: "0F01")
        try f.club.addMember(passId: "0F02")
        let first = try f.club.checkIn(passId: "0F01", source: .nfc)
        let mapper = MQTTEventMapper(settings: f.settings)
        #expect(mapper.messages(for: first, eventId: "F1").last?.text == #"{"capacity":1,"inside":1}"#)
        let full = try f.club.checkIn(passId: "0F02", source: .nfc)
        let messages = mapper.messages(for: full, eventId: "F2")
        #expect(messages.map(\.topic) == ["memberdesk/front-desk/checkin", "memberdesk/front-desk/refused",
                                          "memberdesk/front-desk/inside"])
        #expect(try decode(messages[1])["reason"] as? String == "capacity")
        #expect(try decode(messages[1])["inside"] as? Bool == false)
        #expect(messages[2].text == #"{"capacity":1,"inside":1}"#)
        #expect(mapper.insideMessage(count: 0, capacity: 1).text == #"{"capacity":1,"inside":0}"#, "closing time's count")
    }

    @Test func discoveryHasAPeopleInsideSensorOnTheInsideTopic() throws {
        let f = try MQTTFixture()
        let discovery = HomeAssistantDiscovery(settings: f.settings, softwareVersion: "1.0", exitTimeout: 10)
        let message = try #require(discovery.messages(beacons: []).first { $0.topic.hasSuffix("/inside/config") })
        #expect(message.topic == "homeassistant/sensor/memberdesk_\(f.club.terminal.id)/inside/config" && message.retain)
        let config = try decode(message)
        #expect(config["name"] as? String == "People inside")
        #expect(config["unique_id"] as? String == "memberdesk_\(f.club.terminal.id)_inside")
        #expect(config["state_topic"] as? String == "memberdesk/front-desk/inside")
        #expect(config["json_attributes_topic"] as? String == "memberdesk/front-desk/inside")
        #expect(config["value_template"] as? String == "{{ value_json.inside }}")
        #expect(config["state_class"] as? String == "measurement")
        #expect(config["availability_topic"] as? String == "memberdesk/front-desk/status")
        #expect(!discovery.messages(beacons: []).contains { $0.topic.contains("visits_today") })
    }

    @Test func settingsRefuseWhatCannotWorkInOneLine() throws {
        let terminal = TerminalIdentity(id: "T-1", name: "Back Door!")
        func resolve(_ edit: (inout DeskConfig.MQTT) -> Void) -> String {
            var config = DeskConfig.MQTT()
            config.url = "mqtt://broker.local"
            edit(&config)
            do { _ = try MQTTSettings.resolve(config, terminal: terminal); return "ok" } catch { return "\(error)" }
        }
        #expect(resolve { _ in } == "ok")
        #expect(resolve { $0.url = "http://x" } == "mqtt.url 'http://x': unknown scheme 'http' (use mqtt:// or mqtts://)")
        #expect(resolve { $0.url = "broker:1883" } == "mqtt.url 'broker:1883' must start with mqtt:// or mqtts://")
        #expect(resolve { $0.url = "mqtt://u:secret@broker" }.hasPrefix("mqtt.url must not hold a user or password"))
        #expect(resolve { $0.url = "mqtt://broker:99999" }.contains("the port must be a number from 1 to 65535"))
        #expect(resolve { $0.topicPrefix = "a/#" }.hasPrefix("mqtt.topic_prefix 'a/#' is not a topic"))
        #expect(resolve { $0.passwordFile = "/x" } == "mqtt.password_file needs mqtt.username")
        var config = DeskConfig.MQTT()
        config.url = "mqtts://[::1]"
        let settings = try MQTTSettings.resolve(config, terminal: terminal)
        #expect(settings.broker == BrokerAddress(host: "::1", port: 8883, tls: true))
        #expect(settings.clientId == "memberdesk-T-1")
        #expect(settings.prefix == "memberdesk/back-door")
        #expect(settings.doorTopic == "memberdesk/back-door/door")
    }

    @Test func scriptTopicsStayBelowThePrefixOrTheList() throws {
        let policy = ScriptTopicPolicy(prefix: "memberdesk/desk", allowed: ["shellies/+/relay/0/command"], maxPayload: 10)
        #expect(try policy.message(topic: "memberdesk/desk/coffee", payload: "1", retain: true, qos: 0).retain)
        #expect(try policy.message(topic: "shellies/door/relay/0/command", payload: "on", retain: false, qos: 1).qos == 1)
        for (topic, payload, reason) in [("memberdesk/other", "1", "is outside"), ("memberdesk/desk/#", "1", "not a topic name"),
                                          ("memberdesk/desk/x", String(repeating: "x", count: 11), "more than 10"),
                                          ("memberdesk/desk", "1", "is outside")] {
            #expect(throws: ScriptMessageRefusal.self) { try policy.message(topic: topic, payload: payload, retain: false, qos: 1) }
            do { _ = try policy.message(topic: topic, payload: payload, retain: false, qos: 1) } catch {
                #expect(error.description.contains(reason), "\(topic): \(error)")
            }
        }
    }

    /// Issue 28 items 3 and 6: the door opens for an admitted entry only, never for the enrol
    /// prompt's yes refused at a full club, nor for a tap that repeats an exit.
    @Test func aRefusedEnrolmentAndAnExitsRepeatNeverOpenTheDoor() throws {
        let f = try MQTTFixture(occupancy: OccupancySettings(tap: .toggle, minStay: 120, capacity: 1))
        try f.club.addMember(passId: "0A0A", username: "Ann")
        let mapper = MQTTEventMapper(settings: f.settings)
        func doors(_ report: CheckInReport) -> Int { mapper.messages(for: report, eventId: "E").filter { $0.topic.hasSuffix("/door") }.count }
        #expect(doors(try f.club.checkIn(passId: "0A0A", source: .nfc)) == 1)
        let refused = try f.club.enrol(passId: "NEW-1", username: "Nia", source: .manual)
        #expect(refused.outcome.name == "refused")
        #expect(doors(refused) == 0)
        f.clock.advance(by: 600)
        #expect(doors(try f.club.checkIn(passId: "0A0A", source: .nfc)) == 0)  // the exit
        f.clock.advance(by: 20)
        let repeated = try f.club.checkIn(passId: "0A0A", source: .nfc)
        guard case .duplicateExit = repeated.outcome else { Issue.record("\(repeated.outcome)"); return }
        let messages = mapper.messages(for: repeated, eventId: "R")
        #expect(messages.map(\.topic) == ["memberdesk/front-desk/checkin", "memberdesk/front-desk/inside"])
        #expect(try decode(messages[0])["inside"] as? Bool == false)
    }
}
