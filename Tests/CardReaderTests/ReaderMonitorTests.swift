import CardReader
import Foundation
import MemberDeskTestSupport
import MemberKit
import Testing

/// The monitor's own rules, against the PC/SC test double (the real daemon is in PCSCEndToEndTests)
/// and a fake check-in port: no database, no Club.
struct ReaderMonitorTests {
    static let acr = "ACS ACR122U PICC Interface 00 00"
    static func uidCard(_ uid: [UInt8]) -> FakePCSC.Card {
        FakePCSC.Card(atr: [0x3B, 0x81, 0x80, 0x01, 0x80, 0x80]) { command in
            // A card without the NDEF application: the reader's own commands (FF) succeed, SELECT does not.
            command.starts(with: APDU.getUID) ? uid + [0x90, 0x00] : command.first == 0xFF ? [0x90, 0x00] : [0x6A, 0x82]
        }
    }
    static let uidCard = uidCard([0x04, 0x01, 0x02, 0x03])

    struct Rig {
        let pcsc: FakePCSC
        let port: FakeCheckInPort
        let events: EventSubscription
        let monitor: ReaderMonitor

        init(readers: [String], feedback: Bool = true, rule: FakeCheckInPort.Rule = .admit,
             cards: [String: FakePCSC.Card] = [:], only name: String = "", serviceUp: Bool = true) throws {
            pcsc = FakePCSC(readers: readers)
            pcsc.setService(up: serviceUp)
            for (reader, card) in cards { pcsc.insert(card, into: reader) }
            port = FakeCheckInPort(rule)
            let bus = EventBus()
            events = bus.subscribe()
            monitor = ReaderMonitor(context: pcsc, checkIns: port, events: bus,
                                    options: .init(readerName: name, feedback: feedback, relistInterval: .milliseconds(20),
                                                   initialBackoff: .milliseconds(5), maximumBackoff: .milliseconds(40)))
            monitor.start()
            if serviceUp { _ = waitUntil { monitor.isWatching } }
        }

        /// Check-ins of the card `uidCard`, as the port received them.
        func checkIns() throws -> Int { port.count("04010203") }
    }

    @Test func feedbackGoesToACR122ClassReadersOnly() throws {
        let rig = try Rig(readers: [Self.acr, "Generic Reader 00 00"])
        defer { rig.monitor.stop() }
        rig.pcsc.insert(Self.uidCard, into: Self.acr)
        #expect(waitUntil { rig.pcsc.transmitted.contains(ReaderFeedback.command(.accepted)) })
        rig.pcsc.removeCard(from: Self.acr)
        rig.pcsc.insert(Self.uidCard, into: "Generic Reader 00 00")
        #expect(waitUntil { (try? rig.checkIns()) == 2 })
        #expect(rig.pcsc.transmitted.filter { $0.starts(with: [0xFF, 0x00, 0x40]) }.count == 1)
    }

    @Test func refusalGetsTheLongBeepAndFeedbackCanBeOff() throws {
        let refusing = try Rig(readers: [Self.acr], rule: .deny)
        refusing.pcsc.insert(Self.uidCard, into: Self.acr)
        #expect(waitUntil { refusing.pcsc.transmitted.contains(ReaderFeedback.command(.refused)) })
        refusing.monitor.stop()

        let quiet = try Rig(readers: [Self.acr], feedback: false)
        quiet.pcsc.insert(Self.uidCard, into: Self.acr)
        #expect(waitUntil { (try? quiet.checkIns()) == 1 })
        quiet.monitor.stop()
        #expect(!quiet.pcsc.transmitted.contains { $0.starts(with: [0xFF, 0x00, 0x40]) })
    }

    @Test func reconnectsWhenPcscdComesBackAndReportsReaders() throws {
        let rig = try Rig(readers: [Self.acr])
        defer { rig.monitor.stop() }
        #expect(waitUntil { rig.events.drain().contains { if case .reader(.attached) = $0 { true } else { false } } })
        rig.pcsc.setService(up: false)
        var seen: [DeskEvent] = []
        #expect(waitUntil { seen += rig.events.drain(); return seen.contains { if case .reader(.service(false)) = $0 { true } else { false } } })
        let attempts = rig.pcsc.establishAttempts
        #expect(waitUntil { rig.pcsc.establishAttempts >= attempts + 3 }, "keeps retrying with backoff")
        rig.pcsc.setService(up: true)
        #expect(waitUntil { seen += rig.events.drain(); return seen.contains { if case .reader(.service(true)) = $0 { true } else { false } } })
        #expect(seen.contains { if case .reader(.removed(Self.acr)) = $0 { true } else { false } })
        rig.pcsc.insert(Self.uidCard, into: Self.acr)
        #expect(waitUntil { (try? rig.checkIns()) == 1 })
    }

