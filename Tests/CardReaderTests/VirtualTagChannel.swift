import CardReader
import MemberDeskTestSupport

/// A `VirtualNTAG424` spoken to directly, without pcscd: for unit tests of the Type 4 reader and
/// the personaliser. A tag leaving the field mid-command is a transport error, as pcsc-lite gives.
final class VirtualTagChannel: CardChannel {
    let tag: VirtualNTAG424
    let reader = "unit"
    private(set) var commands: [[UInt8]] = []

    init(_ tag: VirtualNTAG424) {
        self.tag = tag
        tag.inserted()
    }

    func transmit(_ command: [UInt8]) throws -> [UInt8] {
        commands.append(command)
        guard let answer = tag.respond(command) else { throw PCSCError(code: PCSCError.removedCard, operation: "SCardTransmit") }
        return answer
    }

    func disconnect() {}
}
