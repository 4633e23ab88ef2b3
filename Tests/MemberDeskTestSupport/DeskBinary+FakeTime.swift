import Foundation

extension DeskBinary {
    /// Runs the binary with its clock starting at `time` ("2026-11-20 10:00:00", in the run's
    /// zone) and ticking on, through Debian's faketime (LD_PRELOAD): days pass in one test.
    @discardableResult
    public func run(_ arguments: [String], at time: String, stdin: String? = nil) throws -> Result {
        try run(["faketime", "-f", "@" + time, Self.path] + arguments, stdin: stdin, viaExecutable: "/usr/bin/faketime")
    }

    /// Runs the binary with its clock held at `time` (faketime's absolute form does not tick): a
    /// command whose recorded time a test checks to the second gets exactly that second on a
    /// loaded machine, where the ticking clock's start-up can carry it into the next one.
    @discardableResult
    public func run(_ arguments: [String], frozenAt time: String, stdin: String? = nil) throws -> Result {
        try run(["faketime", "-f", time, Self.path] + arguments, stdin: stdin, viaExecutable: "/usr/bin/faketime")
    }
}
