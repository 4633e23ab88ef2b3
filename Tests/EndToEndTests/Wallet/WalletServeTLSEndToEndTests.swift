import Foundation
import MemberDeskTestSupport
import Testing

/// HTTPS both ways docs/wallet.md gives: the service's own TLS (swift-nio-ssl), and Debian's
/// nginx terminating TLS with the documented `location` block in front of the loopback port.
@Suite struct WalletServeTLSEndToEndTests {
    /// A CA and a certificate for 127.0.0.1 and localhost, made by openssl.
    static func serverCertificate(in folder: TemporaryDirectory) throws {
        try WalletTestCA.shell("""
            set -e
            openssl req -x509 -newkey rsa:2048 -nodes -keyout ca.key -out ca.pem -subj "/CN=Test TLS CA" -days 30 2>/dev/null
            openssl req -newkey rsa:2048 -nodes -keyout server.key -out server.csr -subj "/CN=localhost" 2>/dev/null
            printf 'subjectAltName=IP:127.0.0.1,DNS:localhost\\nbasicConstraints=CA:FALSE\\n' > san.ext
            openssl x509 -req -in server.csr -CA ca.pem -CAkey ca.key -CAcreateserial -out server.pem -days 30 -extfile san.ext 2>/dev/null
            chmod 600 server.key
            """, in: folder.path)
    }

    /// Register, then the pass: what a phone does first, over whichever HTTPS.
    static func registerAndFetch(_ device: PassWebDevice, _ pass: UnzippedPass, root: String) throws {
        let json = try pass.json()
        let serial = try #require(json["serialNumber"] as? String)
        let token = try #require(json["authenticationToken"] as? String)
        #expect(try device.register(serial, token: token).status == 201)
        #expect(try device.serials().json?["serialNumbers"] as? [String] == [serial])
        let latest = try device.latestPass(serial, token: token)
        #expect(latest.status == 200)
        #expect(try UnzippedPass(latest.body).verifies(root: root).ok)
        #expect(try device.register(serial, token: "WRONG").status == 401)
    }

    @Test func theServiceSpeaksTLSItself() throws {
        let tls = try TemporaryDirectory()
        try Self.serverCertificate(in: tls)
        let service = try WalletServeEndToEndTests.Service(
            extra: "tls_certificate = \"\(tls.file("server.pem"))\"\ntls_key = \"\(tls.file("server.key"))\"\n",
            curlOptions: ["--cacert", tls.file("ca.pem")])
        #expect(service.device.base.hasPrefix("https://127.0.0.1:"))
        try Self.registerAndFetch(service.device, try service.issue("04A1B2C3"), root: service.ca.root)
        // Plain HTTP to a TLS port is no request.
        var plain = service.device
        plain = try PassWebDevice(base: service.device.base.replacingOccurrences(of: "https://", with: "http://"))
        #expect((try? plain.serials().status) != 200)
        #expect(service.server.isRunning)
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/sbin/nginx"), "nginx is not installed (scripts/setup-deps.sh)"))
    func nginxTerminatesTLSInFrontOfTheLoopbackPort() throws {
        let tls = try TemporaryDirectory()
        try Self.serverCertificate(in: tls)
        let service = try WalletServeEndToEndTests.Service()
        let servicePort = try #require(URLComponents(string: service.device.base)?.port)
        let port = try SyncthingInstance.freePort()
        let prefix = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: prefix.file("logs"), withIntermediateDirectories: true)
        // docs/wallet.md's recipe, on a free port and the test's certificate.
        try """
            worker_processes 1;
            pid \(prefix.file("nginx.pid"));
            error_log stderr;
            events { worker_connections 64; }
            http {
                access_log off;
                client_body_temp_path \(prefix.file("body"));
                proxy_temp_path \(prefix.file("proxy"));
                fastcgi_temp_path \(prefix.file("fastcgi"));
                uwsgi_temp_path \(prefix.file("uwsgi"));
                scgi_temp_path \(prefix.file("scgi"));
                server {
                    listen 127.0.0.1:\(port) ssl;
                    server_name localhost;
                    ssl_certificate     \(tls.file("server.pem"));
                    ssl_certificate_key \(tls.file("server.key"));
                    location /passes/ {
                        proxy_pass http://127.0.0.1:\(servicePort);
                        client_max_body_size 8k;
                    }
                }
            }
            """.write(toFile: prefix.file("nginx.conf"), atomically: true, encoding: .utf8)
        let nginx = try ChildProcess("/usr/sbin/nginx", ["-e", "stderr", "-p", prefix.path, "-c", prefix.file("nginx.conf"), "-g", "daemon off;"],
                                     stdout: .null, stderr: .null)
        defer { nginx.signal(SIGQUIT); _ = nginx.wait(timeout: 10) }
        var device = try PassWebDevice(base: "https://localhost:\(port)/passes/")
        device.curlOptions = ["--cacert", tls.file("ca.pem"), "--resolve", "localhost:\(port):127.0.0.1"]
        #expect(waitUntil(timeout: 20) { (try? device.serials().status) == 204 })
        try Self.registerAndFetch(device, try service.issue("04A1B2C3"), root: service.ca.root)
        // nginx's own limit and the path arrive as the service expects them.
        #expect(try device.send("GET", "v1/nothing").status == 404)
    }
}
