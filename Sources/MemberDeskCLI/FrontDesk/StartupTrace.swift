import DeskUI
import Foundation
import MemberKit

/// For `make bench`: when the first frame, and the first frame with member rows, reached the screen.
final class StartupTrace {
    let path: String
    var wroteFirst = false, wroteRows = false

    init(path: String) { self.path = path }

    func frame(_ desk: FrontDesk) {
        if !wroteFirst { wroteFirst = true; write("first-frame") }
        if !wroteRows, !desk.state.list.rows.isEmpty || desk.state.list.total == 0 { wroteRows = true; write("first-rows") }
    }

    private func write(_ what: String) {
        // The system clock's wall time: the bench compares it with its own, across processes.
        let line = "\(what) \(SystemClock().now().timeIntervalSince1970)\n"
        if let handle = FileHandle(forWritingAtPath: path) {
            handle.seekToEndOfFile()
            handle.write(Data(line.utf8))
            try? handle.close()
        } else {
            _ = FileManager.default.createFile(atPath: path, contents: Data(line.utf8))
        }
    }
}
