import DeskDoctor
import Foundation
import MemberKit
import Testing

/// The broker check: only with [mqtt] set; the probe's reason and what to do.
@Suite struct MQTTDoctorTests {
    private func writeConfig(_ system: FakeSystem, _ text: String) throws {
        try FileManager.default.createDirectory(atPath: URL(fileURLWithPath: system.configPath).deletingLastPathComponent().path,
                                                withIntermediateDirectories: true)
        try text.write(toFile: system.configPath, atomically: true, encoding: .utf8)
    }

    @Test func theBrokerIsAskedOnlyWhenMQTTIsSet() throws {
        let system = try FakeSystem()
        #expect(system.run(mqttProbe: { _ in Issue.record("asked with MQTT off"); return nil }).of("mqtt").isEmpty)
        try writeConfig(system, "[mqtt]\nurl = \"mqtt://broker.local\"\n")
        #expect(system.run().of("mqtt") == [DoctorCheck("mqtt", .ok, "the broker mqtt://broker.local accepts this desk")])
        let refused = system.run(mqttProbe: { _ in "the broker refused the connection: Connection Refused: not authorised." }).of("mqtt")
        #expect(refused == [DoctorCheck("mqtt", .problem, "the broker refused the connection: Connection Refused: not authorised.",
                                        action: "check mqtt.url, mqtt.username, mqtt.password_file and mqtt.ca_file; then: memberdesk mqtt test")])
    }
}
