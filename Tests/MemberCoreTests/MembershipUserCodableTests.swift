import Foundation
import MemberCore
import Testing

@Suite struct MembershipUserCodableTests {
    /// ClubKit writes with Foundation's JSONEncoder: compact, `/` escaped, username may be null.
    @Test func baseUserEncodesExactlyClubKitsKeys() throws {
        let user = MembershipUser(memberId: "A/1", passId: "04A23B1C", username: nil, timeStampAdded: 1_700_000_000.5,
                                  numVisits: 3, timeStampOfLastVisit: 1_700_000_100)
        let data = try JSONEncoder().encode(user)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(Set(object.keys) == ["memberId", "passId", "username", "timeStampAdded", "numVisits", "timeStampOfLastVisit"])
        #expect(object["username"] is NSNull)
        #expect(object["numVisits"] as? Int == 3)
        #expect(object["timeStampAdded"] as? Double == 1_700_000_000.5)
        #expect(String(decoding: data, as: UTF8.self).contains(#""memberId":"A\/1""#))
        let decoded = try JSONDecoder().decode(MembershipUser.self, from: data)
        #expect(decoded.memberId == "A/1" && decoded.passId == "04A23B1C" && decoded.username == nil)
        #expect(decoded.timeStampAdded == 1_700_000_000.5 && decoded.numVisits == 3 && decoded.timeStampOfLastVisit == 1_700_000_100)
    }

    @Test func subclassAddsItsFieldAfterSupersNames() throws {
        #expect(CustomMembershipUser.variableNamesAsStrings() == [
            "memberId", "passId", "username", "timeStampAdded", "numVisits", "timeStampOfLastVisit", "userEmailAddress",
        ])
        // The core's settings list the same names without the wire model (MemberCore has no `MembershipUser`).
        #expect(ClubSettings().memberFields == CustomMembershipUser.variableNamesAsStrings())
        let user = CustomMembershipUser(memberId: "m1", passId: "p1", username: "Zoë 山田", userEmailAddress: "z@example.org",
                                        timeStampAdded: 10, numVisits: 1, timeStampOfLastVisit: 20)
        let data = try JSONEncoder().encode(user)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object.count == 7)
        #expect(object["userEmailAddress"] as? String == "z@example.org")
        let decoded = try JSONDecoder().decode(CustomMembershipUser.self, from: data)
        #expect(decoded.userEmailAddress == "z@example.org" && decoded.username == "Zoë 山田")
    }

    /// A file written by ClubKit (a literal, as its JSONEncoder writes it) decodes.
    @Test func decodesClubKitBytes() throws {
        let bytes = #"[{"memberId":"5B2C","passId":"pass\/7","username":null,"timeStampAdded":1600000000.25,"numVisits":12,"timeStampOfLastVisit":1600000900,"userEmailAddress":"a@b.c"}]"#
        let users = try JSONDecoder().decode([CustomMembershipUser].self, from: Data(bytes.utf8))
        #expect(users.count == 1)
        #expect(users[0].passId == "pass/7" && users[0].numVisits == 12 && users[0].userEmailAddress == "a@b.c")
    }

    @Test func recordRoundTripsThroughASubclass() throws {
        let user = CustomMembershipUser(memberId: "m2", passId: "p2", username: "Ann", userEmailAddress: "ann@x.org",
                                        timeStampAdded: 5, numVisits: 2, timeStampOfLastVisit: 6)
        let record = try MemberRecord(user: user, modifiedAt: 7, modifiedBy: "t1")
        #expect(record.fields == ["userEmailAddress": .string("ann@x.org")])
        let back: CustomMembershipUser = try record.user(as: CustomMembershipUser.self)
        #expect(back.userEmailAddress == "ann@x.org" && back.memberId == "m2" && back.numVisits == 2)
        // The base class decodes the same record, ignoring the subclass key.
        let base = try record.user(as: MembershipUser.self)
        #expect(base.passId == "p2")
    }
}
