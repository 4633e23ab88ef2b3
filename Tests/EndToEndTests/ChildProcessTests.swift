import Foundation
import MemberDeskTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The way tests start programs: what made CI hang once must not come back.
struct ChildProcessTests {
    @Test func aChildInheritsOnlyItsStandardStreams() throws {
        // A descriptor without close-on-exec, as Foundation's Process leaves its exit-watch socket.
        var leaky: [Int32] = [-1, -1]
        #expect(pipe(&leaky) == 0)
        defer { for fd in leaky { close(fd) } }
        let child = try ChildProcess("/bin/sleep", ["30"])
        // Its descriptors are read once it sleeps (clock_nanosleep, 230, or nanosleep, 35): before
        // that, its loader briefly holds libc open as descriptor 3, which a loaded machine shows.
        let asleep = waitUntil(timeout: 30) {
            let call = (try? String(contentsOfFile: "/proc/\(child.pid)/syscall", encoding: .utf8)) ?? ""
            return call.hasPrefix("230 ") || call.hasPrefix("35 ")
        }
        #expect(asleep)
        let fds = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(child.pid)/fd")
        #expect(Set(fds) == ["0", "1", "2"])
        #expect(child.isRunning)
        #expect(child.killAndWait() == .signalled(SIGKILL))
        #expect(!child.isRunning)
    }

    @Test func exitCodeOutputAndInputTravel() throws {
        let child = try ChildProcess("/bin/sh", ["-c", "read line; echo \"got $line\"; echo oops >&2; exit 3"],
                                     stdin: .pipe, stdout: .pipe, stderr: .stdout)
        let output = AsyncData(child.output!)
        child.write("hello\n")
        child.closeInput()
        #expect(child.wait(timeout: 30) == .exited(3))
        #expect(output.text() == "got hello\noops\n")
    }

    @Test func aMissingProgramIsAnError() {
        #expect(throws: ChildProcessError.self) { try ChildProcess("/nonexistent/program", []) }
    }
}
