import Foundation
import MemberDeskTestSupport
import Testing

/// `memberdesk wallet serve`, the real binary on a loopback port, driven by a device that follows
/// Apple's documented protocol: register, serials since a tag, the latest pass and 304, a change at
/// the desk, the new pass verified by openssl, the log, unregister; and every bad request refused.
@Suite struct WalletServeEndToEndTests {
    /// A desk with wallet set-up and a service URL, members added, their passes written, and the service running.
    final class Service {
        let ca: WalletTestCA
        let desk: DeskBinary
        let server: RunningDesk
        var device: PassWebDevice

        init(members: [String] = ["04A1B2C3"], extra: String = "", curlOptions: [String] = []) throws {
            ca = try WalletTestCA()
            desk = try DeskBinary()
            try desk.writeConfig(ca.configLines() + """
                [wallet.service]
                url = "https://desk.example.org/passes/"
                port = 0
                max_body_bytes = 1024
                max_registrations_per_device = 3
                max_log_lines = 2
                \(extra)
                """)
            for (index, pass) in members.enumerated() {
                let added = try desk.run(["members", "add", "--pass", pass, "--name", "Member \(index)"])
                guard added.status == 0 else { throw ServeTestFailure(description: added.stderr) }
            }
            let running = try RunningDesk(desk, ["wallet", "serve"])
            server = running
            var base: String?
            _ = waitUntil(timeout: 60) {
                base = running.lines.compactMap(Self.servedBase).first
                return base != nil || !running.isRunning
            }
            guard let base else { throw ServeTestFailure(description: "wallet serve did not start: \(running.stdout)\(running.stderr)") }
            device = try PassWebDevice(base: base)
            device.curlOptions = curlOptions
        }

        deinit { _ = server.signal(SIGTERM) }

        /// "Serving http://127.0.0.1:PORT/passes/ for URL": the base a device asks.
        static func servedBase(_ line: String) -> String? {
            let words = line.split(separator: " ")
            guard words.count >= 4, words[0] == "Serving", words[2] == "for", words[1].hasSuffix("/passes/") else { return nil }
            return String(words[1])
        }

        /// `wallet apple PASS`: the written pass, unzipped.
        func issue(_ pass: String) throws -> UnzippedPass {
            let file = desk.home.file("\(pass).pkpass")
            let written = try desk.run(["wallet", "apple", pass, "--out", file])
            guard written.status == 0 else { throw ServeTestFailure(description: written.stderr) }
            return try UnzippedPass(file: file)
        }
    }

