import Foundation

/// The sqlite3 shell on a database file: the fault tests look at what a killed process left with
/// a program that is not ours (it also recovers the WAL the way any later process would).
public enum SQLiteShell {
    /// Rows of `sql`, each as its columns' text (`|`-separated by the shell).
    public static func rows(_ path: String, _ sql: String) throws -> [[String]] {
        let child = try ChildProcess("sqlite3", ["-bail", "-cmd", ".timeout 10000", path, sql], stdout: .pipe, stderr: .pipe)
        let out = AsyncData(child.output!), err = AsyncData(child.errorOutput!)
        guard let ended = child.wait(timeout: 120) else {
            child.killAndWait()
            throw FaultCheckFailure("sqlite3 did not answer within 120 s: \(sql)")
        }
        guard ended.status == 0 else { throw FaultCheckFailure("sqlite3 failed (\(ended.status)): \(err.text()) for \(sql)") }
        return out.text().split(separator: "\n", omittingEmptySubsequences: true).map {
            $0.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
        }
    }

    /// `PRAGMA integrity_check`'s answer: ["ok"] for a sound file.
    public static func integrity(_ path: String) throws -> [String] {
        try rows(path, "PRAGMA integrity_check").map { $0.joined(separator: "|") }
    }
}

/// A fault test's check that did not hold, with what was found.
public struct FaultCheckFailure: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
