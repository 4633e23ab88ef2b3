/// A pass issued with the web service (`[wallet.service] url` set): what the store keeps of it.
/// `tag` moves whenever what the pass shows changes (`contentDigest`, a digest of its pass.json
/// without the token), so "serials updated since a tag" and `Last-Modified` both read it.
public struct PassWebPass: Sendable, Equatable {
    public var passTypeId: String
    public var serialNumber: String
    /// SHA-256 of the pass's `authenticationToken`; the token itself is kept nowhere.
    public var tokenDigest: [UInt8]
    public var contentDigest: [UInt8]
    /// Seconds since 1970, unique across passes and increasing: `PassWebDecision.nextTag`.
    public var tag: Int
    public var issuedAt: Double

    public init(passTypeId: String, serialNumber: String, tokenDigest: [UInt8], contentDigest: [UInt8], tag: Int, issuedAt: Double) {
        self.passTypeId = passTypeId
        self.serialNumber = serialNumber
        self.tokenDigest = tokenDigest
        self.contentDigest = contentDigest
        self.tag = tag
        self.issuedAt = issuedAt
    }
}

/// A device registered for a pass's updates.
public struct PassWebRegistration: Sendable, Equatable {
    public var key: PassWebRegistrationKey
    public var pushToken: String
    public var registeredAt: Double

    public init(key: PassWebRegistrationKey, pushToken: String, registeredAt: Double) {
        self.key = key
        self.pushToken = pushToken
        self.registeredAt = registeredAt
    }
}

/// The statuses the service answers (Apple's, plus HTTP's own for what Apple leaves unsaid).
public enum PassWebStatus: Int, Sendable, Equatable {
    case ok = 200, created = 201, noContent = 204, notModified = 304
    case badRequest = 400, unauthorized = 401, notFound = 404, methodNotAllowed = 405, payloadTooLarge = 413
    /// A device past `max_registrations_per_device`.
    case tooManyRequests = 429
    case internalError = 500
}

/// `[wallet.service]`'s limits, as values.
public struct PassWebLimits: Sendable, Equatable {
    public var maxBodyBytes: Int
    public var maxRegistrationsPerDevice: Int
    public var maxLogLines: Int

    public init(maxBodyBytes: Int = 8192, maxRegistrationsPerDevice: Int = 100, maxLogLines: Int = 50) {
        self.maxBodyBytes = maxBodyBytes
        self.maxRegistrationsPerDevice = maxRegistrationsPerDevice
        self.maxLogLines = maxLogLines
    }
}
