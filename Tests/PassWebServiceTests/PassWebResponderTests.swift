import Foundation
import Hummingbird
import Logging
import MemberKit
@testable import PassWebService
import Synchronization
import Testing

/// The responder's answers to each route, on a fake backend: what reaches the backend (parsed
/// token, push token, tag) and which status and headers come back.
@Suite struct PassWebResponderTests {
    final class FakeBackend: PassWebBackend {
        let calls = Mutex<[String]>([])
        let latest: (PassWebLatestPass, [UInt8]?)
        let serials: PassWebSerials

        init(latest: (PassWebLatestPass, [UInt8]?) = (.notFound, nil), serials: PassWebSerials = .none) {
            self.latest = latest
            self.serials = serials
        }

        func register(_ key: PassWebRegistrationKey, pushToken: String, token: String?) throws -> PassWebRegistrationDecision {
            calls.withLock { $0.append("register \(key.serialNumber) \(pushToken) \(token ?? "-")") }
            return token == "good" ? .create(PassWebRegistration(key: key, pushToken: pushToken, registeredAt: 0)) : .refuse(.unauthorized)
        }

        func unregister(_ key: PassWebRegistrationKey, token: String?) throws -> PassWebUnregistration {
            calls.withLock { $0.append("unregister \(key.serialNumber)") }
            return .remove(key)
        }

        func serials(device: String, passTypeId: String, since: Int?) throws -> PassWebSerials {
            calls.withLock { $0.append("serials \(device) \(since.map(String.init) ?? "-")") }
            return serials
        }

        func latestPass(passTypeId: String, serialNumber: String, token: String?, ifModifiedSince: Int?) throws
            -> (decision: PassWebLatestPass, pkpass: [UInt8]?) {
            calls.withLock { $0.append("latest \(serialNumber) \(ifModifiedSince.map(String.init) ?? "-")") }
            return latest
        }
    }

    func responder(_ backend: FakeBackend) -> PassWebResponder {
        PassWebResponder(backend: backend, limits: PassWebLimits(maxLogLines: 1), prefix: "/passes/", log: Logger(label: "test"))
    }

    let key = PassWebRegistrationKey(device: "d1", passTypeId: "pass.t", serialNumber: "m1")

    @Test func registrationReadsTheBodyAndTheToken() throws {
        let backend = FakeBackend()
        let answer = try responder(backend).answer(.register(key), body: Array(#"{"pushToken":"abc"}"#.utf8), token: "good", ifModifiedSince: nil)
        #expect(answer.status.code == 201)
        #expect(try responder(backend).answer(.register(key), body: Array("{}".utf8), token: "good", ifModifiedSince: nil).status.code == 400)
        #expect(try responder(backend).answer(.register(key), body: Array(#"{"pushToken":"abc"}"#.utf8), token: nil, ifModifiedSince: nil).status.code == 401)
        // A malformed body never reaches the store.
        #expect(backend.calls.withLock { $0 } == ["register m1 abc good", "register m1 abc -"])
    }

    @Test func serialsAreJSONOr204() throws {
        let none = FakeBackend()
        #expect(try responder(none).answer(.serials(device: "d1", passTypeId: "pass.t", since: 5), body: [], token: nil, ifModifiedSince: nil)
            .status.code == 204)
        #expect(none.calls.withLock { $0 } == ["serials d1 5"])
        let some = FakeBackend(serials: .updated(serialNumbers: ["m1"], lastUpdated: 9))
        let answer = try responder(some).answer(.serials(device: "d1", passTypeId: "pass.t", since: nil), body: [], token: nil, ifModifiedSince: nil)
        #expect(answer.status.code == 200)
        #expect(answer.headers[.contentType] == "application/json")
        #expect(answer.headers[.contentLength] == String(#"{"lastUpdated":"9","serialNumbers":["m1"]}"#.utf8.count))
    }

    @Test func theLatestPassCarriesItsDate() throws {
        let route = PassWebRoute.latestPass(passTypeId: "pass.t", serialNumber: "m1")
        let sent = try responder(FakeBackend(latest: (.send(tag: 784_111_777), [1, 2, 3]))).answer(route, body: [], token: "good", ifModifiedSince: nil)
        #expect(sent.status.code == 200)
        #expect(sent.headers[.contentType] == "application/vnd.apple.pkpass")
        #expect(sent.headers[.lastModified] == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(sent.headers[.contentLength] == "3")
        let same = try responder(FakeBackend(latest: (.notModified(tag: 784_111_777), nil))).answer(route, body: [], token: "good", ifModifiedSince: 784_111_777)
        #expect(same.status.code == 304)
        #expect(same.headers[.lastModified] == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(try responder(FakeBackend(latest: (.unauthorized, nil))).answer(route, body: [], token: nil, ifModifiedSince: nil).status.code == 401)
        #expect(try responder(FakeBackend()).answer(route, body: [], token: "good", ifModifiedSince: nil).status.code == 404)
        // A send without its pass is the backend's fault: 500, not a crash.
        #expect(try responder(FakeBackend(latest: (.send(tag: 1), nil))).answer(route, body: [], token: "good", ifModifiedSince: nil).status.code == 500)
    }

    @Test func theLogAnswers200Or400() throws {
        let backend = FakeBackend()
        #expect(try responder(backend).answer(.log, body: Array(#"{"logs":["a","b"]}"#.utf8), token: nil, ifModifiedSince: nil).status.code == 200)
        #expect(try responder(backend).answer(.log, body: Array("[]".utf8), token: nil, ifModifiedSince: nil).status.code == 400)
        #expect(backend.calls.withLock { $0 }.isEmpty)
    }

    @Test func targetsSplitAtTheFirstQuestionMark() {
        #expect(PassWebResponder.split("/a?b=1?c") == ("/a", "b=1?c"))
        #expect(PassWebResponder.split("/a") == ("/a", nil))
    }
}
