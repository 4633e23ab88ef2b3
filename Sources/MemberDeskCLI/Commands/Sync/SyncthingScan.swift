import Foundation
import MemberKit
import Synchronization

/// Asks the local Syncthing to scan this desk's subfolder as soon as the watcher wrote a file
/// there. Syncthing's own watcher gathers changes for `fsWatcherDelayS` (1 s) and then waits for
/// its next tick, so a file written just after a tick waited up to two seconds; a scan asked for
/// carries it at once. Without Syncthing (a network share, a USB stick) or when it refuses, its
/// own watcher still carries the file: a failure is said once on the bus (the log file, the front
/// desk's event log, `scan`'s output) and pauses the asking for five minutes.
final class SyncthingScan: Sendable {
    private let api: SyncthingAPI
    private let bus: EventBus?
    private let pausedUntil = Mutex(0.0)

    /// Nil when there is no Syncthing config on this machine to find its API in.
    init?(bus: EventBus?) {
        guard SyncthingAPI.installed(), let api = try? SyncthingAPI(url: nil, apiKey: nil, home: nil) else { return nil }
        self.api = api
        self.bus = bus
    }

    /// The watcher's `written` hook: scans `subfolder` of memberdesk's shared folder.
    func scan(_ subfolder: String) {
        let now = CommandClock.current.now().timeIntervalSince1970
        guard pausedUntil.withLock({ $0 }) <= now else { return }
        let sub = subfolder.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-_."))) ?? subfolder
        do {
            _ = try api.call("POST", "/rest/db/scan?folder=\(SyncthingAPI.folderId)&sub=\(sub)")
        } catch {
            pausedUntil.withLock { $0 = now + 300 }
            bus?.publish(.error(DeskErrorNotice(source: "sync", message: "cannot ask Syncthing to scan \(subfolder): \(error) "
                                                + "(the file is written; Syncthing's own watcher still carries it; asking again in 5 minutes)")))
        }
    }
}
