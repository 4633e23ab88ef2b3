import Foundation

/// An application an ISO 14443-4 card may hold, read after its UID: the NFC Forum Type 4 NDEF
/// application (`Type4NDEFReader`, which checks SUN messages), and others beside it (a phone's
/// wallet). `CardReading` asks each in order; the first that recognises the card gives the read.
/// nil: the card does not hold this application (the next is asked; none: the UID is the credential).
/// A card that holds it but answers wrongly, or lifted mid-read, throws: an event, no visit.
public protocol ApplicationReader: Sendable {
    func read(_ card: any CardChannel, base: CardRead) throws(CardReadError) -> CardRead?
}
