@_spi(Decisions) import MemberCore
import Testing

/// Each answer of the pass web service as a table of facts in, decision out.
@Suite struct PassWebDecisionTests {
    let key = PassWebRegistrationKey(device: "dev1", passTypeId: "pass.org.example.test", serialNumber: "m-1")
    let pass = PassWebPass(passTypeId: "pass.org.example.test", serialNumber: "m-1", tokenDigest: [9, 9, 9], contentDigest: [1],
                           tag: 1000, issuedAt: 900)
    let limits = PassWebLimits(maxRegistrationsPerDevice: 2)

    func register(pass: PassWebPass?, presented: [UInt8]?, existing: PassWebRegistration? = nil, count: Int = 0,
                  pushToken: String = "push1") -> PassWebRegistrationDecision {
        PassWebDecision.decide(register: key, pushToken: pushToken, pass: pass, presented: presented, existing: existing,
                               deviceRegistrations: count, limits: limits, at: 2000)
    }

    @Test func registration() {
        let created = PassWebRegistration(key: key, pushToken: "push1", registeredAt: 2000)
        #expect(register(pass: pass, presented: [9, 9, 9]) == .create(created))
        #expect(register(pass: pass, presented: [9, 9, 9]).status == .created)
        #expect(register(pass: pass, presented: [9, 9, 9], existing: created) == .unchanged)
        #expect(register(pass: pass, presented: [9, 9, 9], existing: created).status == .ok)
        #expect(register(pass: pass, presented: [9, 9, 9], existing: created, pushToken: "push2")
            == .updatePushToken(PassWebRegistration(key: key, pushToken: "push2", registeredAt: 2000)))
        // A wrong token, none, or a pass not issued here: 401, whatever else holds.
        #expect(register(pass: pass, presented: [9, 9, 8]) == .refuse(.unauthorized))
        #expect(register(pass: pass, presented: nil) == .refuse(.unauthorized))
        #expect(register(pass: nil, presented: [9, 9, 9]) == .refuse(.unauthorized))
        // A device at its limit registers no new pass, but keeps what it has.
        #expect(register(pass: pass, presented: [9, 9, 9], count: 2) == .refuse(.tooManyRequests))
        #expect(register(pass: pass, presented: [9, 9, 9], existing: created, count: 2) == .unchanged)
        #expect(register(pass: pass, presented: [9, 9, 8], count: 2) == .refuse(.unauthorized))
    }

    @Test func unregistration() {
        #expect(PassWebDecision.decide(unregister: key, pass: pass, presented: [9, 9, 9]) == .remove(key))
        #expect(PassWebDecision.decide(unregister: key, pass: pass, presented: [9, 9, 9]).status == .ok)
        #expect(PassWebDecision.decide(unregister: key, pass: pass, presented: [1]).status == .unauthorized)
        #expect(PassWebDecision.decide(unregister: key, pass: nil, presented: [9, 9, 9]).status == .unauthorized)
    }

    @Test func serialsSinceATag() {
        var other = pass
        other.serialNumber = "m-0"
        other.tag = 1005
        #expect(PassWebDecision.decide(serials: [pass, other], since: nil) == .updated(serialNumbers: ["m-0", "m-1"], lastUpdated: 1005))
        #expect(PassWebDecision.decide(serials: [pass, other], since: 1000) == .updated(serialNumbers: ["m-0"], lastUpdated: 1005))
        #expect(PassWebDecision.decide(serials: [pass, other], since: 1005) == PassWebSerials.none)
        #expect(PassWebDecision.decide(serials: [], since: nil) == PassWebSerials.none)
    }

    @Test func latestPass() {
        #expect(PassWebDecision.decide(latest: nil, presented: [9, 9, 9], ifModifiedSince: nil) == .notFound)
        #expect(PassWebDecision.decide(latest: pass, presented: [9], ifModifiedSince: nil) == .unauthorized)
        #expect(PassWebDecision.decide(latest: pass, presented: nil, ifModifiedSince: 5000) == .unauthorized)
        #expect(PassWebDecision.decide(latest: pass, presented: [9, 9, 9], ifModifiedSince: nil) == .send(tag: 1000))
        #expect(PassWebDecision.decide(latest: pass, presented: [9, 9, 9], ifModifiedSince: 999) == .send(tag: 1000))
        #expect(PassWebDecision.decide(latest: pass, presented: [9, 9, 9], ifModifiedSince: 1000) == .notModified(tag: 1000))
    }

    @Test func tagsAreUniqueAndNearTheClock() {
        #expect(PassWebDecision.nextTag(after: nil, now: 1234.9) == 1234)
        #expect(PassWebDecision.nextTag(after: 1000, now: 1234.9) == 1234)
        #expect(PassWebDecision.nextTag(after: 1234, now: 1234.9) == 1235)
        #expect(PassWebDecision.nextTag(after: 5000, now: 1234) == 5001)
        #expect(PassWebDecision.refreshed(pass, contentDigest: [1], highestTag: 1000, now: 3000) == nil)
        #expect(PassWebDecision.refreshed(pass, contentDigest: [2], highestTag: 1000, now: 3000)?.tag == 3000)
        #expect(PassWebDecision.refreshed(pass, contentDigest: [2], highestTag: 3000, now: 3000)?.tag == 3001)
    }
}
