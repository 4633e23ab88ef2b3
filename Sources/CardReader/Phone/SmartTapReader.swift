import MemberKit
import WalletReading

/// Google's Smart Tap 2.1 exchange with a phone: SELECT OSE.VAS.01 (the phone names AndroidPay),
/// SELECT Smart Tap (its nonce), NEGOTIATE SECURE SESSION (our ephemeral key, signed with the
/// club's key), GET DATA and GET MORE DATA while the phone answers 91 00. (Bytes: docs/card-reading.md.)
enum SmartTapReader {
    enum Result: Sendable, Equatable {
        case pass(WalletPresentation)
        case refused(WalletRefusal)
        /// No Google wallet on the card (not an Android phone, or a card): try something else.
        case notGooglePay
    }

    /// A GET DATA answer longer than this is no pass: stop asking for more.
    static let maximumAnswer = 0x4000

    static func read(_ card: any CardChannel, setup: SmartTapSetup,
                     sessionId: () -> [UInt8] = { (0..<8).map { _ in UInt8.random(in: 0...255) } }) throws(CardReadError) -> Result {
        let ose = try CardReading.send(card, VASProtocol.select, "SELECT OSE.VAS.01")
        guard ose.isSuccess, SmartTapProtocol.isAndroidPay(oseAnswer: ose.data) else { return .notGooglePay }
        let selected = try CardReading.send(card, SmartTapProtocol.select, "SELECT Smart Tap")
        guard selected.isSuccess else { return .notGooglePay }
        let phoneNonce = try wallet { () throws(WalletReadingError) in try SmartTapProtocol.parseSelect(selected.data).phoneNonce }
        let session = try wallet { () throws(WalletReadingError) in try setup.session(phoneNonce: phoneNonce) }
        let id = sessionId()

        var command = "NEGOTIATE SECURE SESSION"
        let negotiated = try CardReading.send(card, SmartTapProtocol.negotiate(
            sessionId: id, readerNonce: session.readerNonce, readerKey: session.compressedEphemeralKey,
            keyVersion: setup.keyVersion, signature: session.signature, collectorId: setup.collectorId), command)
        if let refusal = try refusal(negotiated, command) { return .refused(refusal) }
        let answer = try wallet { () throws(WalletReadingError) in try SmartTapProtocol.parseNegotiate(negotiated.data) }
        guard answer.sessionId == id else { throw .wallet("\(command): the phone answered for another session") }

        command = "GET DATA"
        var reply = try CardReading.send(card, SmartTapProtocol.getData(sessionId: id, sequence: answer.sequence &+ 1,
                                                                        collectorId: setup.collectorId), command)
        var data = reply.data
        while SmartTapProtocol.Status(sw1: reply.sw1, sw2: reply.sw2) == .moreData {
            guard data.count <= maximumAnswer else { throw .wallet("GET DATA: the answer goes on past \(maximumAnswer) bytes") }
            command = "GET MORE DATA"
            reply = try CardReading.send(card, SmartTapProtocol.getMoreData, command)
            data += reply.data
        }
        if let refusal = try refusal(reply, command) { return .refused(refusal) }
        return try wallet { () throws(WalletReadingError) in
            let bundle = try SmartTapProtocol.recordBundle(inGetDataAnswer: data)
            let digest = VASCryptogram.digest(bundle)
            let records: [UInt8]
            do throws(WalletReadingError) {
                records = try session.open(recordBundle: bundle, phoneKey: answer.phoneKey)
            } catch {
                // A recorded answer replayed fails here (this tap's session keys are new): the core
                // tells a replay (its digest was claimed) from a reader error.
                guard case .authenticationFailed = error else { throw error }
                return .pass(WalletPresentation(wallet: .google, read: .unverified(digest: digest, problem: error.description)))
            }
            let passId = try SmartTapServiceObject.redemptionValue(in: records)
            // No time in Smart Tap: a fresh session per tap is its freshness; the digest still marks a replay.
            return .pass(WalletPresentation(wallet: .google, read: .pass(passId: passId, madeAt: nil, digest: digest)))
        }
    }

    /// nil: 90 00, go on. A refusal the member can act on, or an error the staff can.
    private static func refusal(_ reply: APDU.Response, _ command: String) throws(CardReadError) -> WalletRefusal? {
        switch SmartTapProtocol.Status(sw1: reply.sw1, sw2: reply.sw2) {
        case .done: return nil
        case .noPass: return .noWalletPass
        case .choosePass: return .choosePassOnPhone
        case .readerRejected:
            throw .walletReaderRejected("Google Wallet did not accept our Smart Tap signature (95 00 to \(command)): "
                + "check wallet.google.collector_id, smart_tap_key_file and smart_tap_key_version against Google's console")
        case .moreData, .other: throw .status(command: command, sw1: reply.sw1, sw2: reply.sw2)
        }
    }

    private static func wallet<T>(_ body: () throws(WalletReadingError) -> T) throws(CardReadError) -> T {
        do {
            return try body()
        } catch {
            throw .wallet(error.description)
        }
    }
}
