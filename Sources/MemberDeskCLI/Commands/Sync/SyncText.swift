import Foundation
import MemberKit

/// What the sync commands print.
enum SyncText {
    static func json<T: Encodable>(_ value: T) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(value)) ?? Data("{}".utf8), as: UTF8.self)
    }

    static func lines(_ report: SyncPassReport) -> [String] {
        var lines: [String] = []
        if let file = report.written.file {
            let kind = report.written.snapshot ? "snapshot" : "changes"
            lines.append("wrote \(kind) \(file) (\(members(report.written.members)))"
                + (report.written.removed.isEmpty ? "" : ", removed \(CountText.of(report.written.removed.count, "older file"))"))
        } else {
            lines.append("nothing new to write")
        }
        let read = report.read
        let c = read.counts
        lines.append("read \(files(read.filesRead)) from \(desks(read.terminals)): \(c.new) new, \(c.updated) updated, "
                     + "\(c.deleted) deleted, \(c.unified) unified" + (read.filesCovered > 0 ? " (\(files(read.filesCovered)) already covered)" : ""))
        for copy in read.conflictCopies { lines.append("conflict copy merged: \(copy)") }
        for conflict in c.conflicts { lines.append("conflict: \(conflict)") }
        for error in read.errors { lines.append("error: \(error)") }
        for replay in read.replaysFound {
            lines.append("replay admitted: SUN card \(replay.uid) read \(replay.counter) was accepted at \(replay.terminals.joined(separator: " and "))")
        }
        for replay in read.walletReplaysFound {
            lines.append("replay read: phone cryptogram \(replay.digest) was read at \(replay.terminals.joined(separator: " and "))")
        }
        return lines
    }

    /// `sync now`'s one line on stderr when the folder holds a bad file: the first named, the rest counted.
    static func badFilesLine(errors: [String], bad: [SyncFileRecord], folder: String) -> String? {
        let named = bad.map { "\(folder)/\($0.terminalId)/\($0.name): \($0.error ?? "bad file")" }
        let all = errors + named.filter { line in !errors.contains { $0.contains(line.prefix { $0 != ":" }) } }
        guard let first = all.first else { return nil }
        return all.count == 1 ? "sync: bad file: \(first)" : "sync: \(all.count) problems, the first: \(first)"
    }

    static func lines(_ status: SyncStatusReport, now: Date) -> [String] {
        var lines = ["folder: \(status.folder)",
                     "this desk: \(status.terminalName) (\(status.terminalId)), \(status.pending) changed members pending"
                     + (status.lastSnapshotAt.map { ", last snapshot \(ago($0, now: now))" } ?? ", no snapshot yet")]
        if status.terminals.isEmpty { lines.append("no other desks seen yet") }
        for desk in status.terminals {
            var line = "desk \(desk.name ?? "?") (\(desk.terminalId)): \(files(desk.files))"
            if let time = desk.lastFileTime { line += ", last file \(ago(time, now: now))" }
            if let error = desk.lastError { line += ", error: \(error)" }
            lines.append(line)
        }
        for bad in status.badFiles { lines.append("bad file \(bad.terminalId)/\(bad.name): \(bad.error ?? "")") }
        for desk in status.retired { lines.append(retiredLine(desk)) }
        for replay in status.replays {
            lines.append("replay admitted: SUN card \(replay.uid) read \(replay.counter) was accepted at \(replay.terminals.joined(separator: " and ")) "
                         + "(found \(ago(replay.foundAt, now: now)); a copied card?)")
        }
        for replay in status.walletReplays {
            lines.append("replay read: phone cryptogram \(replay.digest) was read at \(replay.terminals.joined(separator: " and ")) "
                         + "(found \(ago(replay.foundAt, now: now)); before the desks synced)")
        }
        for conflict in status.conflicts { lines.append("conflict: \(conflict)") }
        if let stopped = status.stopped {
            lines.append("error: this desk stopped writing: \(stopped); run `memberdesk sync reset-id`")
        }
        return lines
    }

    static func retiredLine(_ desk: SyncRetiredDesk) -> String {
        var line = "retired desk \(desk.name ?? "?") (\(desk.terminalId)): taken over by \(desk.takenOverBy) through change \(desk.through); "
        if !desk.subfolderPresent {
            line += "its subfolder is gone"
        } else if desk.canDeleteSubfolder {
            line += "its subfolder can be deleted"
        } else if desk.waitingFor.isEmpty {
            line += "keep its subfolder until an active desk's side files carry its " + desk.uncarriedSideFiles.joined(separator: ", ")
        } else {
            line += "keep its subfolder until these desks have read the takeover: "
                + desk.waitingFor.joined(separator: ", ")
        }
        return line
    }

    static func lines(_ report: SyncRetireReport) -> [String] {
        var lines = ["desk \(report.retired.terminalId) retired: this desk now carries its \(members(report.members))"]
        if let file = report.written.file { lines.append("wrote snapshot \(file)") }
        lines.append(retiredLine(report.retired))
        return lines
    }

    static func lines(_ report: SyncResetReport) -> [String] {
        ["this desk's terminal id is now \(report.newTerminalId) (was \(report.oldTerminalId))",
         "\(members(report.resigned)) it authored signed again under the new id; restart memberdesk so that it writes under it",
         "if no other machine uses \(report.oldTerminalId) any more, retire it from one desk: memberdesk sync retire \(report.oldTerminalId)"]
    }

    static func ago(_ time: Double, now: Date) -> String {
        let seconds = max(0, Int(now.timeIntervalSince1970 - time))
        if seconds < 60 { return "\(seconds) s ago" }
        if seconds < 3600 { return "\(seconds / 60) min ago" }
        if seconds < 172_800 { return "\(seconds / 3600) h ago" }
        return "\(seconds / 86400) days ago"
    }

    static func files(_ n: Int) -> String { CountText.of(n, "file") }
    static func desks(_ n: Int) -> String { CountText.of(n, "other desk") }
    static func members(_ n: Int) -> String { CountText.of(n, "member") }
}
