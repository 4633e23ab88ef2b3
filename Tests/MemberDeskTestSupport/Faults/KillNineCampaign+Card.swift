import Foundation

/// Taps through the virtual card: real pcscd with its vpcd reader, `scan --json --reader` watching it,
/// one card after another. Needs the machine's one vpcd port: run under the pcscd lock
/// (`flock /tmp/memberdesk-pcscd.lock`), and in `make test` only from the PC/SC suite.
extension KillNineCampaign {
    /// Taps `taps` cards (half known members' UIDs, half new ones, enrolled) on the virtual reader
    /// under a fresh `scan`, each card lifted once its outcome is printed; kills the scan at a
    /// random moment of a random tap (from the card's arrival to a little past its usual outcome),
    /// or with `kill` false stops it politely after the last. Then the checks of every round.
    public func cardRound(taps: Int, kill: Bool = true) throws {
        round += 1
        _ = try PCSCDaemon.shared()
        var passes: [String] = []
        for i in 0..<taps {
            if i % 2 == 0, let known = untappedCards.popLast() { passes.append(known) } else { passes.append(String(format: "05%06X%06X", round, i)) }
        }
        fed += passes
        try waitForEmptyReader()
        let scan = try RunningDesk(desk, ["scan", "--json", "--reader", PCSCDaemon.virtualReader])
        defer { if scan.isRunning { _ = scan.signal(SIGKILL) } }
        guard waitUntil(timeout: 30, { scan.stdout.contains("\"readerAttached\"") }) else {
            throw FaultCheckFailure("scan never saw the virtual reader: \(scan.stderr)")
        }
        let killAt = kill ? Int(random.next(below: UInt64(taps))) : taps
        // A tap's usual time from the card's arrival to its printed outcome, learnt from the taps before.
        var tapTime = 0.3
        for (index, pass) in passes.enumerated() {
            let card = VirtualCard(.uidOnly(uid: Self.bytes(hex: pass)))
            let arrived = Date()
            try card.insert()
            if index == killAt {
                let moment = Double(random.next(below: 1_000)) / 1_000 * tapTime * 1.5
                // The scenario's schedule: the kill lands at this moment of the tap, whatever the desk did.
                _ = waitUntil(timeout: moment) { !scan.isRunning }
                guard scan.isRunning else { throw FaultCheckFailure("scan ended before its kill: \(scan.stderr)") }
                _ = scan.signal(SIGKILL, timeout: 30)
                kills += 1
                card.remove()
                break
            }
            guard waitUntil(timeout: 30, { outcomes(scan.lines).contains { $0.passId == pass } }) else {
                throw FaultCheckFailure("tap \(index + 1) (\(pass)) printed no outcome: \(scan.stdout.suffix(400)) \(scan.stderr)")
            }
            tapTime = Date().timeIntervalSince(arrived)
            card.remove()
            guard waitUntil(timeout: 30, { scan.lines.filter { $0.contains("\"cardRemoved\"") }.count == index + 1 }) else {
                throw FaultCheckFailure("the scan never saw card \(index + 1) lifted")
            }
        }
        if !kill, scan.signal(SIGTERM, timeout: 30) != 0 { throw FaultCheckFailure("scan did not stop well: \(scan.stderr)") }
        let printed = outcomes(scan.lines)
        if !kill, Set(printed.map(\.passId)) != Set(passes) {
            throw FaultCheckFailure("a finished card scan printed \(printed.count) of \(passes.count) taps")
        }
        let stored = try checkTaps(printed)
        note("card round \(round): \(kill ? "killed \(printed.count == killAt ? "within" : "just after") card \(killAt + 1) of \(taps)" : "finished \(taps) cards"); "
             + "integrity ok; \(printed.count) counted taps each stored once; \(fed.count) passes fed in all, \(stored) counted once, none twice")
    }

    /// Until pcscd has seen the last card go (a killed scan leaves its lifting unobserved), asked
    /// through `memberdesk readers --json`: a card still shown would make the next tap no change at all.
    func waitForEmptyReader() throws {
        let empty = try waitUntil(timeout: 15, poll: 0.05) {
            let lines = try desk.run(["readers", "--json"]).stdout.split(separator: "\n")
            return lines.contains { line in
                guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { return false }
                return object["reader"] as? String == PCSCDaemon.virtualReader && object["cardPresent"] as? Bool == false
            }
        }
        if !empty { throw FaultCheckFailure("the virtual reader still shows a card") }
    }

    static func bytes(hex: String) -> [UInt8] {
        var bytes: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            bytes.append(UInt8(hex[index..<next], radix: 16) ?? 0)
            index = next
        }
        return bytes
    }
}
