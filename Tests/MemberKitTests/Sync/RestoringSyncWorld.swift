import FolderSync
import Foundation
import MemberDeskTestSupport
@testable import MemberKit

/// `SyncFolderWorld` with restores: each machine (a view of the folder) keeps backups of its
/// database now and then, and at random points its desk stops (writing what is pending, as the
/// watcher does) and is restored from one of its own earlier backups, as `memberdesk restore`
/// does (`renewIdentityAfterRestore`): a new terminal id on the same view. Sometimes the machine's
/// disk went too: its view is emptied, once a peer holds its own subfolders, and the restored desk
/// gets everything back late. The subfolders of its earlier selves travel like any desk's.
final class RestoringSyncWorld {
    let world: SyncFolderWorld
    private var backups: [[AppDatabase]]
    /// Every earlier self, with the view whose copy of its subfolder is whole (its machine's, or
    /// the peer's that kept it when the machine's disk went).
    private(set) var earlierSelves: [String: Int] = [:]
    private(set) var restores = 0

    init() throws {
        world = try SyncFolderWorld()
        backups = Array(repeating: [], count: world.terminals.count)
        // As a desk's first run stores it: a backup knows its own id.
        for terminal in world.terminals { try terminal.database.setStoreSetting("terminalId", terminal.club.terminal.id) }
    }

    /// One step: most are the world's own; some take a backup, restore a desk, or carry an
    /// earlier self's file (late, twice, out of order, half-written) from any view that has it.
    func step(_ code: Int) throws {
        let index = code % world.terminals.count
        switch (code / 3) % 20 {
        case 0, 1: try backUp(index)
        case 2: try restore(index, code: code / 60)
        case 3, 4: try carryEarlierSelf(code / 60)
        default: try world.step(code / 60)
        }
    }

    /// A backup of desk `index`'s database as it is now.
    func backUp(_ index: Int) throws {
        backups[index].append(try world.terminals[index].database.inMemoryCopy())
    }

    func restore(_ index: Int, code: Int) throws {
        guard !backups[index].isEmpty else { return }
        let dying = world.terminals[index]
        let oldId = dying.club.terminal.id
        // The desk is stopped first (restore refuses while it runs): its watcher writes what is pending.
        _ = try world.syncs[index].pass(write: true, read: false)
        if code % 4 == 0 {
            // The disk went with the database: a peer has the machine's own subfolders.
            let peer = (index + 1 + code / 4 % 2) % world.terminals.count
            for id in [oldId] + earlierSelves.filter({ $0.value == index }).map(\.key) {
                try mirror(id, from: index, to: peer)
                earlierSelves[id] = peer
            }
            try FileManager.default.removeItem(atPath: world.view(index))
            try FileManager.default.createDirectory(atPath: world.view(index), withIntermediateDirectories: true)
        }
        let database = try backups[index][code / 16 % backups[index].count].inMemoryCopy()
        restores += 1
        let newId = "T\(index + 1)R\(restores)"
        let identity = try database.renewIdentityAfterRestore(replacing: oldId, to: newId)
        for id in identity.earlierSelves where earlierSelves[id] == nil { earlierSelves[id] = index }
        let terminal = try SyncTestTerminal(id: newId, clock: world.clock, database: database, settings: dying.club.settings)
        world.terminals[index] = terminal
        world.syncs[index] = DeskSync(database: database, files: LocalSyncFolderFiles(), settings: world.syncs[index].settings, terminal: terminal.club.terminal,
                                      clock: world.clock)
    }

    /// One file of an earlier self, from a view that has it to another one, maybe half.
    private func carryEarlierSelf(_ code: Int) throws {
        guard !earlierSelves.isEmpty else { return }
        let id = earlierSelves.keys.sorted()[code % earlierSelves.count]
        let from = (code / 7) % world.terminals.count, to = (from + 1 + (code / 21) % 2) % world.terminals.count
        let names = files(of: id, in: from)
        // Never into its home view: there its files are as it wrote them, whole (`settle` mirrors them
        // from there), as Syncthing never carries a copy back over the folder it came from.
        guard !names.isEmpty, to != earlierSelves[id] else { return }
        try copy(names[(code / 63) % names.count], of: id, from: from, to: to, half: (code / 189) % 4 == 0)
    }

    /// Everything written and carried whole (the earlier selves' subfolders from their whole copy), and read, until nothing changes.
    func settle() throws {
        for _ in 0..<2 {
            for (id, home) in earlierSelves {
                for to in 0..<world.terminals.count where to != home { try mirror(id, from: home, to: to) }
            }
            try world.settle()
        }
    }

    /// Every earlier self's subfolder deleted from every view (what a person does once `sync status` says it can go).
    func deleteEarlierSelves() throws {
        for id in earlierSelves.keys {
            for view in 0..<world.terminals.count { try? FileManager.default.removeItem(atPath: world.view(view) + "/" + id) }
        }
    }

    private func files(of id: String, in view: Int) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: world.view(view) + "/" + id)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
    }

    private func copy(_ name: String, of id: String, from: Int, to: Int, half: Bool = false) throws {
        guard var data = FileManager.default.contents(atPath: world.view(from) + "/" + id + "/" + name) else { return }
        if half { data = data.prefix(data.count / 2) }
        let directory = world.view(to) + "/" + id
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try? FileManager.default.removeItem(atPath: directory + "/" + name)
        try data.write(to: URL(fileURLWithPath: directory + "/" + name))
    }

    /// Makes `to`'s copy of `id`'s subfolder exactly like `from`'s.
    private func mirror(_ id: String, from: Int, to: Int) throws {
        let names = Set(files(of: id, in: from))
        for stale in files(of: id, in: to) where !names.contains(stale) {
            try FileManager.default.removeItem(atPath: world.view(to) + "/" + id + "/" + stale)
        }
        for name in names { try copy(name, of: id, from: from, to: to) }
    }
}
