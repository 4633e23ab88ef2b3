import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A program the tests run: posix_spawn, then waitpid on its pid.
///
/// Not Foundation's Process, which hung CI: Process learns of an exit through a socket pair whose
/// other end the child holds, and a daemon spawned by another test at that moment (pcscd, the
/// tmux server) inherited that end too, so Process waited for the daemon's whole life. Here a
/// child gets only descriptors 0–2, and its exit comes from waitpid.
public final class ChildProcess: Sendable {
    /// Where a standard stream goes.
    public enum Stream: Sendable {
        case null
        case pipe
        case file(String)
        /// The same pipe as standard output (only for standard error).
        case stdout
    }

    /// How the child ended.
    public enum Termination: Sendable, Equatable {
        case exited(Int32)
        case signalled(Int32)

        /// The exit code, or 128 + the signal as a shell reports it.
        public var status: Int32 {
            switch self {
            case .exited(let code): return code
            case .signalled(let signal): return 128 + signal
            }
        }
    }

    public let pid: pid_t
    /// The write end of the child's standard input (with `stdin: .pipe`).
    public let input: FileHandle?
    /// The read ends of its standard output and error (with `.pipe`).
    public let output: FileHandle?
    public let errorOutput: FileHandle?
    private let ended = Mutex<Termination?>(nil)

    /// Starts `executable` (a path, or a name looked up on PATH) with `arguments`.
    /// `clearSignalMask` starts the child with no blocked signals, whatever this thread blocks.
    public init(_ executable: String, _ arguments: [String], environment: [String: String]? = nil,
                stdin: Stream = .null, stdout: Stream = .null, stderr: Stream = .null,
                clearSignalMask: Bool = false) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var parentEnds: [Int32: Int32] = [:]  // child fd → the parent's end of its pipe
        var childEnds: [Int32] = []
        defer { for fd in childEnds { close(fd) } }
        func wire(_ stream: Stream, to target: Int32) throws {
            switch stream {
            case .null:
                posix_spawn_file_actions_addopen(&actions, target, "/dev/null", target == 0 ? O_RDONLY : O_WRONLY, 0)
            case .file(let path):
                posix_spawn_file_actions_addopen(&actions, target, path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            case .stdout:
                posix_spawn_file_actions_adddup2(&actions, 1, target)
            case .pipe:
                var fds: [Int32] = [-1, -1]
                guard pipe(&fds) == 0 else { throw ChildProcessError.spawn(executable, errno) }
                // Close-on-exec, so no other child inherits either end (ours close them anyway).
                for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
                let (childEnd, parentEnd) = target == 0 ? (fds[0], fds[1]) : (fds[1], fds[0])
                childEnds.append(childEnd)
                parentEnds[target] = parentEnd
                posix_spawn_file_actions_adddup2(&actions, childEnd, target)
            }
        }
        do {
            try wire(stdin, to: 0)
            try wire(stdout, to: 1)
            try wire(stderr, to: 2)
        } catch {
            for fd in parentEnds.values { close(fd) }
            throw error
        }
        // The whole point of this type: without it the child inherits every open descriptor.
        let closing = Self.addCloseFrom(&actions, 3)
        guard closing == 0 else {
            for fd in parentEnds.values { close(fd) }
            throw ChildProcessError.spawn(executable, closing)
        }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        if clearSignalMask {
            var empty = sigset_t()
            sigemptyset(&empty)
            posix_spawnattr_setsigmask(&attributes, &empty)
            posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
        }
        let argv = [executable] + arguments
        var cArgs: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
        defer { for arg in cArgs { free(arg) } }
        let env = (environment ?? ProcessInfo.processInfo.environment).map { "\($0.key)=\($0.value)" }
        var cEnv: [UnsafeMutablePointer<CChar>?] = env.map { strdup($0) } + [nil]
        defer { for entry in cEnv { free(entry) } }
        var child: pid_t = 0
        let spawned = executable.contains("/")
            ? posix_spawn(&child, executable, &actions, &attributes, &cArgs, &cEnv)
            : posix_spawnp(&child, executable, &actions, &attributes, &cArgs, &cEnv)
        guard spawned == 0 else {
            for fd in parentEnds.values { close(fd) }
            throw ChildProcessError.spawn(executable, spawned)
        }
        pid = child
        input = parentEnds[0].map { FileHandle(fileDescriptor: $0, closeOnDealloc: true) }
        output = parentEnds[1].map { FileHandle(fileDescriptor: $0, closeOnDealloc: true) }
        errorOutput = parentEnds[2].map { FileHandle(fileDescriptor: $0, closeOnDealloc: true) }
    }

    /// glibc's posix_spawn_file_actions_addclosefrom_np (2.34+), which Swift's Glibc module hides.
    private static func addCloseFrom(_ actions: inout posix_spawn_file_actions_t, _ from: Int32) -> Int32 {
        typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        guard let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else { return ENOSYS }
        return unsafeBitCast(symbol, to: AddCloseFrom.self)(&actions, from)
    }

    /// Writes to standard input.
    public func write(_ text: String) { input?.write(Data(text.utf8)) }
    public func closeInput() { try? input?.close() }

    /// How it ended, or nil while it runs. Never blocks.
    public var termination: Termination? {
        ended.withLock { ended in
            if ended == nil { ended = reap(WNOHANG) }
            return ended
        }
    }

    public var isRunning: Bool { termination == nil }

    /// Sends a signal (nothing once it has been reaped).
    public func signal(_ number: Int32) {
        ended.withLock { ended in
            if ended == nil { kill(pid, number) }
        }
    }

    /// Waits for the end; nil if it still runs at the deadline.
    public func wait(timeout: TimeInterval) -> Termination? {
        waitUntil(timeout: timeout, poll: 0.002) { !isRunning } ? termination : nil
    }

    /// Waits for the end, however long it takes.
    @discardableResult
    public func wait() -> Termination {
        ended.withLock { ended in
            if ended == nil { ended = reap(0) }
            return ended!
        }
    }

    /// Ends it for certain: SIGKILL, then waits.
    @discardableResult
    public func killAndWait() -> Termination {
        signal(SIGKILL)
        return wait()
    }

    private func reap(_ options: Int32) -> Termination? {
        var status: Int32 = 0
        while true {
            let result = waitpid(pid, &status, options)
            if result == pid { break }
            if result == 0 { return nil }
            if errno == EINTR { continue }
            return .exited(-1)  // ECHILD: reaped elsewhere, which these tests never do
        }
        let signal = status & 0x7f
        return signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal)
    }

    deinit {
        if ended.withLock({ $0 }) == nil {
            kill(pid, SIGKILL)
            _ = reap(0)
        }
    }
}

public enum ChildProcessError: Error, CustomStringConvertible {
    case spawn(String, Int32)
    public var description: String {
        switch self {
        case .spawn(let program, let code): return "cannot run \(program): \(String(cString: strerror(code)))"
        }
    }
}
