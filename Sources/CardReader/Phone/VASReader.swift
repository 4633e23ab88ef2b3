import MemberKit
import WalletReading

/// Apple's VAS exchange with a phone: SELECT OSE.VAS.01, then GET VAS DATA for each pass type id
/// in order until one answers with a cryptogram. (The byte layout is in docs/card-reading.md.)
enum VASReader {
    enum Result: Sendable, Equatable {
        case pass(WalletPresentation)
        case refused(WalletRefusal)
        /// The card has no VAS application (not an iPhone, or a card): try something else.
        case notApplePay
    }

    static func read(_ card: any CardChannel, setup: VASSetup,
                     nonce: () -> [UInt8] = { (0..<4).map { _ in UInt8.random(in: 0...255) } }) throws(CardReadError) -> Result {
        let selected = try CardReading.send(card, VASProtocol.select, "SELECT OSE.VAS.01")
        guard selected.isSuccess else { return .notApplePay }
        do {
            _ = try VASProtocol.parseSelect(selected.data)
        } catch {
            return .notApplePay
        }
        for (index, passTypeId) in setup.passTypeIds.enumerated() {
            let command = "GET VAS DATA"
            let answer = try CardReading.send(card, VASProtocol.getData(passTypeId: passTypeId, nonce: nonce(),
                                                                         last: index == setup.passTypeIds.count - 1), command)
            guard answer.isSuccess else {
                switch VASProtocol.Refusal(sw1: answer.sw1, sw2: answer.sw2) {
                case .noPass: continue
                case .confirmOnPhone: return .refused(.confirmOnPhone)
                case .other(let sw1, let sw2): throw .status(command: command, sw1: sw1, sw2: sw2)
                }
            }
            do {
                let cryptogram = try VASProtocol.cryptogram(inGetDataAnswer: answer.data)
                let pass = try setup.open(cryptogram, passTypeId: passTypeId)
                let digest = VASCryptogram.digest(cryptogram)
                return .pass(WalletPresentation(wallet: .apple, read: .pass(passId: pass.message, madeAt: pass.time, digest: digest)))
            } catch {
                throw .wallet(error.description)
            }
        }
        return .refused(.noWalletPass)
    }
}
