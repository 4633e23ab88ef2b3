import Foundation

/// A record to and from ClubKit's wire model (`MembershipUser`), which the exchange formats read and write.
extension MemberRecord {
    /// Splits a ClubKit user (or subclass) into the record's columns.
    package init(user: MembershipUser, modifiedAt: Double, modifiedBy: String) throws {
        let object = try JSONDecoder().decode([String: JSONValue].self, from: JSONEncoder().encode(user))
        var fields = object
        for name in MemberRecord.clubKitFieldNames { fields[name] = nil }
        self.init(memberId: user.memberId, passId: user.passId, username: user.username,
                  timeStampAdded: user.timeStampAdded, numVisits: user.numVisits,
                  timeStampOfLastVisit: user.timeStampOfLastVisit, fields: fields,
                  modifiedAt: modifiedAt, modifiedBy: modifiedBy)
    }

    /// Builds a ClubKit user of the given class (dynamic: subclasses decode their own fields).
    package func user<User: MembershipUser>(as type: User.Type = CustomMembershipUser.self) throws -> User {
        let data = try JSONEncoder().encode(clubKitObject(fieldNames: type.variableNamesAsStrings()))
        let decoder = JSONDecoder()
        decoder.userInfo[DynamicUser.typeKey] = type
        guard let user = try decoder.decode(DynamicUser.self, from: data).user as? User else {
            throw DeskError.invalidInput("member \(memberId) is not a \(type)")
        }
        return user
    }
}
