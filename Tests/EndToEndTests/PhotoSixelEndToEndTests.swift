import DeskPhotos
import Foundation
import MemberDeskTestSupport
import Testing

/// Issue 48 section 5 in a real terminal that draws pictures: the built binary in xterm started
/// as a VT340 (sixel) on a virtual X server, a check-in by F4 typed through XTEST, and a
/// screenshot: the photo's orange is on the banner, at its left, and was not there before.
@Suite("The photo as sixel in xterm", .serialized)
struct PhotoSixelEndToEndTests {
    /// A virtual X server on a display no other is using, and the tools that reach it.
    final class VirtualDisplay {
        let name: String
        let server: ChildProcess

        init() throws {
            var number = 90 + Int(getpid() % 500)
            while FileManager.default.fileExists(atPath: "/tmp/.X\(number)-lock") { number += 1 }
            name = ":\(number)"
            server = try ChildProcess("Xvfb", [name, "-screen", "0", "1024x768x24", "-nolisten", "tcp"])
            let up = waitUntil(timeout: 15, poll: 0.1) { (try? self.run("xdotool", ["getdisplaygeometry"]))?.status == 0 }
            guard up else { throw DisplayFailure(description: "Xvfb \(name) did not come up") }
        }

        @discardableResult
        func run(_ tool: String, _ arguments: [String]) throws -> Termination {
            let child = try ChildProcess(tool, arguments, environment: ["DISPLAY": name, "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"])
            return child.wait(timeout: 30) ?? child.killAndWait()
        }

        /// The whole screen, as RGB pixels.
        func screenshot(_ path: String) throws -> (width: Int, height: Int, rgb: [UInt8]) {
            try #require(try run("import", ["-window", "root", "PNG24:" + path]).status == 0)
            return try #require(PhotoEncoding.decoded([UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))))
        }

        deinit { _ = server.killAndWait() }
    }

    typealias Termination = ChildProcess.Termination

    struct DisplayFailure: Error, CustomStringConvertible {
        let description: String
    }

    /// Where the photo's orange (240, 140, 20) shows: how many pixels, their bounding box, and how
    /// many rows inside it are mostly not orange (the photo's dark stripes, which only a picture
    /// keeps: block art's two samples a cell average them away).
    static func orange(_ shot: (width: Int, height: Int, rgb: [UInt8])) -> (count: Int, minX: Int, maxY: Int, stripes: Int) {
        func isOrange(_ x: Int, _ y: Int) -> Bool {
            let i = (y * shot.width + x) * 3
            return shot.rgb[i] > 200 && shot.rgb[i + 1] > 100 && shot.rgb[i + 1] < 180 && shot.rgb[i + 2] < 80
        }
        var count = 0, minX = Int.max, maxX = 0, minY = Int.max, maxY = 0
        for y in 0..<shot.height {
            for x in 0..<shot.width where isOrange(x, y) {
                count += 1
                minX = min(minX, x); maxX = max(maxX, x)
                minY = min(minY, y); maxY = max(maxY, y)
            }
        }
        guard count > 0 else { return (0, 0, 0, 0) }
        let stripes = (minY...maxY).filter { y in (minX...maxX).filter { isOrange($0, y) }.count * 10 < (maxX - minX + 1) * 3 }.count
        return (count, minX, maxY, stripes)
    }

    @Test func aCheckInShowsThePhotoAsSixel() throws {
        let desk = try DeskBinary()
        try desk.writeConfig("[reader]\nname = \"no reader for the photo tests\"\n")
        try #require(try desk.run(["members", "add", "--pass", "04C0FFEE", "--name", "Cleo Photo"]).status == 0)
        let file = desk.home.path + "/cleo.jpg"
        try Data(try #require(PhotoEncoding.jpeg(width: 300, height: 400, rgb: PhotoEndToEndTests.image(width: 300, height: 400))))
            .write(to: URL(fileURLWithPath: file))
        try #require(try desk.run(["members", "photo", "04C0FFEE", file]).status == 0)

        let display = try VirtualDisplay()
        var environment = desk.environment
        // Nothing of the runner's terminal: a test run in tmux, kitty or under NO_COLOR draws as any xterm.
        for key in ["TMUX", "TERM_PROGRAM", "KITTY_WINDOW_ID", "TERM", "NO_COLOR", "COLORTERM"] { environment[key] = nil }
        environment["DISPLAY"] = display.name
        // xterm sets TERM (-tn) and XTERM_VERSION for the desk, whose ui.photo = "auto" then draws sixel.
        let xterm = try ChildProcess("xterm", ["-ti", "vt340", "-tn", "xterm-256color", "-xrm", "XTerm*numColorRegisters: 256", "-fa", "DejaVu Sans Mono", "-fs", "10",
                                               "-geometry", "100x40+0+0", "-e", DeskBinary.path], environment: environment,
                                  stderr: .file(desk.home.path + "/xterm.log"))
        defer { _ = xterm.killAndWait() }
        let shots = desk.home.path + "/screen.png"
        // The desk is up once its blue status bar is on the screen.
        let drawn = waitUntil(timeout: 30, poll: 0.2) {
            guard let shot = try? display.screenshot(shots) else { return false }
            return stride(from: 0, to: shot.rgb.count, by: 3).filter { shot.rgb[$0] < 120 && shot.rgb[$0 + 1] < 120 && shot.rgb[$0 + 2] > 200 }.count > 2000
        }
        if !drawn { try? FileManager.default.copyItem(atPath: shots, toPath: NSTemporaryDirectory() + "memberdesk-xterm-\(getpid()).png") }
        try #require(drawn, "the desk never drew in xterm: \((try? String(contentsOfFile: desk.home.path + "/xterm.log", encoding: .utf8)) ?? "")")
        #expect(Self.orange(try display.screenshot(shots)).count == 0)

        try display.run("xdotool", ["mousemove", "200", "200"])  // no window manager: the keyboard follows the pointer
        try display.run("xdotool", ["key", "F4"])
        try display.run("xdotool", ["type", "04c0ffee"])
        try display.run("xdotool", ["key", "Return"])
        var found = (count: 0, minX: 0, maxY: 0, stripes: 0)
        let shown = waitUntil(timeout: 20, poll: 0.2) {
            guard let shot = try? display.screenshot(shots) else { return false }
            found = Self.orange(shot)
            return found.count > 2000
        }
        #expect(shown, "no photo on the screen: \(found)")
        // On the banner (the screen's top rows), at its left.
        #expect(found.minX < 60 && found.maxY < 200, "\(found)")
        // Drawn as a picture: its thin dark stripes are there.
        #expect(found.stripes >= 3, "\(found)")
    }
}
