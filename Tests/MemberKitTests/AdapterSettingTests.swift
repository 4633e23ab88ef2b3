@_spi(Testing) import MemberKit
import Testing

/// Adapters keep their own switches in the store (`AppDatabase.setSetting`); the store's own
/// settings (the terminal's id and name, sync's marks) are written by its operations alone.
@Suite struct AdapterSettingTests {
    @Test func anAdapterSetsItsOwnSwitch() throws {
        let database = try AppDatabase.inMemory()
        try database.setSetting("regions.on", "false")
        try database.setSetting("mqtt.lastError", "2026-12-02T10:00:00Z broker gone")
        #expect(try database.setting("regions.on") == "false")
        #expect(try database.setting("mqtt.lastError") == "2026-12-02T10:00:00Z broker gone")
    }

    @Test(arguments: ["terminalId", "terminalName", "sync.auditThrough", "collation.locale", "", "regions"])
    func theStoresOwnSettingIsRefusedAndNothingChanges(key: String) throws {
        let database = try AppDatabase.inMemory()
        let identity = try database.terminalIdentity(name: "Front desk")
        let before = try database.setting(key)
        #expect(throws: DeskError.self) { try database.setSetting(key, "X") }
        #expect(try database.setting(key) == before)
        #expect(try database.terminalIdentity(name: "Front desk") == identity)
    }
}
