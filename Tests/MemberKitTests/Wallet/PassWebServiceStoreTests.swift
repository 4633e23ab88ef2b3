import Foundation
import MemberDeskTestSupport
@_spi(Testing) @testable import MemberKit
import Testing

/// The pass web service's operations on a real (in-memory) store: what each decision says is
/// written, nothing when it refuses, and a pass's tag moves only when what it shows does.
@Suite struct PassWebServiceStoreTests {
    typealias F = OccupancyFixture
    let token: [UInt8] = Array(repeating: 7, count: 32)
    let limits = PassWebLimits(maxRegistrationsPerDevice: 2)

    func key(_ serial: String, device: String = "dev1") -> PassWebRegistrationKey {
        PassWebRegistrationKey(device: device, passTypeId: "pass.test", serialNumber: serial)
    }

    @Test func registrationsAreWrittenAsDecidedAndRefusalsWriteNothing() throws {
        let f = try F()
        f.clock.set(F.at(9))
        for serial in ["m1", "m2", "m3"] {
            try f.club.recordWebPass(passTypeId: "pass.test", serialNumber: serial, tokenDigest: token, contentDigest: [1])
        }
        #expect(try f.club.registerWebPass(key("m1"), pushToken: "p1", presented: [0], limits: limits) == .refuse(.unauthorized))
        #expect(try f.club.registerWebPass(key("nope"), pushToken: "p1", presented: token, limits: limits) == .refuse(.unauthorized))
        #expect(try f.club.webRegistrations().isEmpty)
        #expect(try f.club.registerWebPass(key("m1"), pushToken: "p1", presented: token, limits: limits).status == .created)
        #expect(try f.club.registerWebPass(key("m1"), pushToken: "p1", presented: token, limits: limits) == .unchanged)
        f.clock.set(F.at(10))
        #expect(try f.club.registerWebPass(key("m1"), pushToken: "p2", presented: token, limits: limits).status == .ok)
        #expect(try f.club.webRegistrations() == [PassWebRegistration(key: key("m1"), pushToken: "p2", registeredAt: F.at(9).timeIntervalSince1970)])
        #expect(try f.club.registerWebPass(key("m2"), pushToken: "p1", presented: token, limits: limits).status == .created)
        #expect(try f.club.registerWebPass(key("m3"), pushToken: "p1", presented: token, limits: limits) == .refuse(.tooManyRequests))
        #expect(try f.club.registerWebPass(key("m3", device: "dev2"), pushToken: "p1", presented: token, limits: limits).status == .created)
        #expect(try f.club.webRegistrations().count == 3)
        #expect(try f.club.unregisterWebPass(key("m1"), presented: [1]) == .refuse(.unauthorized))
        #expect(try f.club.webRegistrations().count == 3)
        #expect(try f.club.unregisterWebPass(key("m1"), presented: token).status == .ok)
        #expect(try f.club.webRegistrations().map(\.key) == [key("m2"), key("m3", device: "dev2")])
    }

    @Test func aTagMovesOnlyWhenThePassShowsSomethingNew() throws {
        let f = try F()
        f.clock.set(F.at(9))
        let first = try f.club.recordWebPass(passTypeId: "pass.test", serialNumber: "m1", tokenDigest: token, contentDigest: [1])
        let second = try f.club.recordWebPass(passTypeId: "pass.test", serialNumber: "m2", tokenDigest: token, contentDigest: [1])
        // Two passes in one second: two tags.
        #expect(first.tag == Int(F.at(9).timeIntervalSince1970))
        #expect(second.tag == first.tag + 1)
        _ = try f.club.registerWebPass(key("m1"), pushToken: "p", presented: token, limits: limits)
        _ = try f.club.registerWebPass(key("m2"), pushToken: "p", presented: token, limits: limits)
        var digests: [String: [UInt8]] = ["m1": [1], "m2": [1]]
        #expect(try f.club.webPassSerials(device: "dev1", passTypeId: "pass.test", since: nil) { digests[$0] }
            == .updated(serialNumbers: ["m1", "m2"], lastUpdated: second.tag))
        #expect(try f.club.webPassSerials(device: "dev1", passTypeId: "pass.test", since: second.tag) { digests[$0] } == PassWebSerials.none)
        f.clock.set(F.at(11))
        digests["m1"] = [2]
        let later = Int(F.at(11).timeIntervalSince1970)
        #expect(try f.club.webPassSerials(device: "dev1", passTypeId: "pass.test", since: second.tag) { digests[$0] }
            == .updated(serialNumbers: ["m1"], lastUpdated: later))
        // The latest pass: 304 at its tag, the pass before it; the digest asked only with the token.
        var asked = 0
        #expect(try f.club.latestWebPass(passTypeId: "pass.test", serialNumber: "m1", presented: [0], ifModifiedSince: nil) { asked += 1; return [2] }
            == .unauthorized)
        #expect(asked == 0)
        #expect(try f.club.latestWebPass(passTypeId: "pass.test", serialNumber: "m1", presented: token, ifModifiedSince: later) { [2] }
            == .notModified(tag: later))
        #expect(try f.club.latestWebPass(passTypeId: "pass.test", serialNumber: "m1", presented: token, ifModifiedSince: later - 1) { [2] }
            == .send(tag: later))
        #expect(try f.club.latestWebPass(passTypeId: "pass.test", serialNumber: "m1", presented: token, ifModifiedSince: nil) { nil } == .notFound)
        #expect(try f.club.latestWebPass(passTypeId: "pass.test", serialNumber: "zz", presented: token, ifModifiedSince: nil) { [2] } == .notFound)
    }
}