    @Test func cardOnTheReaderAtStartCountsButNotAgainAfterAnOutage() throws {
        let rig = try Rig(readers: [Self.acr], cards: [Self.acr: Self.uidCard])
        defer { rig.monitor.stop() }
        #expect(waitUntil { (try? rig.checkIns()) == 1 })
        rig.pcsc.setService(up: false)
        #expect(waitUntil { !rig.monitor.isWatching })
        rig.pcsc.setService(up: true)
        #expect(waitUntil { rig.monitor.isWatching })
        #expect(try rig.checkIns() == 1)
        // Lifted and presented again: that is a tap.
        rig.pcsc.removeCard(from: Self.acr)
        #expect(waitUntil { rig.events.drain().contains { if case .reader(.cardRemoved) = $0 { true } else { false } } })
        rig.pcsc.insert(Self.uidCard, into: Self.acr)
        #expect(waitUntil { (try? rig.checkIns()) == 2 })
    }

    @Test func aQuickLiftAndTapBetweenTwoReportsStillCounts() throws {
        let rig = try Rig(readers: [Self.acr])
        defer { rig.monitor.stop() }
        rig.pcsc.insert(Self.uidCard, into: Self.acr)
        #expect(waitUntil { (try? rig.checkIns()) == 1 })
        rig.pcsc.retap(Self.acr)
        #expect(waitUntil { (try? rig.checkIns()) == 2 })
    }

