import Foundation
import Logging

import Synchronization

/// Writes what happens on the bus to the log file (swift-log, bootstrapped in main.swift).
/// A background thread drains the subscriptions a few times a second; at exit the rest is
/// written too, under the same lock, so a short command's events are never missing.
public enum BusLogger {
    private static let subscriptions = Mutex<[EventSubscription]>([])
    private static let log = Logger(label: "memberdesk.bus")

    public static func start(_ bus: EventBus) {
        let subscription = bus.subscribe(capacity: 4096)
        let first = subscriptions.withLock { list in
            list.append(subscription)
            return list.count == 1
        }
        guard first else { return }
        atexit { BusLogger.flush() }
        Thread.detachNewThread {
            while true {
                flush()
                Thread.sleep(forTimeInterval: 0.2)
            }
        }
    }

    package static func flush() {
        subscriptions.withLock { list in
            for subscription in list {
                for event in subscription.drain() { record(event, to: log) }
            }
        }
    }

    static func record(_ event: DeskEvent, to log: Logger) {
        switch event {
        case .checkIn(let report):
            log.info("check-in \(report.outcome.name) pass=\(report.passId) source=\(report.source.rawValue) member=\(report.outcome.member?.memberId ?? "-")")
        case .memberCreated(let m): log.info("member created \(m.memberId)")
        case .memberUpdated(let m): log.info("member updated \(m.memberId)")
        case .memberDeleted(let m): log.info("member deleted \(m.memberId)")
        case .imported(let n): log.info("imported \(n.file): new=\(n.new) updated=\(n.updated) unified=\(n.unified) deleted=\(n.deleted)")
        case .error(let e): log.error("\(e.source): \(e.message)")
        case .sync: break  // its errors come as .error too
        case .occupancy(let n): log.info("occupancy \(n.insideCount) inside, \(n.checkedOut) checked out (\(n.exitKind?.rawValue ?? "sync"))")
        case .reader(let r): log.info("reader \(r)")
        case .region(let r): log.info("region \(r)")
        case .notification(let n): log.info("notification \(n.alert)")
        case .beacon(.updated), .log, .mqtt: break
        case .beacon(let b): log.debug("beacon \(b)")
        }
    }
}
