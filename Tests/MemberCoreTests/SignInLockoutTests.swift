import Foundation
import MemberCore
import Testing

@Suite struct SignInLockoutTests {
    @Test func fiveWrongPINsLockOutThirtySecondsThenDoubleToFifteenMinutes() {
        var now = Date(timeIntervalSince1970: 1_767_225_600)
        var lockout = SignInLockout()
        var lengths: [TimeInterval] = []
        for _ in 0..<8 {
            for attempt in 1...5 {
                #expect(!lockout.isLocked(at: now))
                let length = lockout.fail(at: now)
                #expect((length != nil) == (attempt == 5))
                if let length { lengths.append(length) }
            }
            #expect(lockout.isLocked(at: now))
            #expect(lockout.secondsLeft(at: now) == Int(lengths.last!))
            now += lengths.last! - 1
            #expect(lockout.isLocked(at: now) && lockout.secondsLeft(at: now) == 1)
            now += 1
        }
        #expect(lengths == [30, 60, 120, 240, 480, 900, 900, 900])
    }

    @Test func aRightPINStartsOver() {
        var now = Date(timeIntervalSince1970: 1_767_225_600)
        var lockout = SignInLockout()
        for _ in 0..<4 { _ = lockout.fail(at: now) }
        lockout.succeed()
        for _ in 0..<4 { #expect(lockout.fail(at: now) == nil) }
        #expect(!lockout.isLocked(at: now))
    }

    @Test func rolesAllowWhatTheIssueSays() {
        #expect(StaffPermission.checkInByHand.allows(.desk) && StaffPermission.editContact.allows(.desk))
        #expect(!StaffPermission.deleteMember.allows(.desk) && StaffPermission.deleteMember.allows(.manager))
        #expect(StaffPermission.allCases.filter { !$0.allows(.desk) }.count == 8)
        #expect(StaffPermission.allCases.allSatisfy { $0.allows(.manager) })
    }
}
