import Foundation
import MemberKit
import Testing
@testable import DeskUI

/// The status bar's MQTT part: absent when MQTT is off, then the link's words.
@Suite struct StatusBarMQTTTests {
    @Test func theMQTTPartFollowsTheNotices() {
        let now = Date(timeIntervalSince1970: 1_767_225_600)
        var bar = StatusBarModel(terminalName: "Desk")
        var grid = CellGrid(width: 160, height: 1)
        bar.render(into: &grid, y: 0, now: now)
        #expect(!grid.text(row: 0).contains("MQTT"))
        let queued = bar.apply(.mqtt(MQTTNotice(barText: "MQTT: queued 12", connected: false)))
        let again = bar.apply(.mqtt(MQTTNotice(barText: "MQTT: queued 12", connected: false)))
        let on = bar.apply(.mqtt(MQTTNotice(barText: "MQTT: on", connected: true)))
        #expect(queued && !again && on, "a change redraws; the same words do not")
        grid = CellGrid(width: 160, height: 1)
        bar.render(into: &grid, y: 0, now: now)
        #expect(grid.text(row: 0).contains("│ MQTT: on │"))
    }
}
