import Foundation

/// Writes a file through a temporary file in the same folder, then renames it into place:
/// readers see the old file or the whole new one, never half of it. Mode 0600 (member data).
public final class AtomicFileWriter {
    package let path: String
    private let temporaryPath: String
    private var descriptor: Int32
    private var finished = false
    /// fsync before the rename (false: a caller writing many files syncs their folder once instead).
    private let durable: Bool

    /// `syncthingTemporary` names the temporary file as Syncthing names its own (`.syncthing.NAME.tmp`),
    /// which Syncthing neither scans nor carries: for files in a synced folder.
    package init(path: String, syncthingTemporary: Bool = false, durable: Bool = true) throws {
        self.path = path
        self.durable = durable
        let url = URL(fileURLWithPath: path)
        let name = syncthingTemporary ? ".syncthing.\(url.lastPathComponent).XXXXXX.tmp" : ".\(url.lastPathComponent).XXXXXX"
        let suffix: Int32 = syncthingTemporary ? 4 : 0
        var template = Array(url.deletingLastPathComponent().appendingPathComponent(name).path.utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemps($0.baseAddress!, suffix) }
        guard fd >= 0 else {
            throw ExchangeError(file: path, message: "cannot write: \(String(cString: strerror(errno)))")
        }
        descriptor = fd
        temporaryPath = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Writes a file through `body`'s sink and renames it into place; on any error the target is untouched.
    public static func write<T>(path: String, syncthingTemporary: Bool = false, durable: Bool = true,
                                _ body: (_ sink: ([UInt8]) throws -> Void) throws -> T) throws -> T {
        let file = try AtomicFileWriter(path: path, syncthingTemporary: syncthingTemporary, durable: durable)
        do {
            let result = try body { try file.write($0) }
            try file.commit()
            return result
        } catch {
            file.discard()
            throw error
        }
    }

    deinit {
        if !finished { discard() }
    }

    package func write(_ bytes: [UInt8]) throws {
        var done = 0
        while done < bytes.count {
            let count = bytes.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress! + done, $0.count - done) }
            if count < 0 {
                if errno == EINTR { continue }
                let reason = String(cString: strerror(errno))
                discard()
                throw ExchangeError(file: path, message: "cannot write: \(reason)")
            }
            done += count
        }
    }

    /// Flushes to disk and renames the file into place.
    func commit() throws {
        guard !finished else { return }
        guard !durable || fsync(descriptor) == 0, close(descriptor) == 0 else {
            let reason = String(cString: strerror(errno))
            discard()
            throw ExchangeError(file: path, message: "cannot write: \(reason)")
        }
        finished = true
        guard rename(temporaryPath, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporaryPath)
            throw ExchangeError(file: path, message: "cannot write: \(reason)")
        }
    }

    /// Removes the temporary file; the target is untouched.
    func discard() {
        guard !finished else { return }
        finished = true
        close(descriptor)
        unlink(temporaryPath)
    }
}
