import Foundation
import MemberKit

/// One reader as `memberdesk readers` shows it.
public struct ReaderSnapshot: Sendable, Equatable {
    public var name: String
    public var cardPresent: Bool
    public var atr: [UInt8]
    /// The card's kind from its ATR (PC/SC part 3), when a card is present.
    public var cardName: String?

    /// Every reader pcscd sees, with its state now.
    public static func all(_ context: any PCSCContext) throws -> [ReaderSnapshot] {
        do {
            try context.establish()
            defer { context.release() }
            let names = try context.listReaders().filter { $0 != ReaderState.plugAndPlay }
            guard !names.isEmpty else { return [] }
            var states = names.map { ReaderState(reader: $0) }
            _ = try context.getStatusChange(&states, timeoutMilliseconds: 0)
            return states.map { state in
                let present = state.flags.contains(.present)
                return ReaderSnapshot(name: state.reader, cardPresent: present, atr: present ? state.atr : [],
                                      cardName: present ? (try? ATRInfo(parsing: state.atr))?.cardName : nil)
            }
        } catch let error as PCSCError {
            throw DeskError.io(Self.explain(error))
        }
    }

    /// The one line a person needs when pcscd cannot be asked.
    public static func explain(_ error: PCSCError) -> String {
        if error.code == PCSCError.noService {
            return "pcscd is not running (SCARD_E_NO_SERVICE): start it with 'pcscd' (or 'systemctl start pcscd.socket')"
        }
        return error.description
    }
}
