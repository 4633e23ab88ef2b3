import Foundation

/// The JSON bodies a device sends: the push token of a registration, the lines of a log. Read
/// with JSONDecoder, checked here (lengths, control characters), so nothing past this holds raw input.
public enum PassWebBody {
    public enum Problem: Error, Sendable, Equatable {
        case malformed(String)
    }

    /// APNs device tokens are 64 hex digits today; the limit leaves room, not an open door.
    public static let pushTokenLimit = 256
    /// A log line is cut here.
    public static let logLineLimit = 1024

    struct Registration: Decodable { var pushToken: String }
    struct Log: Decodable { var logs: [String] }

    /// `{"pushToken": "…"}`: the token, non-empty, printable, at most `pushTokenLimit` bytes.
    public static func pushToken(_ body: [UInt8]) -> Result<String, Problem> {
        guard let registration = try? JSONDecoder().decode(Registration.self, from: Data(body)) else {
            return .failure(.malformed("the body is not {\"pushToken\": \"…\"}"))
        }
        let token = registration.pushToken
        guard !token.isEmpty, token.utf8.count <= pushTokenLimit,
              token.unicodeScalars.allSatisfy({ $0.isASCII && $0.value > 0x20 && $0.value < 0x7F }) else {
            return .failure(.malformed("pushToken is empty, too long or not printable ASCII"))
        }
        return .success(token)
    }

    /// `{"logs": ["…", …]}`: at most `maxLines` lines, each cut to `logLineLimit` bytes, control
    /// characters as spaces, so one request writes a bounded amount to the service's log. The count
    /// of lines left out comes back too.
    public static func logLines(_ body: [UInt8], maxLines: Int) -> Result<(lines: [String], dropped: Int), Problem> {
        guard let log = try? JSONDecoder().decode(Log.self, from: Data(body)) else {
            return .failure(.malformed("the body is not {\"logs\": [\"…\"]}"))
        }
        let kept = log.logs.prefix(max(0, maxLines)).map { line -> String in
            var out = String(String.UnicodeScalarView(line.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : $0 }))
            if out.utf8.count > logLineLimit {
                out = String(decoding: out.utf8.prefix(logLineLimit), as: UTF8.self)
            }
            return out
        }
        return .success((Array(kept), log.logs.count - kept.count))
    }
}
