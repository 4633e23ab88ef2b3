import Synchronization

/// The desk's stored member photos (small content-addressed JPEGs, named by their SHA-256) as the
/// sync uses them. MemberKit never decodes an image: DeskPhotos' `PhotoFolder` is the live one,
/// `MemoryPhotoLibrary` (beside this) the double.
public protocol PhotoLibrary: Sendable {
    /// The stored file's bytes, nil when this desk has none.
    func bytes(_ hash: String) -> [UInt8]?
    /// Keeps a photo another desk wrote, once it is checked to be the one `hash` names and an image
    /// this desk would have stored itself; throws a one-line error and keeps nothing otherwise.
    func adopt(_ bytes: [UInt8], as hash: String) throws
    /// Forgets a photo no member points at any more; false when there was none.
    @discardableResult func remove(_ hash: String) -> Bool
}

/// A photo library in memory: `check` stands for the image check (DeskPhotos' in the live one).
public final class MemoryPhotoLibrary: PhotoLibrary {
    private let stored = Mutex<[String: [UInt8]]>([:])
    private let check: @Sendable ([UInt8], String) throws -> Void

    public init(check: @escaping @Sendable ([UInt8], String) throws -> Void = { _, _ in }) {
        self.check = check
    }

    public func bytes(_ hash: String) -> [UInt8]? { stored.withLock { $0[hash] } }

    public func adopt(_ bytes: [UInt8], as hash: String) throws {
        try check(bytes, hash)
        stored.withLock { $0[hash] = bytes }
    }

    @discardableResult
    public func remove(_ hash: String) -> Bool { stored.withLock { $0.removeValue(forKey: hash) != nil } }

    public var hashes: Set<String> { stored.withLock { Set($0.keys) } }
}
