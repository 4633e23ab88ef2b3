import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Synchronization

public struct HTTPRequest: Sendable {
    public var url: URL
    public var method: String
    public var body: Data?
    public var headers: [String: String]
    public var timeout: TimeInterval

    public init(url: URL, method: String = "GET", body: Data? = nil, headers: [String: String] = [:], timeout: TimeInterval) {
        self.url = url
        self.method = method
        self.body = body
        self.headers = headers
        self.timeout = timeout
    }
}

public struct HTTPReply: Sendable {
    public var status: Int
    public var body: Data
    public init(status: Int, body: Data) {
        self.status = status
        self.body = body
    }
}

/// The network, behind a protocol so the region list source, wk_http_* and the Syncthing calls can be tested with a double.
public protocol HTTPClient: Sendable {
    /// Calls `completion` exactly once, at the latest soon after `request.timeout`.
    func send(_ request: HTTPRequest, completion: @escaping @Sendable (Result<HTTPReply, DeskHTTPError>) -> Void)
}

public enum DeskHTTPError: Error, Sendable, Equatable, CustomStringConvertible {
    case timedOut(String)
    case failed(String, String)

    public var description: String {
        switch self {
        case .timedOut(let url): return "\(url): timed out"
        case .failed(let url, let reason): return "\(url): \(reason)"
        }
    }
}

extension HTTPClient {
    public func send(_ request: HTTPRequest) async -> Result<HTTPReply, DeskHTTPError> {
        await withCheckedContinuation { continuation in
            send(request) { continuation.resume(returning: $0) }
        }
    }
}

/// Foundation's URLSession (FoundationNetworking on Linux), with a hard deadline of our own
/// on top of its idle timeout, so a server that trickles bytes cannot hold a callback forever.
public final class URLSessionHTTPClient: HTTPClient {
    /// Made on the first request, not when a client is: most commands never send one.
    private var session: URLSession { Self.session }
    /// Region lists and script replies are small; a bigger reply is refused, not buffered further.
    public static let maximumBody = 16 * 1_048_576

    public init() {}

    private static let session: URLSession = {
        // Any URLSessionConfiguration (`.ephemeral` copies `.default`) opens Foundation's shared
        // cookie store and URL cache, which make empty folders: $XDG_DATA_HOME/<the binary's
        // folder> ("release", "bin") and $XDG_CACHE_HOME/org.swift.foundation.URLCache/<name>.
        // Remove those that were not there before (rmdir leaves a folder with anything in it).
        let folders = sharedStorageFolders().filter { !FileManager.default.fileExists(atPath: $0) }
        let configuration = URLSessionConfiguration.ephemeral
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        for folder in folders { rmdir(folder) }
        return URLSession(configuration: configuration)
    }()

    /// Where FoundationNetworking's shared cookie store and URL cache live (swift-corelibs-foundation's
    /// rules), innermost first.
    static func sharedStorageFolders() -> [String] {
        var bundle = Bundle.main.bundlePath.components(separatedBy: "/").last ?? ""
        if let dot = bundle.range(of: ".", options: .backwards) { bundle = String(bundle[..<dot.lowerBound]) }
        let support = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask)[0]
        let caches = FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask)[0]
            .appendingPathComponent("org.swift.foundation.URLCache")
        let process = (Bundle.main.bundleIdentifier ?? ProcessInfo.processInfo.processName)
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "\\", with: "_").replacingOccurrences(of: ":", with: "_")
        return [support.appendingPathComponent(bundle).path, caches.appendingPathComponent(process).path, caches.path]
            .filter { !bundle.isEmpty || $0 != support.path }
    }

    public func send(_ request: HTTPRequest, completion: @escaping @Sendable (Result<HTTPReply, DeskHTTPError>) -> Void) {
        var urlRequest = URLRequest(url: request.url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: request.timeout)
        urlRequest.httpMethod = request.method
        urlRequest.httpBody = request.body
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        let once = Once(completion)
        let text = request.url.absoluteString
        let task = session.dataTask(with: urlRequest) { data, response, error in
            if let error {
                let nsError = error as NSError
                if nsError.code == NSURLErrorTimedOut || nsError.code == NSURLErrorCancelled {
                    once.call(.failure(.timedOut(text)))
                } else {
                    once.call(.failure(.failed(text, nsError.localizedDescription)))
                }
                return
            }
            let status = (response as? HTTPURLResponse)?.statusCode ?? 0
            let body = data ?? Data()
            guard body.count <= Self.maximumBody else {
                once.call(.failure(.failed(text, "the reply is larger than \(Self.maximumBody / 1_048_576) MB")))
                return
            }
            once.call(.success(HTTPReply(status: status, body: body)))
        }
        task.resume()
        DispatchQueue.global().asyncAfter(deadline: .now() + request.timeout + 0.5) {
            if once.call(.failure(.timedOut(text))) { task.cancel() }
        }
    }

    /// Delivers the first result only.
    final class Once: Sendable {
        private let completion: Mutex<(@Sendable (Result<HTTPReply, DeskHTTPError>) -> Void)?>
        init(_ completion: @escaping @Sendable (Result<HTTPReply, DeskHTTPError>) -> Void) {
            self.completion = Mutex(completion)
        }
        @discardableResult
        func call(_ result: Result<HTTPReply, DeskHTTPError>) -> Bool {
            guard let completion = self.completion.withLock({ value -> (@Sendable (Result<HTTPReply, DeskHTTPError>) -> Void)? in
                defer { value = nil }
                return value
            }) else { return false }
            completion(result)
            return true
        }
    }
}
