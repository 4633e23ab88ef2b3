import Foundation
import MemberDeskTestSupport
import Testing

/// The .deb, built once per test run by scripts/build-deb.sh (a release build, then dpkg-deb),
/// and the tools the tests inspect it with.
enum BuiltPackage {
    static let sourceRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path

    struct Output: Sendable {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs a program in `folder` (default: the source root) to its end; the deadline is long
    /// enough for the first release build.
    static func run(_ program: String, _ arguments: [String], in folder: String = sourceRoot,
                    timeout: TimeInterval = 1800) throws -> Output {
        let child = try ChildProcess("/bin/sh", ["-c", "cd \"$0\" && exec \"$@\"", folder, program] + arguments,
                                     stdin: .null, stdout: .pipe, stderr: .pipe)
        let out = AsyncData(child.output!), err = AsyncData(child.errorOutput!)
        guard let ended = child.wait(timeout: timeout) else {
            child.killAndWait()
            return Output(status: -1, stdout: out.text(), stderr: "timed out: \(program) \(arguments)\n" + err.text())
        }
        return Output(status: ended.status, stdout: out.text(), stderr: err.text())
    }

    /// The built package's path, or why it could not be built.
    static let deb: Result<String, PackagingError> = {
        let built = try? run("bash", ["scripts/build-deb.sh"])
        guard let built, built.status == 0, let last = built.stdout.split(separator: "\n").last else {
            return .failure(PackagingError(message: "build-deb.sh failed: " + (built?.stderr.suffix(3000).description ?? "did not start")))
        }
        let path = last.hasPrefix("/") ? String(last) : sourceRoot + "/" + last
        return .success(path)
    }()

    /// The staged tree the package was made from (DEB_OUT/stage).
    static var stage: String {
        URL(fileURLWithPath: (try? deb.get()) ?? "").deletingLastPathComponent().appendingPathComponent("stage").path
    }

    static var version: String {
        ((try? String(contentsOfFile: sourceRoot + "/VERSION", encoding: .utf8)) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

struct PackagingError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
