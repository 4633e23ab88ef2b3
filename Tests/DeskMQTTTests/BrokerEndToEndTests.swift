import DeskMQTT
import DeskSettings
import Foundation
import MemberDeskTestSupport
import MemberKit
import Testing

/// Against a real `mosquitto` on a loopback port, with a subscriber through libmosquitto.
@Suite(.serialized, .enabled(if: MosquittoBroker.isInstalled, "needs Debian's mosquitto and mosquitto-clients"))
struct BrokerEndToEndTests {
    @Test func aTapPublishesItsJSONTheDoorOpensOnlyWhenAdmittedAndDiscoveryIsRetained() throws {
        let broker = try MosquittoBroker()
        try broker.start()
        let f = try MQTTFixture(url: broker.url)
        let member = try f.club.addMember(passId: "04A23B1C", username: "Anna")
        try f.club.addMember(passId: "0BAD0001", status: .suspended)
        let beacon = NamedBeacon(id: "coffee", name: "Coffee machine", uuid: "E2C56DB5-DFFB-48D2-B060-D0F5A71096E0")
        let service = f.service(beacons: [beacon])
        service.start()
        defer { service.stop() }
        #expect(waitUntil { service.sender.currentStatus.state == .connected })
        let sub = try MQTTTestSubscriber(url: broker.url, filters: ["memberdesk/#", "homeassistant/#"])
        defer { sub.close() }
        #expect(waitUntil { sub.messages(on: "memberdesk/front-desk/status") == ["online"] }, "retained online")
        let nodeId = "memberdesk_" + f.club.terminal.id
        let tagTopic = "homeassistant/tag/\(nodeId)/config"
        #expect(waitUntil { sub.messages(on: tagTopic).count == 1 }, "discovery is retained")
        let tag = try #require(try JSONSerialization.jsonObject(with: Data(sub.messages(on: tagTopic)[0].utf8)) as? [String: Any])
        #expect(tag["topic"] as? String == "memberdesk/front-desk/checkin")
        #expect((tag["device"] as? [String: Any])?["identifiers"] as? [String] == [nodeId])
        for suffix in ["sensor/\(nodeId)/inside", "sensor/\(nodeId)/last_checkin", "sensor/\(nodeId)/reader",
                       "binary_sensor/\(nodeId)/beacon_coffee"] {
            let text = try #require(sub.messages(on: "homeassistant/\(suffix)/config").first, "\(suffix)")
            let config = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            #expect(config["unique_id"] as? String != nil && config["state_topic"] as? String != nil, "\(suffix)")
            #expect(config["availability_topic"] as? String == "memberdesk/front-desk/status")
        }

        _ = try f.club.checkIn(passId: "04a23b1c", source: .nfc)
        _ = try f.club.checkIn(passId: "0bad0001", source: .nfc)
        #expect(waitUntil { sub.messages(on: "memberdesk/front-desk/checkin").count == 2 })
        let first = try #require(try JSONSerialization.jsonObject(with: Data(sub.messages(on: "memberdesk/front-desk/checkin")[0].utf8))
            as? [String: Any])
        #expect(first["memberId"] as? String == member.memberId && first["outcome"] as? String == "checkedIn")
        #expect(waitUntil { sub.messages(on: "memberdesk/front-desk/refused").count == 1 })
        #expect(sub.messages(on: "memberdesk/front-desk/door") == ["open"], "the door opens for the admitted tap only")
        #expect(waitUntil { sub.messages(on: "memberdesk/front-desk/inside").last == #"{"inside":1}"# })

