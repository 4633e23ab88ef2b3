import CardReader
import Foundation
import MemberDeskTestSupport
import MemberKit
import Testing
import WalletReading

/// `reader.ecp` through real pcscd and vpcd: the virtual reader gets the ECP frame (as an ACR122U's
/// PN532 direct transmit) before the VAS exchange, and a reader that refuses it reads the pass all
/// the same. (vpcd's reader is no ACR122U by name: the test says which kind to send.)
extension PCSCEndToEndTests {
    static let ecpAPDU: [UInt8] = [0xFF, 0x00, 0x00, 0x00, 0x07, 0xD4, 0x42, 0x6A, 0x01, 0x00, 0x00, 0x02]

    static func walletWithECP(_ ecp: ECPFrame.Use) -> WalletReaders {
        WalletReaders(apple: VASSetup(passTypeIds: [passType], keys: [readerKey]), ecp: ecp)
    }

    @Test(arguments: [false, true])
    func ecpGoesBeforeTheVASExchangeAndARefusalChangesNothing(refused: Bool) throws {
        let desk = try DeskUnderTest(debounce: 60, wallet: Self.walletWithECP(.always(.pn532)))
        #expect(desk.waitForReader())
        _ = try Self.member(desk, pass: "ANN-1")
        let phone = VirtualPhone(passes: [.init(passTypeId: Self.passType, message: "ANN-1", readerKey: Self.readerKey.publicKey)])
        phone.set(refusesECP: refused)
        #expect(try desk.tap(phone.card()))
        #expect(desk.checkIns.last?.outcome.name == "checkedIn")
        #expect(desk.failures.isEmpty, "\(desk.failures)")
        let received = phone.received
        let ecp = try #require(received.firstIndex(of: Self.ecpAPDU), "no ECP in \(received)")
        let select = try #require(received.firstIndex(of: VASProtocol.select))
        #expect(ecp < select)
        #expect(received.filter { $0 == Self.ecpAPDU }.count == 1)
    }

    @Test func withoutECPTheReaderSendsNone() throws {
        let desk = try DeskUnderTest(debounce: 60, wallet: Self.walletWithECP(.off))
        #expect(desk.waitForReader())
        _ = try Self.member(desk, pass: "ANN-1")
        let phone = VirtualPhone(passes: [.init(passTypeId: Self.passType, message: "ANN-1", readerKey: Self.readerKey.publicKey)])
        #expect(try desk.tap(phone.card()))
        #expect(desk.checkIns.last?.outcome.name == "checkedIn")
        #expect(!phone.received.contains(Self.ecpAPDU))
        #expect(phone.received.contains(VASProtocol.select))
    }
}
