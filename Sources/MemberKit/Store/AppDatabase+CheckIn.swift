import Foundation
import GRDB

/// Check-ins: the visit row, the terminal's counter and the member's totals.
extension AppDatabase {
    /// A tap's one transaction: finds the pass's live member (nil if none), lets `rules` decide,
    /// and writes what they decided.
    func checkIn(passId: String, terminalId: String, source: CheckInSource, at time: Double,
                 rules: (MemberRecord?) throws -> CheckInDecision) throws -> CheckInOutcome {
        try write { store in
            let member = try store.liveMember(passIdAnyCase: passId)
            switch try rules(member) {
            case .answer(let outcome):
                return outcome
            case .countVisit(var member):
                try store.recordVisit(&member, terminalId: terminalId, source: source, at: time)
                return .checkedIn(member, visitNumber: member.numVisits)
            case .enrol(var member):
                try store.insertMember(member)
                try store.recordVisit(&member, terminalId: terminalId, source: source, at: time)
                return .enrolled(member)
            }
        }
    }

    /// Adds a member with its first visit, in one transaction (the answer to the enrol prompt).
    func enrol(_ member: MemberRecord, terminalId: String, source: CheckInSource, at time: Double) throws -> MemberRecord {
        try write { store in
            var member = member
            try store.insertMember(member)
            try store.recordVisit(&member, terminalId: terminalId, source: source, at: time)
            return member
        }
    }
}

extension StoreTransaction {
    /// The live member holding this pass, else the one holding it in another letter case: `carl-9`
    /// typed at the desk is `CARL-9`, and a card UID another system stored in lowercase is the same
    /// card (without this, each would enrol a second member). Only an unambiguous match counts.
    func liveMember(passIdAnyCase passId: String) throws -> MemberRecord? {
        if let member = try liveMember(passId: passId) { return member }
        let matches = try liveMembers(passIdIgnoringCase: passId, limit: 2)
        return matches.count == 1 ? matches[0] : nil
    }

    /// The visit row, this terminal's counter, and the member's totals.
    func recordVisit(_ member: inout MemberRecord, terminalId: String, source: CheckInSource, at time: Double) throws {
        // Cached statements: this runs on every tap.
        try db.cachedStatement(sql: """
            UPDATE member SET numVisits = numVisits + 1, timeStampOfLastVisit = max(timeStampOfLastVisit, ?)
            WHERE memberId = ?
            """).execute(arguments: [time, member.memberId])
        try db.cachedStatement(sql: """
            INSERT INTO visit_counter(memberId, terminalId, count) VALUES (?, ?, 1)
            ON CONFLICT(memberId, terminalId) DO UPDATE SET count = count + 1
            """).execute(arguments: [member.memberId, terminalId])
        try db.cachedStatement(sql: "INSERT INTO visit(visitId, memberId, terminalId, time, source) VALUES (?, ?, ?, ?, ?)")
            .execute(arguments: [UUID().uuidString, member.memberId, terminalId, time, source.rawValue])
        member.numVisits += 1
        member.timeStampOfLastVisit = max(member.timeStampOfLastVisit, time)
    }
}
