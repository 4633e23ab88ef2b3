import CardReader
import Foundation
import MemberKit

extension DeskContext {
    /// The reader monitor's options from the config: which reader, feedback, the cards' applications
    /// (SUN keys), and phones' passes.
    /// A wallet whose key files cannot be used is said once on the bus (source `wallet`).
    func readerOptions(name: String, applications: [any ApplicationReader]) -> ReaderMonitor.Options {
        var (wallet, apple, google) = WalletSetup.load(config.wallet)
        wallet.ecp = config.reader.ecp ? .byReaderName : .off
        for case .problem(let why) in [apple, google] { bus.publish(.error(DeskErrorNotice(source: "wallet", message: why))) }
        return ReaderMonitor.Options(readerName: name, feedback: config.reader.feedback, applications: applications,
                                     wallet: wallet)
    }
}
