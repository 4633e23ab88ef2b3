/// What the pass web service answers, decided from what the store read: no I/O, no clock (the
/// time comes in). The store writes what a decision says (`AppDatabase.registerWebPass` …).
@_spi(Decisions) public enum PassWebDecision {
    /// Whether the request's token is the pass's: an unknown pass has no token to match.
    public static func isAuthorized(_ pass: PassWebPass?, presented: [UInt8]?) -> Bool {
        guard let pass, let presented else { return false }
        return PassWebAuthorization.digestsMatch(presented, pass.tokenDigest)
    }

    /// Register: 401 without the pass's token (an unknown pass too: Apple's answer, and no oracle
    /// of which serials exist); a device at `maxRegistrationsPerDevice` registers no new pass (429).
    public static func decide(register key: PassWebRegistrationKey, pushToken: String, pass: PassWebPass?, presented: [UInt8]?,
                              existing: PassWebRegistration?, deviceRegistrations: Int, limits: PassWebLimits,
                              at time: Double) -> PassWebRegistrationDecision {
        guard isAuthorized(pass, presented: presented) else { return .refuse(.unauthorized) }
        if let existing {
            guard existing.pushToken != pushToken else { return .unchanged }
            return .updatePushToken(PassWebRegistration(key: key, pushToken: pushToken, registeredAt: existing.registeredAt))
        }
        guard deviceRegistrations < limits.maxRegistrationsPerDevice else { return .refuse(.tooManyRequests) }
        return .create(PassWebRegistration(key: key, pushToken: pushToken, registeredAt: time))
    }

    /// Unregister: 200 with the pass's token, registered or not; else 401.
    public static func decide(unregister key: PassWebRegistrationKey, pass: PassWebPass?, presented: [UInt8]?) -> PassWebUnregistration {
        isAuthorized(pass, presented: presented) ? .remove(key) : .refuse(.unauthorized)
    }

    /// The device's registered passes (with today's tags) changed after `since` (all without one).
    public static func decide(serials passes: [PassWebPass], since: Int?) -> PassWebSerials {
        let changed = since.map { since in passes.filter { $0.tag > since } } ?? passes
        guard let newest = changed.map(\.tag).max() else { return .none }
        return .updated(serialNumbers: changed.map(\.serialNumber).sorted(), lastUpdated: newest)
    }

    /// The latest pass: 404 for a pass not issued here, 401 without its token, 304 when
    /// `If-Modified-Since` (seconds) is not before its tag.
    public static func decide(latest pass: PassWebPass?, presented: [UInt8]?, ifModifiedSince: Int?) -> PassWebLatestPass {
        guard let pass else { return .notFound }
        guard isAuthorized(pass, presented: presented) else { return .unauthorized }
        if let ifModifiedSince, pass.tag <= ifModifiedSince { return .notModified(tag: pass.tag) }
        return .send(tag: pass.tag)
    }

    /// A pass's new tag: the time in whole seconds, but always past every tag given before, so
    /// tags stay unique across passes (a device that asked "since T" misses no pass changed in T's
    /// second) and each change has a `Last-Modified` of its own.
    public static func nextTag(after highest: Int?, now: Double) -> Int {
        let seconds = Int(now.rounded(.down))
        guard let highest else { return seconds }
        return max(seconds, highest + 1)
    }

    /// The pass with what it shows now, or nil when that is what it showed: a new tag when it changed.
    public static func refreshed(_ pass: PassWebPass, contentDigest: [UInt8], highestTag: Int?, now: Double) -> PassWebPass? {
        guard pass.contentDigest != contentDigest else { return nil }
        var changed = pass
        changed.contentDigest = contentDigest
        changed.tag = nextTag(after: highestTag, now: now)
        return changed
    }
}

public enum PassWebRegistrationDecision: Sendable, Equatable {
    /// A new registration: 201.
    case create(PassWebRegistration)
    /// Registered before, under another push token: the new one kept, 200.
    case updatePushToken(PassWebRegistration)
    /// Registered before, the same token: 200, nothing written.
    case unchanged
    case refuse(PassWebStatus)

    public var status: PassWebStatus {
        switch self {
        case .create: .created
        case .updatePushToken, .unchanged: .ok
        case .refuse(let status): status
        }
    }
}

public enum PassWebUnregistration: Sendable, Equatable {
    /// 200, whether or not the device was registered (Apple: the disassociation succeeded).
    case remove(PassWebRegistrationKey)
    case refuse(PassWebStatus)

    public var status: PassWebStatus {
        if case .refuse(let status) = self { return status }
        return .ok
    }
}

public enum PassWebSerials: Sendable, Equatable {
    /// 204: nothing newer than the tag (or no pass registered).
    case none
    /// 200: the serials, sorted, and the tag to ask with next time (the newest of theirs).
    case updated(serialNumbers: [String], lastUpdated: Int)
}

public enum PassWebLatestPass: Sendable, Equatable {
    case notFound
    case unauthorized
    /// 304: the device's copy is as new as `tag`.
    case notModified(tag: Int)
    /// 200: the pass, `Last-Modified` its tag.
    case send(tag: Int)
}
