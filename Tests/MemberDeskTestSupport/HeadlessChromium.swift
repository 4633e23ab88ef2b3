import Foundation

/// Debian's `chromium`, headless: a screenshot of a local page and what its console said.
public enum HeadlessChromium {
    public struct Render {
        public var screenshot: PNGImage
        /// Chromium's `CONSOLE` log lines: console.* calls and uncaught errors of the page.
        public var consoleLines: [String]
        public var stderr: String
    }

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// Renders `file` at `width`×`height` in a fresh profile and decodes the screenshot.
    public static func render(file: String, width: Int = 1200, height: Int = 2000) throws -> Render {
        guard let executable = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first(where: FileManager.default.isExecutableFile(atPath:)) else {
            throw Failure(description: "chromium is not installed (scripts/setup-deps.sh installs it)")
        }
        let scratch = try TemporaryDirectory()
        let png = scratch.path + "/screenshot.png", log = scratch.path + "/stderr.txt"
        let process = try ChildProcess(executable, [
            "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--hide-scrollbars",
            "--user-data-dir=\(scratch.path)/profile", "--enable-logging=stderr", "--v=0",
            "--screenshot=\(png)", "--window-size=\(width),\(height)", "file://" + file,
        ], environment: ["HOME": scratch.path, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"], stdout: .null, stderr: .file(log))
        // A safety net, not a timing: a hung browser fails the test instead of stalling the run.
        let ended = process.wait(timeout: 120) ?? process.killAndWait()
        guard ended == .exited(0) else {
            let said = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            throw Failure(description: "chromium ended \(ended): \(said.suffix(2000))")
        }
        let stderr = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        guard FileManager.default.fileExists(atPath: png) else {
            throw Failure(description: "chromium wrote no screenshot: \(stderr.suffix(2000))")
        }
        let console = stderr.split(separator: "\n").filter { $0.contains(":CONSOLE") || $0.contains("Uncaught") }.map(String.init)
        return Render(screenshot: try PNGImage(contentsOf: png), consoleLines: console, stderr: stderr)
    }
}
