import Foundation

extension ReaderMonitor {
    public struct Options: Sendable {
        /// Watch only readers whose name equals or contains this (case-insensitive); empty: all.
        public var readerName: String
        public var feedback: Bool
        /// How often to list readers again when pcscd has no PnP notification.
        public var relistInterval: Duration
        public var initialBackoff: Duration
        public var maximumBackoff: Duration
        /// What an ISO 14443-4 card is asked for after its UID, in order (see `ApplicationReader`):
        /// by default the Type 4 NDEF application, without SUN keys.
        public var applications: [any ApplicationReader]
        /// Phones' passes (Apple VAS, Google Smart Tap), as set up in `[wallet]`.
        public var wallet: WalletReaders

        public init(readerName: String = "", feedback: Bool = true, relistInterval: Duration = .seconds(1),
                    initialBackoff: Duration = .milliseconds(100), maximumBackoff: Duration = .seconds(2),
                    applications: [any ApplicationReader] = [Type4NDEFReader(verifier: nil)],
                    wallet: WalletReaders = WalletReaders()) {
            self.applications = applications
            self.readerName = readerName
            self.feedback = feedback
            self.relistInterval = relistInterval
            self.initialBackoff = initialBackoff
            self.maximumBackoff = maximumBackoff
            self.wallet = wallet
        }

        func watches(_ reader: String) -> Bool {
            readerName.isEmpty || reader == readerName || reader.localizedCaseInsensitiveContains(readerName)
        }
    }

    /// From pcscd reporting the card (SCardGetStatusChange returning) to the committed visit
    /// (reported from the check-in worker).
    public struct TapTiming: Sendable {
        public var reader: String
        public var detected: ContinuousClock.Instant
        /// The card read (connect and APDUs through pcscd) finished.
        public var read: ContinuousClock.Instant
        public var committed: ContinuousClock.Instant
    }
}