    @Test func onlyTheNamedReaderIsWatchedAndANameMatchingNoneIsReported() throws {
        let rig = try Rig(readers: [Self.acr, "Generic Reader 00 00"], only: "acr122")
        #expect(waitUntil { rig.monitor.isWatching })
        rig.pcsc.insert(Self.uidCard, into: "Generic Reader 00 00")
        rig.pcsc.insert(Self.uidCard, into: Self.acr)
        #expect(waitUntil { (try? rig.checkIns()) == 1 })
        rig.monitor.stop()
        let attached = rig.events.drain().compactMap { if case .reader(.attached(let r)) = $0 { r } else { nil } }
        #expect(attached == [Self.acr])

        let none = try Rig(readers: ["Generic Reader 00 00"], only: "Nope")
        defer { none.monitor.stop() }
        var seen: [DeskEvent] = []
        #expect(waitUntil {
            seen += none.events.drain()
            return seen.contains { if case .reader(.failure(nil, let m)) = $0 { m == "no reader matches 'Nope'; pcscd sees: Generic Reader 00 00" } else { false } }
        })
    }

    @Test func startsWithoutPcscdSaysSoAndPicksItUpLater() throws {
        let rig = try Rig(readers: [Self.acr], serviceUp: false)
        defer { rig.monitor.stop() }
        var seen: [DeskEvent] = []
        #expect(waitUntil {
            seen += rig.events.drain()
            return seen.contains { if case .reader(.failure(nil, let m)) = $0 { m.contains("SCARD_E_NO_SERVICE") } else { false } }
        })
        #expect(seen.contains { if case .reader(.service(false)) = $0 { true } else { false } })
        rig.pcsc.setService(up: true)
        #expect(waitUntil { rig.monitor.isWatching })
        rig.pcsc.insert(Self.uidCard, into: Self.acr)
        #expect(waitUntil { (try? rig.checkIns()) == 1 })
    }

    @Test func readersAttachedAndRemovedLaterAreReported() throws {
        let rig = try Rig(readers: [])
        defer { rig.monitor.stop() }
        let late = "Late Reader 00 00"
        rig.pcsc.setReaders([late])
        var seen: [DeskEvent] = []
        #expect(waitUntil { seen += rig.events.drain(); return seen.contains { if case .reader(.attached(late)) = $0 { true } else { false } } })
        rig.pcsc.insert(Self.uidCard, into: late)
        #expect(waitUntil { (try? rig.checkIns()) == 1 })
        rig.pcsc.setReaders([])
        #expect(waitUntil { seen += rig.events.drain(); return seen.contains { if case .reader(.removed(late)) = $0 { true } else { false } } })
    }

    @Test func truncatedPageReadIsAnErrorNotACheckIn() throws {
        let ntagATR = VirtualCard.ntagATR
        let card = FakePCSC.Card(atr: ntagATR) { command in
            if command.starts(with: APDU.getUID) { return [0x04, 0x01, 0x02, 0x03, 0x90, 0x00] }
            if command == APDU.readPages(from: 3) {
                return [0xE1, 0x10, 0x3E, 0x00, 0x03, 0x30, 0xD1, 0x01] + [UInt8](repeating: 0, count: 8) + [0x90, 0x00]
            }
            return [0x03, 0x30, 0x90, 0x00]  // four pages promised, one byte pair given
        }
        let rig = try Rig(readers: ["Generic Reader 00 00"])
        defer { rig.monitor.stop() }
        rig.pcsc.insert(card, into: "Generic Reader 00 00")
        var seen: [DeskEvent] = []
        #expect(waitUntil {
            seen += rig.events.drain()
            return seen.contains { if case .reader(.failure(_, let m)) = $0 { m.contains("READ BINARY page 7 was truncated") } else { false } }
        })
        #expect(rig.port.calls.isEmpty)
    }

    @Test func aCardLeavingMidReadNamesTheReaderOnceAndTheCommand() throws {
        let reader = "Generic Reader 00 00"
        let card = FakePCSC.Card(atr: VirtualCard.ntagATR) { command in
            if command.starts(with: APDU.getUID) { return [0x04, 0x01, 0x02, 0x03, 0x90, 0x00] }
            throw PCSCError(code: PCSCError.notTransacted, operation: "SCardTransmit", reader: reader)
        }
        let rig = try Rig(readers: [reader])
        defer { rig.monitor.stop() }
        rig.pcsc.insert(card, into: reader)
        var message: String?
        #expect(waitUntil {
            for case .reader(.failure(_, let text)) in rig.events.drain() { message = text }
            return message != nil
        })
        #expect(message == "\(reader): READ BINARY page 3 failed: the card stopped answering; tap again (SCARD_E_NOT_TRANSACTED)")
        #expect(rig.port.calls.isEmpty)
    }

    @Test func aCheckInWaitingForTheDatabaseNeverStallsTheReaders() throws {
        let rig = try Rig(readers: [Self.acr])
        defer { rig.monitor.stop() }
        var seen: [DeskEvent] = []
        func count(_ wanted: (ReaderEvent) -> Bool) -> Int {
            seen += rig.events.drain()
            return seen.filter { if case .reader(let event) = $0 { wanted(event) } else { false } }.count
        }
        func presented(_ event: ReaderEvent) -> Bool { if case .cardPresented = event { true } else { false } }
        func removed(_ event: ReaderEvent) -> Bool { if case .cardRemoved = event { true } else { false } }
        let feedback = { rig.pcsc.transmitted.filter { $0 == ReaderFeedback.command(.accepted) }.count }

        rig.port.hold()
        rig.pcsc.insert(Self.uidCard, into: Self.acr)
        #expect(waitUntil { rig.port.waitingCount == 1 }, "the first check-in waits for the port")
        rig.pcsc.removeCard(from: Self.acr)
        #expect(waitUntil { count(removed) == 1 }, "card events keep coming while it waits")
        rig.pcsc.insert(Self.uidCard([0x04, 0x09, 0x08, 0x07]), into: Self.acr)
        #expect(waitUntil { count(presented) == 2 })
        rig.pcsc.removeCard(from: Self.acr)
        #expect(waitUntil { count(removed) == 2 })
        #expect(rig.port.calls.isEmpty)
        #expect(feedback() == 0, "no beep before the outcome")

        rig.port.release()
        #expect(waitUntil { feedback() == 2 }, "each tap gets its beep once its outcome is in")
        #expect(rig.port.calls.map(\.pass) == ["04010203", "04090807"], "both counted, once each, in tap order")
        #expect(rig.port.calls.allSatisfy { $0.source == .nfc })
    }
}