        // Home Assistant restarts: discovery comes again.
        try sub.publish("homeassistant/status", "online")
        #expect(waitUntil { sub.messages(on: tagTopic).count == 2 })
        #expect(waitUntil { (try? f.database.outboxCount()) == 0 })
    }

    @Test func anExitPublishesOnCheckoutAFullClubOnRefusedAndInsideIsRetained() throws {
        let broker = try MosquittoBroker()
        try broker.start()
        var f = try MQTTFixture(url: broker.url, occupancy: OccupancySettings(tap: .toggle, minStay: 0, capacity: 1))
        f.settings.discovery = false
        let anna = try f.club.addMember(passId: "04A23B1C", username: "Anna")
        try f.club.addMember(passId: "0B0B0002", username: "Bo")
        let service = f.service()
        service.start()
        defer { service.stop() }
        let sub = try MQTTTestSubscriber(url: broker.url, filters: ["memberdesk/front-desk/#"])
        defer { sub.close() }
        #expect(waitUntil { service.sender.currentStatus.state == .connected })

        try f.club.checkIn(passId: "04A23B1C", source: .nfc)  // in: the club is full
        try f.club.checkIn(passId: "0B0B0002", source: .nfc)  // refused: capacity
        f.clock.advance(by: 90)
        try f.club.checkIn(passId: "04A23B1C", source: .nfc)  // out
        #expect(waitUntil { sub.messages(on: "memberdesk/front-desk/checkin").count == 3 })
        #expect(waitUntil { (try? f.database.outboxCount()) == 0 })
        func json(_ text: String) throws -> [String: Any] {
            try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        }
        let refused = try sub.messages(on: "memberdesk/front-desk/refused").map(json)
        #expect(refused.count == 1 && refused.first?["reason"] as? String == "capacity")
        let exits = try sub.messages(on: "memberdesk/front-desk/checkout").map(json)
        #expect(exits.count == 1)
        #expect(exits.first?["outcome"] as? String == "checkedOut" && exits.first?["memberId"] as? String == anna.memberId)
        #expect(sub.messages(on: "memberdesk/front-desk/door") == ["open"], "the entry alone opens the door")
        #expect(sub.messages(on: "memberdesk/front-desk/inside") ==
                [#"{"capacity":1,"inside":1}"#, #"{"capacity":1,"inside":1}"#, #"{"capacity":1,"inside":0}"#])

        // Closing time's and staff's check-outs come as an occupancy notice: inside is sent again.
        try f.club.checkIn(passId: "0B0B0002", source: .nfc)
        #expect(try f.club.checkOutAll() == 1)
        #expect(waitUntil { sub.messages(on: "memberdesk/front-desk/inside").last == #"{"capacity":1,"inside":0}"#
                            && sub.messages(on: "memberdesk/front-desk/inside").count == 5 })

        // A subscriber that comes later is told the count at once: it is retained.
        let late = try MQTTTestSubscriber(url: broker.url, filters: ["memberdesk/front-desk/inside"])
        defer { late.close() }
        #expect(waitUntil { late.messages(on: "memberdesk/front-desk/inside") == [#"{"capacity":1,"inside":0}"#] })
    }

    @Test func twentyTapsWhileTheBrokerIsDownArriveInOrderOnceWhenItStarts() throws {
        let broker = try MosquittoBroker()
        var f = try MQTTFixture(url: broker.url)
        f.settings.discovery = false
        let service = f.service()
        service.start()
        defer { service.stop() }
        let passes = (0..<20).map { String(format: "C0DE%04X", $0) }
        for pass in passes { _ = try f.club.checkIn(passId: pass, source: .nfc) }  // enrolled: admitted
        #expect(waitUntil { service.sender.currentStatus.queued >= 20 * 4 - 1 })
        if case .failed(let reason) = service.sender.currentStatus.state {
            #expect(reason.contains("Connection refused"), "\(reason)")
        } else {
            Issue.record("expected a failure, got \(service.sender.currentStatus)")
        }
        // Subscribe before the broker hears from the desk: a persistent session would do; a fresh broker
        // with the subscriber first is simpler.
        try broker.start()
        let sub = try MQTTTestSubscriber(url: broker.url, filters: ["memberdesk/front-desk/checkin"])
        defer { sub.close() }
        #expect(waitUntil(timeout: 20) { sub.messages(on: "memberdesk/front-desk/checkin").count >= 20 })
        #expect(waitUntil { (try? f.database.outboxCount()) == 0 })
        let arrived = try sub.messages(on: "memberdesk/front-desk/checkin").map { text -> String in
            let json = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            return try #require(json["passId"] as? String)
        }
        #expect(arrived == passes, "all 20, in order, once")
    }

    @Test func tlsWithAPasswordFileConnectsAndAWrongPasswordIsReported() throws {
        let broker = try MosquittoBroker(tls: true, users: ["desk": "s3cret"])
        try broker.start()
        let secrets = try TemporaryDirectory()
        try "s3cret\n".write(toFile: secrets.file("password"), atomically: true, encoding: .utf8)
        try "wrong\n".write(toFile: secrets.file("wrong"), atomically: true, encoding: .utf8)
        try "not a certificate\n".write(toFile: secrets.file("bad.pem"), atomically: true, encoding: .utf8)
        func attempt(_ edit: @escaping (inout DeskConfig.MQTT) -> Void) throws -> MQTTLinkStatus.State {
            let f = try MQTTFixture(url: broker.url) { config in
                config.username = "desk"
                config.passwordFile = secrets.file("password")
                config.caFile = broker.caFile
                edit(&config)
            }
            let service = f.service()
            service.start()
            defer { service.stop() }
            _ = waitUntil { service.sender.currentStatus.state != .connecting }
            return service.sender.currentStatus.state
        }
        #expect(try attempt { _ in } == .connected)
        let wrong = try attempt { $0.passwordFile = secrets.file("wrong") }
        #expect(wrong == .failed("the broker refused the connection: Connection Refused: not authorised."), "\(wrong)")
        let unreadable = try attempt { $0.passwordFile = secrets.file("missing") }
        #expect(unreadable == .failed("cannot read mqtt.password_file \(secrets.file("missing")): no such file"))
        let badCA = try attempt { $0.caFile = secrets.file("bad.pem") }
        #expect(badCA == .failed("mqtt.ca_file \(secrets.file("bad.pem")) is not a PEM certificate"))
        let otherCA = try MosquittoBroker(tls: true)  // a CA that did not sign this broker's certificate
        let untrusted = try attempt { $0.caFile = otherCA.caFile }
        guard case .failed(let reason) = untrusted else { Issue.record("\(untrusted)"); return }
        #expect(reason.hasPrefix("TLS with mqtts://localhost:\(broker.port) failed"), "\(reason)")
    }
}