    @Test func aDeviceFollowsApplesProtocolThroughAChange() throws {
        let service = try Service()
        let issued = try service.issue("04A1B2C3").json()
        #expect(issued["webServiceURL"] as? String == "https://desk.example.org/passes/")
        let token = try #require(issued["authenticationToken"] as? String)
        #expect(token.count >= 16)
        let serial = try #require(issued["serialNumber"] as? String)
        let device = service.device

        #expect(try device.register(serial, token: token).status == 201)
        #expect(try device.register(serial, token: token).status == 200)
        let all = try device.serials()
        #expect(all.status == 200)
        #expect(all.json?["serialNumbers"] as? [String] == [serial])
        let firstTag = try #require(all.json?["lastUpdated"] as? String)
        #expect(try device.serials(since: firstTag).status == 204)

        let first = try device.latestPass(serial, token: token)
        #expect(first.status == 200)
        #expect(first.headers["content-type"] == "application/vnd.apple.pkpass")
        let lastModified = try #require(first.headers["last-modified"])
        let firstPass = try UnzippedPass(first.body)
        #expect(try firstPass.verifies(root: service.ca.root).ok)
        #expect(try firstPass.json()["authenticationToken"] as? String == token)
        #expect(try device.latestPass(serial, token: token, ifModifiedSince: lastModified).status == 304)

        // A change at the desk: the member is suspended.
        #expect(try service.desk.run(["members", "edit", "04A1B2C3", "--status", "suspended"]).status == 0)
        let changed = try device.serials(since: firstTag)
        #expect(changed.status == 200)
        #expect(changed.json?["serialNumbers"] as? [String] == [serial])
        let secondTag = try #require(changed.json?["lastUpdated"] as? String)
        #expect(try #require(Int(secondTag)) > #require(Int(firstTag)))
        #expect(try device.serials(since: secondTag).status == 204)

        let second = try device.latestPass(serial, token: token, ifModifiedSince: lastModified)
        #expect(second.status == 200)
        #expect(second.headers["last-modified"] != lastModified)
        let newPass = try UnzippedPass(second.body)
        let verified = try newPass.verifies(root: service.ca.root)
        #expect(verified.ok, "\(verified.output)")
        let json = try newPass.json()
        #expect(json["voided"] as? Bool == true)
        #expect(json["authenticationToken"] as? String == token)
        #expect(json["serialNumber"] as? String == serial)
        // The barcode is the pass's own credential, never the card's UID.
        let barcode = try #require((json["barcodes"] as? [[String: Any]])?.first?["message"] as? String)
        #expect(barcode.hasPrefix("WP-"))

        let logged = try device.send("POST", "v1/log", body: Data(#"{"logs":["Web service error for pass.org.example.test: device says hello"]}"#.utf8))
        #expect(logged.status == 200)
        #expect(waitUntil { ((try? String(contentsOfFile: service.desk.home.file("state/memberdesk/memberdesk.log"), encoding: .utf8)) ?? "")
                .contains("wallet device log: Web service error for pass.org.example.test: device says hello") })

        #expect(try device.unregister(serial, token: "WRONGTOKENWRONGTOKENWRONGTOKEN00").status == 401)
        #expect(try device.serials().status == 200)  // still registered
        #expect(try device.unregister(serial, token: token).status == 200)
        #expect(try device.serials().status == 204)
        #expect(try device.register(serial, token: "WRONGTOKENWRONGTOKENWRONGTOKEN00").status == 401)
        #expect(try device.serials().status == 204)
        #expect(service.server.isRunning)
        #expect(service.server.signal(SIGTERM) == 0)
    }

