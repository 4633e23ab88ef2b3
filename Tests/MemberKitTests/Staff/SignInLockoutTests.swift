import Foundation
import MemberDeskTestSupport
import MemberKit
import Testing

@Suite struct SignInLockoutTests {
    @Test func fiveWrongPINsLockOutThirtySecondsThenDoubleToFifteenMinutes() {
        let clock = FakeClock()
        var lockout = SignInLockout()
        var lengths: [TimeInterval] = []
        for _ in 0..<8 {
            for attempt in 1...5 {
                #expect(!lockout.isLocked(at: clock.now()))
                let length = lockout.fail(at: clock.now())
                #expect((length != nil) == (attempt == 5))
                if let length { lengths.append(length) }
            }
            #expect(lockout.isLocked(at: clock.now()))
            #expect(lockout.secondsLeft(at: clock.now()) == Int(lengths.last!))
            clock.advance(by: lengths.last! - 1)
            #expect(lockout.isLocked(at: clock.now()) && lockout.secondsLeft(at: clock.now()) == 1)
            clock.advance(by: 1)
        }
        #expect(lengths == [30, 60, 120, 240, 480, 900, 900, 900])
    }

    @Test func aRightPINStartsOver() {
        let clock = FakeClock()
        var lockout = SignInLockout()
        for _ in 0..<4 { _ = lockout.fail(at: clock.now()) }
        lockout.succeed()
        for _ in 0..<4 { #expect(lockout.fail(at: clock.now()) == nil) }
        #expect(!lockout.isLocked(at: clock.now()))
    }

    @Test func rolesAllowWhatTheIssueSays() {
        #expect(StaffPermission.checkInByHand.allows(.desk) && StaffPermission.editContact.allows(.desk))
        #expect(!StaffPermission.deleteMember.allows(.desk) && StaffPermission.deleteMember.allows(.manager))
        #expect(StaffPermission.allCases.filter { !$0.allows(.desk) }.count == 8)
        #expect(StaffPermission.allCases.allSatisfy { $0.allows(.manager) })
    }
}
