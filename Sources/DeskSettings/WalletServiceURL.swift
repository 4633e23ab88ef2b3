import Foundation

/// `wallet.service.url` as passes carry it (`webServiceURL`): an http(s) URL with a host, ending
/// in "/" (Apple appends `v1/...`). Its path is where the service's routes start.
public struct WalletServiceURL: Sendable, Equatable {
    public let text: String
    /// The URL's path, "/" at least: requests arrive under it (directly or through a proxy that keeps it).
    public let pathPrefix: String

    public init?(_ text: String) {
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
              scheme == "https" || scheme == "http", let host = components.host, !host.isEmpty,
              components.query == nil, components.fragment == nil, text.hasSuffix("/") else { return nil }
        self.text = text
        pathPrefix = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
    }

    static func problem(_ text: String) -> String? {
        text.isEmpty || WalletServiceURL(text) != nil ? nil
            : "expected an https:// URL ending in /, with no query, e.g. https://desk.example.org/passes/"
    }
}
