import Foundation

/// The Unix account running a command: the shell's commands are recorded as `cli:NAME`, since
/// at the shell the boundary is the account (the database is 0600), not the desk's lock.
enum UnixUser {
    static var name: String {
        if let entry = getpwuid(geteuid()), let name = entry.pointee.pw_name { return String(cString: name) }
        return ProcessInfo.processInfo.environment["USER"] ?? "uid\(geteuid())"
    }
}
