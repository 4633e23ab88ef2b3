import Foundation

/// Staff check-outs under kill -9, with `[mqtt]` on (issue 29): a one-shot `checkout` queues its
/// messages in the exit's own commit, so an exit that is stored is an exit that is sent.
extension KillNineCampaign {
    /// Checks `members` fresh passes in (no MQTT, run to its end), then checks each out with a
    /// one-shot `memberdesk checkout`, killed at a random moment of its run (or it ends first). A
    /// restarted desk drains the outbox. Then: every staff exit stored was heard over MQTT, and
    /// nothing was heard of an exit not stored; each under one `eventId` (QoS 1 may repeat it).
    public func staffCheckOutRound(members: Int) throws {
        round += 1
        let rig = try mqtt ?? MQTTRig(desk: desk)
        mqtt = rig
        let passes = nextPasses(members)
        let scan = try RunningDesk(desk, ["scan", "--stdin", "--json"])
        scan.write(passes.joined(separator: "\n") + "\n")
        guard waitUntil(timeout: 120, { outcomes(scan.lines).count >= members }) else {
            throw FaultCheckFailure("scan printed \(outcomes(scan.lines).count) of \(members) outcomes: \(scan.stderr)")
        }
        scan.closeInput()
        guard scan.waitForExit(timeout: 60) == 0 else { throw FaultCheckFailure("scan did not end well: \(scan.stderr)") }
        _ = try checkTaps(outcomes(scan.lines))

        var killedRuns = 0
        for pass in passes {
            let arguments = ["checkout", pass, "--json", "--config", rig.config]
            if runTime["checkout"] == nil {
                _ = try runToEnd("checkout", arguments)
            } else if try killed(arguments, within: window("checkout", 0.5), learning: "checkout") {
                killedRuns += 1
            }
        }
        try checkIntegrity()
        let exited = Set(try query("""
            SELECT m.passId FROM visit_event e JOIN member m ON m.memberId = e.memberId
            WHERE e.kind = 'exit' AND e.exitKind = 'staff'
            """).compactMap(\.first)).intersection(passes)
        let queued = try outboxCount()

        let restart = try RunningDesk(desk, ["scan", "--stdin", "--json", "--config", rig.config])
        guard try waitUntil(timeout: 60, { try outboxCount() == 0 }) else {
            throw FaultCheckFailure("the restarted desk left \(try outboxCount()) messages in the outbox: \(restart.stderr)")
        }
        restart.closeInput()
        guard restart.waitForExit(timeout: 30) == 0 else { throw FaultCheckFailure("the restarted desk did not end well: \(restart.stderr)") }
        let ours = { rig.checkIns().filter { $0.outcome == "checkedOut" && passes.contains($0.passId ?? "") } }
        _ = waitUntil(timeout: 15, poll: 0.05) { exited.isSubset(of: Set(ours().compactMap(\.passId))) }
        let heard = ours()
        let heardPasses = Set(heard.compactMap(\.passId))
        if !exited.isSubset(of: heardPasses) {
            throw FaultCheckFailure("staff check-outs stored but never heard over MQTT: \(exited.subtracting(heardPasses).sorted().prefix(5))")
        }
        if !heardPasses.isSubset(of: exited) {
            throw FaultCheckFailure("check-outs heard over MQTT that are not stored: \(heardPasses.subtracting(exited).sorted().prefix(5))")
        }
        var eventOf: [String: String] = [:]
        for message in heard {
            guard let pass = message.passId, let eventId = message.eventId else { continue }
            if let other = eventOf[pass], other != eventId {
                throw FaultCheckFailure("pass \(pass)'s one check-out arrived as two events, \(other) and \(eventId)")
            }
            eventOf[pass] = eventId
        }
        note("staff check-out round \(round): \(members) checked in, \(killedRuns) of \(members) one-shot check-outs killed, "
             + "\(exited.count) exits stored, \(queued) messages left in the outbox; integrity ok; restarted desk drained it: "
             + "every stored exit heard, none heard that is not stored, \(heard.count - eventOf.count) again under the same eventId")
    }
}
