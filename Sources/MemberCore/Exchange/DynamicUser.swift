import Foundation

/// Decodes through a metatype held in userInfo, so the subclass's own `init(from:)` runs.
struct DynamicUser: Decodable {
    static let typeKey = CodingUserInfoKey(rawValue: "memberdesk.userType")!
    let user: MembershipUser

    init(from decoder: Decoder) throws {
        let type = decoder.userInfo[Self.typeKey] as? MembershipUser.Type ?? CustomMembershipUser.self
        user = try type.init(from: decoder)
    }
}
