import Foundation
import MemberDeskTestSupport

/// A device speaking Apple's pass web service protocol to `wallet serve`, through curl (any
/// method, any raw path, any body): what Wallet on a phone would send.
struct PassWebDevice {
    struct Answer {
        var status: Int
        var headers: [String: String]
        var body: Data
        var json: [String: Any]? { try? JSONSerialization.jsonObject(with: body) as? [String: Any] }
    }

    let base: String
    let scratch: TemporaryDirectory
    var device = "8f4a2b1c9d3e4f5061728394a5b6c7d8"
    var passTypeId = "pass.org.example.test"
    /// More of curl's options, e.g. `--cacert FILE` for HTTPS.
    var curlOptions: [String] = []

    init(base: String) throws {
        self.base = base
        scratch = try TemporaryDirectory()
    }

    func send(_ method: String, _ path: String, token: String? = nil, headers: [String: String] = [:], body: Data? = nil) throws -> Answer {
        var arguments = ["-s", "-S", "--path-as-is", "-X", method, "-o", scratch.file("body"), "-D", scratch.file("headers"),
                         "-w", "%{http_code}", "--max-time", "30"] + curlOptions
        if let token { arguments += ["-H", "Authorization: ApplePass \(token)"] }
        for (name, value) in headers { arguments += ["-H", "\(name): \(value)"] }
        if let body {
            try body.write(to: URL(fileURLWithPath: scratch.file("request")))
            arguments += ["-H", "Content-Type: application/json", "--data-binary", "@" + scratch.file("request")]
        }
        try? FileManager.default.removeItem(atPath: scratch.file("body"))
        let child = try ChildProcess("/usr/bin/curl", arguments + [base + path], stdout: .pipe, stderr: .stdout)
        let printed = String(decoding: child.output!.readDataToEndOfFile(), as: UTF8.self)
        _ = child.wait()
        guard let status = Int(printed.suffix(3)) else { throw ServeTestFailure(description: "curl: \(printed)") }
        var headers: [String: String] = [:]
        let head = (try? String(contentsOfFile: scratch.file("headers"), encoding: .utf8)) ?? ""
        for line in head.split(separator: "\r\n").dropFirst() {
            let parts = line.split(separator: ":", maxSplits: 1)
            if parts.count == 2 { headers[parts[0].lowercased()] = parts[1].trimmingCharacters(in: .whitespaces) }
        }
        let data = (try? Data(contentsOf: URL(fileURLWithPath: scratch.file("body")))) ?? Data()
        return Answer(status: status, headers: headers, body: data)
    }

    func registrationPath(_ serial: String, device: String? = nil) -> String {
        "v1/devices/\(device ?? self.device)/registrations/\(passTypeId)/\(serial)"
    }

    func register(_ serial: String, token: String?, pushToken: String = "0a1b2c3d4e5f", device: String? = nil) throws -> Answer {
        try send("POST", registrationPath(serial, device: device), token: token, body: Data(#"{"pushToken":"\#(pushToken)"}"#.utf8))
    }

    func unregister(_ serial: String, token: String?) throws -> Answer {
        try send("DELETE", registrationPath(serial), token: token)
    }

    func serials(since: String? = nil, device: String? = nil) throws -> Answer {
        try send("GET", "v1/devices/\(device ?? self.device)/registrations/\(passTypeId)" + (since.map { "?passesUpdatedSince=\($0)" } ?? ""))
    }

    func latestPass(_ serial: String, token: String?, ifModifiedSince: String? = nil) throws -> Answer {
        try send("GET", "v1/passes/\(passTypeId)/\(serial)", token: token, headers: ifModifiedSince.map { ["If-Modified-Since": $0] } ?? [:])
    }
}

/// A .pkpass unzipped, read and checked with other tools than ours (unzip, sha1sum, openssl cms).
struct UnzippedPass {
    let folder: TemporaryDirectory

    init(_ bytes: Data) throws {
        folder = try TemporaryDirectory()
        try bytes.write(to: URL(fileURLWithPath: folder.file("pass.pkpass")))
        try WalletTestCA.shell("mkdir out && cd out && unzip -q ../pass.pkpass", in: folder.path)
    }

    init(file: String) throws {
        try self.init(Data(contentsOf: URL(fileURLWithPath: file)))
    }

    func json() throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder.file("out/pass.json")))) as! [String: Any]
    }

    /// The manifest's SHA-1s are sha1sum's, and `openssl cms -verify` accepts the signature against `root` alone.
    func verifies(root: String) throws -> (ok: Bool, output: String) {
        let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder.file("out/manifest.json")))) as! [String: String]
        for (name, hash) in manifest {
            let sum = try WalletTestCA.shell("cd out && sha1sum '\(name)'", in: folder.path).output.prefix(40)
            if sum != hash { return (false, "\(name): sha1 \(sum), manifest \(hash)") }
        }
        let result = try WalletTestCA.shell("""
            openssl cms -verify -binary -inform DER -in out/signature -content out/manifest.json -CAfile '\(root)' -purpose any -out /dev/null
            """, in: folder.path, check: false)
        return (result.status == 0, result.output)
    }
}
