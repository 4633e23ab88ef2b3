import Foundation
import MemberKit

/// A presentation, handled: the card read (UID, applications, a phone's pass), its check-in
/// queued on the worker, and the reader's feedback (beep and LED) once the outcome is in.
extension ReaderMonitor {
    /// Reads the card and queues its check-in; a reader that takes feedback keeps the card
    /// connected until the outcome is in. Errors about the card or the reader become events;
    /// only pcscd going away propagates.
    func present(reader: String, atr: [UInt8], detected: ContinuousClock.Instant,
                         awaiting: inout AwaitingFeedback) throws {
        events.publish(.reader(.cardPresented(reader: reader, atr: atr)))
        let card: any CardChannel
        do {
            card = try context.connect(reader: reader)
        } catch let error as PCSCError {
            if error.isServiceGone { throw error }
            events.publish(.reader(.failure(reader: reader, message: error.description)))
            return
        }
        let read: WalletReaders.Credential
        do {
            read = try options.wallet.credential(for: CardReading.read(card, atr: atr, applications: options.applications), card: card)
        } catch {
            card.disconnect()
            if case .transport(let pcsc) = error, pcsc.isServiceGone { throw pcsc }
            events.publish(.reader(.failure(reader: reader, message: "\(reader): \(error.description)")))
            return
        }
        let readAt = ContinuousClock.now
        let tap: Int? = options.feedback && ReaderFeedback.supports(reader: reader) ? awaiting.hold(card) : nil
        if tap == nil { card.disconnect() }
        checkIns.submit(read) { [self] outcome in
            // nil: the core has published the error (bad pass or store failure); no beep then.
            if outcome != nil { onTap?(TapTiming(reader: reader, detected: detected, read: readAt, committed: .now)) }
            guard let tap else { return }
            answers.post(tap: tap, signal: outcome.map { $0.isAccepted ? .accepted : .refused })
            context.cancel()
        }
    }
}
