import Foundation
@_spi(Decisions) import MemberCore
import Testing

/// What a sign-in or an approval records and answers, decided with no database and no hasher.
@Suite struct SignInDecisionTests {
    static let manager = StaffAccount(name: "Mia", role: .manager, pinHash: "h", addedAt: 1, modifiedAt: 1, modifiedBy: "desk-a")
    static let desk = StaffAccount(name: "Ola", role: .desk, pinHash: "h", addedAt: 1, modifiedAt: 1, modifiedBy: "desk-a")

    static func decide(_ attempt: SignInDecision.Attempt, for purpose: SignInDecision.Purpose = .signIn) -> SignInDecision.Outcome {
        SignInDecision.decide(attempt, for: purpose, method: .tap, at: Core.desk, time: Core.t0, ids: Core.ids())
    }

    @Test func aRightPINSignsInAndIsRecordedWithItsTime() {
        let outcome = Self.decide(.found(Self.manager, pinMatches: true))
        #expect(outcome.account == Self.manager && outcome.failure == nil)
        #expect(outcome.lastSignIn == SignInDecision.LastSignIn(name: "Mia", time: Core.t0))
        #expect(outcome.audit?.action == .signIn && outcome.audit?.operator == "Mia" && outcome.audit?.method == .tap)
        #expect(outcome.audit?.time == Core.t0 && outcome.audit?.detail == [:])
    }

    @Test func aWrongPINIsRecordedWithTheOperatorsNameButNobodyActing() {
        let outcome = Self.decide(.found(Self.manager, pinMatches: false))
        #expect(outcome.account == nil && outcome.failure == .wrongPIN(operator: "Mia") && outcome.lastSignIn == nil)
        #expect(outcome.audit?.action == .signInFailed && outcome.audit?.operator == nil)
        #expect(outcome.audit?.detail == ["reason": "wrong PIN", "name": "Mia"])
        // An approval fails the same way.
        let approval = Self.decide(.found(Self.manager, pinMatches: false), for: .approval(.override))
        #expect(approval.failure == outcome.failure && approval.audit?.detail == outcome.audit?.detail && approval.account == nil)
    }

    @Test func anUnknownOperatorOrAMembersCardIsRecordedWithWhy() {
        let unknown = Self.decide(.noOperator(memberCard: false))
        #expect(unknown.failure == .unknownOperator && unknown.audit?.detail == ["reason": "unknown operator"])
        let memberCard = Self.decide(.noOperator(memberCard: true))
        #expect(memberCard.failure == .memberCard && memberCard.audit?.detail == ["reason": "member card"])
        #expect(memberCard.audit?.action == .signInFailed && memberCard.account == nil)
    }

    @Test func severalOperatorsTriedNothingSoNothingIsRecorded() {
        let outcome = Self.decide(.severalOperators(["Mia", "Mika"]))
        #expect(outcome.failure == .severalOperators(["Mia", "Mika"]) && outcome.audit == nil && outcome.lastSignIn == nil)
        #expect(outcome.failure?.usesATry == false)
    }

    @Test func anApprovalIsRecordedOnlyWhenTheRoleAllowsIt() {
        let approved = Self.decide(.found(Self.manager, pinMatches: true), for: .approval(.override))
        #expect(approved.account == Self.manager && approved.lastSignIn == nil)
        #expect(approved.audit?.action == .approve && approved.audit?.detail == ["for": "override"] && approved.audit?.operator == "Mia")
        let notAllowed = Self.decide(.found(Self.desk, pinMatches: true), for: .approval(.override))
        #expect(notAllowed.account == Self.desk && notAllowed.failure == nil && notAllowed.audit == nil)
    }
}