    @Test func badRequestsGetTheirStatusAndChangeNothing() throws {
        let service = try Service(members: ["04A1B2C3", "04A1B2C4", "04A1B2C5", "04A1B2C6"])
        var passes: [(serial: String, token: String)] = []
        for card in ["04A1B2C3", "04A1B2C4", "04A1B2C5", "04A1B2C6"] {
            let json = try service.issue(card).json()
            passes.append((try #require(json["serialNumber"] as? String), try #require(json["authenticationToken"] as? String)))
        }
        let device = service.device
        let (serial, token) = passes[0]
        // Registration: no token, a wrong one, another pass's, an unknown pass, a body too large, not JSON, no push token.
        #expect(try device.register(serial, token: nil).status == 401)
        #expect(try device.register(serial, token: "x" + token.dropFirst()).status == 401)
        #expect(try device.register(serial, token: passes[1].token).status == 401)
        #expect(try device.register("no-such-member", token: token).status == 401)
        #expect(try device.send("POST", device.registrationPath(serial), token: token,
                                body: Data(("{\"pushToken\":\"" + String(repeating: "a", count: 2000) + "\"}").utf8)).status == 413)
        #expect(try device.send("POST", device.registrationPath(serial), token: token, body: Data("{not json".utf8)).status == 400)
        #expect(try device.send("POST", device.registrationPath(serial), token: token, body: Data(#"{"push":"x"}"#.utf8)).status == 400)
        #expect(try device.send("POST", device.registrationPath(serial), token: token).status == 400)
        // Paths: malformed escapes and control characters, unknown routes, other methods.
        #expect(try device.send("POST", "v1/devices/%ZZ/registrations/pass.org.example.test/\(serial)", token: token,
                                body: Data(#"{"pushToken":"ab"}"#.utf8)).status == 400)
        #expect(try device.send("GET", "v1/passes/pass.org.example.test/a%00b", token: token).status == 400)
        #expect(try device.send("GET", "v1/nothing", token: token).status == 404)
        #expect(try device.send("GET", "v2/passes/pass.org.example.test/\(serial)", token: token).status == 404)
        #expect(try device.send("PUT", device.registrationPath(serial), token: token).status == 405)
        #expect(try device.send("GET", "v1/log").status == 405)
        #expect(try device.serials(since: "yesterday").status == 400)
        // Nothing of that registered anything.
        #expect(try device.serials().status == 204)

        // Unregistering with a wrong token changes nothing.
        #expect(try device.register(serial, token: token).status == 201)
        #expect(try device.unregister(serial, token: passes[1].token).status == 401)
        #expect(try device.unregister(serial, token: nil).status == 401)
        #expect(try device.serials().json?["serialNumbers"] as? [String] == [serial])

        // A flood from one device: three passes, then 429; the first three stay.
        #expect(try device.register(passes[1].serial, token: passes[1].token).status == 201)
        #expect(try device.register(passes[2].serial, token: passes[2].token).status == 201)
        #expect(try device.register(passes[3].serial, token: passes[3].token).status == 429)
        #expect(try device.serials().json?["serialNumbers"] as? [String] == passes.prefix(3).map(\.serial).sorted())
        // Another device is not held back by the first.
        #expect(try device.register(passes[3].serial, token: passes[3].token, device: "otherdevice0001").status == 201)

        // The latest pass: unknown 404, wrong or no token 401, a wrong pass type 404.
        #expect(try device.latestPass("no-such-member", token: token).status == 404)
        #expect(try device.latestPass(serial, token: passes[1].token).status == 401)
        #expect(try device.latestPass(serial, token: nil).status == 401)
        #expect(try device.send("GET", "v1/passes/pass.org.example.other/\(serial)", token: token).status == 404)
        // An If-Modified-Since that is no date is ignored: the pass.
        #expect(try device.latestPass(serial, token: token, ifModifiedSince: "soon").status == 200)

        // The log: too large, not the documented shape.
        #expect(try device.send("POST", "v1/log", body: Data(("{\"logs\":[\"" + String(repeating: "b", count: 2000) + "\"]}").utf8)).status == 413)
        #expect(try device.send("POST", "v1/log", body: Data(#"{"logs":"one"}"#.utf8)).status == 400)
        // At most max_log_lines lines are written; the rest counted.
        #expect(try device.send("POST", "v1/log", body: Data(#"{"logs":["first","second","third"]}"#.utf8)).status == 200)
        let logFile = service.desk.home.file("state/memberdesk/memberdesk.log")
        #expect(waitUntil { ((try? String(contentsOfFile: logFile, encoding: .utf8)) ?? "").contains("1 more lines not written") })
        let log = try String(contentsOfFile: logFile, encoding: .utf8)
        #expect(log.contains("wallet device log: second"))
        #expect(!log.contains("wallet device log: third"))
        #expect(service.server.isRunning)
    }

    @Test func aBadServiceSetUpIsOneLine() throws {
        let ca = try WalletTestCA()
        let desk = try DeskBinary()
        try desk.writeConfig(ca.configLines())
        let unset = try desk.run(["wallet", "serve"])
        #expect(unset.status == 1)
        #expect(unset.stderr == "memberdesk: wallet.service.url is not set: passes would not name the service (see docs/wallet.md)\n")
        try desk.writeConfig(ca.configLines() + "[wallet.service]\nurl = \"https://desk.example.org/passes/\"\ntls_certificate = \"/nonexistent.pem\"\n")
        let half = try desk.run(["wallet", "serve"])
        #expect(half.stderr == "memberdesk: wallet.service.tls_certificate is set but wallet.service.tls_key is not: set both, or neither for plain HTTP\n")
        try desk.writeConfig(ca.configLines() + "[wallet.service]\nurl = \"ftp://desk.example.org/\"\n")
        let url = try desk.run(["wallet", "serve"])
        #expect(url.status == 1)
        #expect(url.stderr.hasPrefix("memberdesk: \(desk.configPath): config key 'wallet.service.url': expected an https:// URL ending in /"), "\(url.stderr)")
        #expect(url.stderr.split(separator: "\n").count == 1)
    }
}

struct ServeTestFailure: Error, CustomStringConvertible {
    let description: String
}
