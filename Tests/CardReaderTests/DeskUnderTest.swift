import CardReader
import Foundation
import MemberDeskTestSupport
import MemberKit
import Synchronization

/// A real Club on a real SQLite file, watched by a ReaderMonitor over real pcscd, wired as the
/// executable wires them (Club as the check-in port, its bus as the event sink): the in-process
/// end-to-end rig. Events from the bus are kept so tests can wait for them.
final class DeskUnderTest: Sendable {
    let directory: TemporaryDirectory
    let database: AppDatabase
    let club: Club
    let monitor: ReaderMonitor
    private let subscription: EventSubscription
    private let seen = Mutex<[DeskEvent]>([])

    init(debounce: TimeInterval, reader: String = PCSCDaemon.virtualReader, feedback: Bool = true,
         applications: [any ApplicationReader] = [Type4NDEFReader(verifier: nil)],
         wallet: WalletReaders = WalletReaders(), walletSettings: WalletSettings = WalletSettings(organization: "Test club"),
         terminal: String = "Test desk") throws {
        directory = try TemporaryDirectory()
        database = try AppDatabase.open(path: directory.file("members.sqlite"))
        let bus = EventBus()
        club = Club(database: database, terminal: try database.terminalIdentity(name: terminal),
                    settings: ClubSettings(debounce: debounce, wallet: walletSettings), bus: bus)
        subscription = bus.subscribe()
        monitor = ReaderMonitor(context: PCSCLiteContext(), checkIns: club, events: bus,
                                options: .init(readerName: reader, feedback: feedback, applications: applications, wallet: wallet))
        monitor.start()
    }

    deinit {
        monitor.stop()
        subscription.cancel()
    }

    var events: [DeskEvent] {
        seen.withLock { events in
            events += subscription.drain()
            return events
        }
    }

    var checkIns: [CheckInReport] { events.compactMap { if case .checkIn(let r) = $0 { r } else { nil } } }
    var readerEvents: [ReaderEvent] { events.compactMap { if case .reader(let e) = $0 { e } else { nil } } }
    var failures: [String] {
        readerEvents.compactMap { if case .failure(_, let message) = $0 { message } else { nil } }
    }
    func count(_ event: ReaderEvent) -> Int { readerEvents.filter { $0 == event }.count }

    func visits(_ passId: String) throws -> Int { try database.member(idOrPass: passId)?.numVisits ?? 0 }

    /// Waits until the monitor watches the virtual reader.
    func waitForReader() -> Bool {
        waitUntil(timeout: 10) { count(.attached(reader: PCSCDaemon.virtualReader)) > 0 && monitor.isWatching }
    }

    /// Puts the card on, waits for the presentation's outcome (a check-in or a reader error),
    /// takes it off and waits for pcscd to see it gone.
    @discardableResult
    func tap(_ card: VirtualCard, expectCheckIn: Bool = true) throws -> Bool {
        let before = (checkIns.count, failures.count, count(.cardRemoved(reader: PCSCDaemon.virtualReader)))
        try card.insert()
        let answered = waitUntil(timeout: 10) {
            expectCheckIn ? checkIns.count > before.0 : failures.count > before.1
        }
        card.remove()
        let removed = waitUntil(timeout: 10) { count(.cardRemoved(reader: PCSCDaemon.virtualReader)) > before.2 }
        return answered && removed
    }
}
