import Foundation

extension DeskBinary {
    /// Runs the binary with its clock starting at `time` ("2026-11-20 10:00:00", in the run's
    /// zone) and ticking on, through Debian's faketime (LD_PRELOAD): days pass in one test.
    @discardableResult
    public func run(_ arguments: [String], at time: String, stdin: String? = nil) throws -> Result {
        try run(["faketime", "-f", "@" + time, Self.path] + arguments, stdin: stdin, viaExecutable: "/usr/bin/faketime")
    }
}
