import Foundation
import MemberDeskTestSupport
import Testing

/// `SyncthingInstance` picks its ports free before syncthing starts, so another test may take one
/// in between; syncthing then exits ("address already in use"), and `start` tries again on fresh
/// ports instead of failing the test that needed it (seen once in seven full runs).
@Suite(.enabled(if: SyncthingInstance.isInstalled))
struct SyncthingPortTakenTests {
    @Test func aGUIPortTakenBeforeTheStartIsPickedAgain() throws {
        let instance = try SyncthingInstance()
        let taken = instance.guiPort
        let holder = try Self.listen(on: taken)
        defer { close(holder) }
        try instance.start()
        defer { instance.stop() }
        #expect(instance.guiPort != taken)
        #expect(try instance.call("GET", "/rest/system/ping").count > 0)
    }

    /// A socket listening on 127.0.0.1:`port`, as another test's server would hold it.
    static func listen(on port: Int) throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
        guard fd >= 0, bound, Glibc.listen(fd, 1) == 0 else { throw PortError(port: port) }
        return fd
    }

    struct PortError: Error { var port: Int }
}
