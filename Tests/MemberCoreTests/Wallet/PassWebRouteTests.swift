import MemberCore
import Testing

/// Apple's five endpoints read from a request's method, path and query, and what is refused.
@Suite struct PassWebRouteTests {
    static let device = "8f4a2b1c9d3e4f5061728394a5b6c7d8"
    let key = PassWebRegistrationKey(device: device, passTypeId: "pass.org.example.test", serialNumber: "m-42")

    func parse(_ method: String, _ target: String, prefix: String = "/passes/") -> Result<PassWebRoute, PassWebRoute.Problem> {
        let parts = target.split(separator: "?", maxSplits: 1).map(String.init)
        return PassWebRoute.parse(method: method, path: parts[0], query: parts.count > 1 ? parts[1] : nil, prefix: prefix)
    }

    @Test func theFiveEndpoints() {
        let registration = "/passes/v1/devices/\(Self.device)/registrations/pass.org.example.test/m-42"
        #expect(parse("POST", registration) == .success(.register(key)))
        #expect(parse("DELETE", registration) == .success(.unregister(key)))
        #expect(parse("GET", "/passes/v1/devices/\(Self.device)/registrations/pass.org.example.test")
            == .success(.serials(device: Self.device, passTypeId: "pass.org.example.test", since: nil)))
        #expect(parse("GET", "/passes/v1/devices/\(Self.device)/registrations/pass.org.example.test?passesUpdatedSince=1764000000")
            == .success(.serials(device: Self.device, passTypeId: "pass.org.example.test", since: 1_764_000_000)))
        #expect(parse("GET", "/passes/v1/passes/pass.org.example.test/m-42") == .success(.latestPass(passTypeId: "pass.org.example.test", serialNumber: "m-42")))
        #expect(parse("POST", "/passes/v1/log") == .success(.log))
        // Without a prefix (the service at the URL's root).
        #expect(parse("POST", "/v1/log", prefix: "/") == .success(.log))
    }

    @Test func escapesAreUndoneInSerials() {
        #expect(parse("GET", "/passes/v1/passes/pass.org.example.test/Ana%20B%C3%A9") == .success(.latestPass(passTypeId: "pass.org.example.test", serialNumber: "Ana Bé")))
    }

    @Test func otherMethodsAreNotAllowed() {
        #expect(parse("GET", "/passes/v1/log") == .failure(.methodNotAllowed(allowed: "POST")))
        #expect(parse("PUT", "/passes/v1/devices/d/registrations/p/s") == .failure(.methodNotAllowed(allowed: "POST, DELETE")))
        #expect(parse("POST", "/passes/v1/passes/p/s") == .failure(.methodNotAllowed(allowed: "GET")))
    }

    @Test(arguments: ["/", "/v1/log", "/passes/v2/log", "/passes/v1/passes/p", "/passes/v1/devices/d/other/p/s", "/passes/v1/log/x",
                      "/passes/v1/devices/d/registrations/p/s/extra"])
    func unknownPathsAreNotFound(_ path: String) {
        #expect(parse("POST", path) == .failure(.notFound))
    }

    @Test(arguments: ["/passes/v1/passes/p/%ZZ", "/passes/v1/passes/p/a%00b", "/passes/v1/passes//s", "/passes/v1/passes/p/a%2Fb",
                      "/passes/v1/passes/p/" + String(repeating: "x", count: 257), "/passes/v1/passes/p/a%0Ab"])
    func unreadableSegmentsAreMalformed(_ path: String) {
        guard case .failure(.malformed) = parse("GET", path) else {
            Issue.record("\(path) was not refused as malformed")
            return
        }
    }

    @Test(arguments: ["passesUpdatedSince=abc", "passesUpdatedSince=-1", "passesUpdatedSince=99999999999999999999", "passesUpdatedSince=1e9"])
    func aTagThatIsNotOursIsMalformed(_ query: String) {
        guard case .failure(.malformed) = parse("GET", "/passes/v1/devices/d/registrations/p?" + query) else {
            Issue.record("\(query) was not refused")
            return
        }
    }

    @Test func aPathTooLongIsReadNoFurther() {
        let long = "/passes/v1/passes/p/" + String(repeating: "a", count: PassWebRoute.pathLimit)
        #expect(parse("GET", long) == .failure(.malformed("the path is too long")))
    }
}
