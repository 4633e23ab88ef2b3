import Foundation
import MemberKit

/// Home Assistant's MQTT discovery messages for one desk, per its documented schema
/// (home-assistant.io/integrations/mqtt, tag.mqtt, sensor.mqtt, binary_sensor.mqtt): one device,
/// a tag scanner (a device trigger: it has no `unique_id`), sensors and a presence sensor per
/// named beacon, each entity with a `unique_id` and the desk's status topic as availability.
public struct HomeAssistantDiscovery: Sendable {
    public var settings: MQTTSettings
    public var softwareVersion: String
    /// How long a beacon may go unreported before it is lost (the presence sensor expires well after it).
    public var exitTimeout: TimeInterval

    public init(settings: MQTTSettings, softwareVersion: String, exitTimeout: TimeInterval) {
        self.settings = settings
        self.softwareVersion = softwareVersion
        self.exitTimeout = exitTimeout
    }

    /// `memberdesk_<terminal id>`: the device's identifier and the node id of every config topic.
    public var nodeId: String { "memberdesk_" + Self.objectId(settings.terminal.id) }

    /// Every config message, retained.
    public func messages(beacons: [NamedBeacon]) -> [OutboxMessage] {
        var messages = [config("tag", nil, tagScanner)]
        // The count is the state; the capacity (when set) becomes an attribute through the same JSON.
        messages.append(config("sensor", "inside", sensor(
            "inside", name: "People inside", topic: "inside", icon: "mdi:account-group",
            extra: ["value_template": .string("{{ value_json.inside }}"),
                    "json_attributes_topic": .string(settings.topic("inside")),
                    "unit_of_measurement": .string("people"), "state_class": .string("measurement")])))
        messages.append(config("sensor", "last_checkin", sensor(
            "last_checkin", name: "Last check-in", topic: "last_checkin", icon: "mdi:card-account-details")))
        messages.append(config("sensor", "reader", sensor("reader", name: "Reader", topic: "reader", icon: "mdi:nfc")))
        for beacon in beacons {
            let key = "beacon_" + Self.objectId(beacon.id)
            messages.append(config("binary_sensor", key, entity(key, name: beacon.name.isEmpty ? beacon.id : beacon.name,
                                                                topic: "beacon/" + beacon.id, extra: [
                "device_class": .string("presence"),
                "value_template": .string("{{ 'ON' if value_json.present else 'OFF' }}"),
                "payload_on": .string("ON"),
                "payload_off": .string("OFF"),
                "expire_after": .int(Int((exitTimeout * 3).rounded(.up)) + 60),
            ])))
        }
        return messages
    }

    /// Fires `tag_scanned` with the member id as the tag id, on admitted taps only (an empty id is ignored by
    /// Home Assistant), so an automation that opens a door on a tag never opens it for a refused member.
    var tagScanner: [String: JSONValue] {
        [
            "topic": .string(settings.topic("checkin")),
            "value_template": .string("{{ value_json.memberId if value_json.outcome in ['checkedIn', 'enrolled', 'duplicate'] else '' }}"),
            "device": device,
        ]
    }

    func sensor(_ key: String, name: String, topic: String, icon: String, extra: [String: JSONValue] = [:]) -> [String: JSONValue] {
        entity(key, name: name, topic: topic, extra: extra.merging(["icon": .string(icon)]) { a, _ in a })
    }

    func entity(_ key: String, name: String, topic: String, extra: [String: JSONValue]) -> [String: JSONValue] {
        var fields: [String: JSONValue] = [
            "name": .string(name),
            "unique_id": .string(nodeId + "_" + key),
            "state_topic": .string(settings.topic(topic)),
            "availability_topic": .string(settings.statusTopic),
            "payload_available": .string("online"),
            "payload_not_available": .string("offline"),
            "device": device,
        ]
        fields.merge(extra) { _, new in new }
        return fields
    }

    var device: JSONValue {
        .object([
            "identifiers": .array([.string(nodeId)]),
            "name": .string(settings.terminal.name),
            "model": .string("memberdesk"),
            "manufacturer": .string("memberdesk"),
            "sw_version": .string(softwareVersion),
        ])
    }

    /// `<discovery_prefix>/<component>/<node id>[/<object id>]/config`.
    func config(_ component: String, _ objectId: String?, _ fields: [String: JSONValue]) -> OutboxMessage {
        let topic = [settings.discoveryPrefix, component, nodeId, objectId].compactMap { $0 }.joined(separator: "/") + "/config"
        return OutboxMessage(topic: topic, text: MQTTEventMapper.json(fields), retain: true)
    }

    /// Whether a message on Home Assistant's status topic says it has (re)started: a plain comparison.
    public func isHomeAssistantOnline(topic: String, payload: [UInt8]) -> Bool {
        topic == settings.homeAssistantStatusTopic && payload == Array("online".utf8)
    }

    /// Discovery allows only `[a-zA-Z0-9_-]` in node and object ids.
    static func objectId(_ text: String) -> String {
        String(text.unicodeScalars.map { scalar -> Character in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_" || scalar == "-")
                ? Character(scalar) : "_"
        })
    }
}
