import Foundation
import MemberDeskTestSupport
@_spi(Testing) import MemberKit
@testable import RegionKit
import Testing

@Suite struct WKBindingsTests {
    @Test func filesRoundTripInsideTheScriptFolder() throws {
        let f = try EngineFixture()
        let result = f.run("""
            var p = wk_dir_document() + '/notes/a.txt';
            wk_file_writes('one', p);
            wk_file_append(' two', p);
            wk_console_log(wk_file_reads(p));
            wk_console_log(String(wk_file_exists(p)));
            wk_console_log(String(wk_file_delete(p)));
            wk_console_log(String(wk_file_exists(p)));
            wk_console_log(String(wk_file_reads(p)));
            wk_file_writes('x', wk_dir_temp() + '/t');
            wk_file_writes('y', 'Documents/relative.txt');
            wk_console_log(wk_file_reads(wk_dir_document() + '/relative.txt'));
            """)
        #expect(result.error == nil)
        #expect(result.output == ["one two", "true", "true", "false", "null", "y"])
        #expect(try String(contentsOfFile: f.root + "/tmp/t", encoding: .utf8) == "x")
        #expect(FileManager.default.fileExists(atPath: f.root + "/Documents/notes"))
    }

    @Test(arguments: ["../escape.txt", "Documents/../../escape.txt", "/etc/passwd", "/tmp/escape.txt", "",
                      "ROOT/../escape.txt", "ROOT", "ROOT/", "ROOTx/escape.txt", "ROOT/./Documents/../../escape.txt"])
    func pathsThatEscapeAreRefused(path: String) throws {
        let f = try EngineFixture()
        let path = path.replacingOccurrences(of: "ROOT", with: f.root)
        for call in ["wk_file_writes('x', p)", "wk_file_reads(p)", "wk_file_append('x', p)", "wk_file_delete(p)", "wk_file_exists(p)"] {
            let result = f.run("var p = \(try jsString(path)); \(call)")
            #expect(result.error != nil, "\(call) with \(path)")
        }
        #expect(!FileManager.default.fileExists(atPath: f.folder.path + "/escape.txt"))
        #expect(!FileManager.default.fileExists(atPath: f.root + "x/escape.txt"))
    }

    @Test func absolutePathsInsideTheFolderWorkAsRelativeOnes() throws {
        let f = try EngineFixture()
        let result = f.run("""
            wk_file_writes('a', '\(f.root)/Documents/abs.txt');
            wk_file_append('b', '\(f.root)//Documents/./abs.txt');
            wk_console_log(wk_file_reads('Documents/abs.txt'));
            wk_file_writes('c', 'rel.txt');
            wk_console_log(wk_file_reads('\(f.root)/rel.txt'), String(wk_file_exists('\(f.root)/rel.txt')));
            wk_console_log(String(wk_file_delete('\(f.root)/rel.txt')), String(wk_file_exists('rel.txt')));
            """)
        #expect(result.error == nil)
        #expect(result.output == ["ab", "c true", "true false"])
    }

    @Test func symlinksAreRefused() throws {
        let f = try EngineFixture()
        let outside = try TemporaryDirectory()
        try "secret".write(toFile: outside.file("secret.txt"), atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: f.root, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: f.root + "/link", withDestinationPath: outside.path)
        try FileManager.default.createSymbolicLink(atPath: f.root + "/file", withDestinationPath: outside.file("secret.txt"))
        for script in ["wk_file_reads('link/secret.txt')", "wk_file_writes('x', 'link/new.txt')", "wk_file_reads('file')",
                       "wk_file_writes('overwritten', 'file')", "wk_file_delete('file')"] {
            let result = f.run(script)
            #expect(result.error?.contains("symlink") == true, "\(script)")
        }
        #expect(try String(contentsOfFile: outside.file("secret.txt"), encoding: .utf8) == "secret")
        #expect(!FileManager.default.fileExists(atPath: outside.file("new.txt")))
    }

    @Test func activityLogIsPerDay() throws {
        let f = try EngineFixture()
        let result = f.run("""
            wk_log_activity('arrived', 'visits');
            wk_log_activity('stayed', 'visits');
            wk_console_log(wk_log_activity_read('visits'));
            wk_console_log(wk_dir_activity('visits'));
            """)
        #expect(result.error == nil)
        let log = try #require(result.output.first)
        #expect(log.contains("arrived") && log.contains("stayed"))
        #expect(result.output.last == f.root + "/activity/visits")
        f.clock.advance(by: 86400)
        #expect(f.run("wk_console_log(wk_log_activity_read('visits'))").output == [""])
        #expect(f.run("wk_log_activity('x', '../up')").error != nil)
    }

    @Test func userDefaultsPersistInSQLite() throws {
        let f = try EngineFixture()
        _ = f.run("wk_userdefault_set('count', 41); wk_userdefault_set('name', 'Ada'); wk_userdefault_set('o', {a: [1, 2]})")
        let result = f.run("wk_console_log(wk_userdefault_get('count') + 1, wk_userdefault_get('name'), wk_userdefault_get('o'), typeof wk_userdefault_get('missing'))", id: "other")
        // Strings, as RegionFramework's NSUserDefaults stringForKey gives them: "41" + 1 is "411".
        #expect(result.output == ["411 Ada {\"a\":[1,2]} undefined"])
        #expect(try f.database.scriptValue("name") == "\"Ada\"")
    }

    @Test(arguments: [("5", "5"), ("2.5", "2.5"), ("-0.125", "-0.125"), ("1e21", "1e+21"), ("true", "true"), ("false", "false"),
                      ("null", "null"), ("'x'", "x"), ("''", ""), ("'東京'", "東京"), ("[1, 'a']", "[1,\"a\"]"), ("{b: {c: null}}", "{\"b\":{\"c\":null}}")])
    func userDefaultGetAnswersAString(value: String, expected: String) throws {
        let f = try EngineFixture()
        let result = f.run("wk_userdefault_set('k', \(value)); var v = wk_userdefault_get('k'); wk_console_log(typeof v, v)")
        #expect(result.error == nil)
        #expect(result.output == ["string \(expected)"])
    }

    @Test func userDefaultSetWithoutAValueRemovesTheKey() throws {
        let f = try EngineFixture()
        let result = f.run("wk_userdefault_set('k', 1); wk_userdefault_set('k'); wk_console_log(typeof wk_userdefault_get('k'))")
        #expect(result.output == ["undefined"])
        #expect(try f.database.scriptValue("k") == nil)
    }

    @Test func notificationsGoToTheBus() throws {
        let f = try EngineFixture()
        _ = f.run("wk_send_notification('Welcome 東京', 'chime.caf', 3, {offer: 'coffee'})")
        let notification = try #require(f.drain().notifications.first)
        #expect(notification.alert == "Welcome 東京")
        #expect(notification.sound == "chime.caf")
        #expect(notification.badge == 3)
        #expect(notification.userInfo["offer"] == .string("coffee"))
    }

    @Test func notificationsCanAlsoGoToNotifySend() throws {
        let folder = try TemporaryDirectory()
        let database = try AppDatabase.inMemory()
        var environment = ScriptEnvironment(database: database, club: nil, bus: EventBus(),
                                            sandbox: ScriptSandbox(root: folder.file("scripts")), notifySend: true)
        // A stand-in for notify-send that records its arguments.
        environment.notifyCommand = ["/bin/sh", "-c", "printf '%s' \"$1\" > \"$0\"", folder.file("sent.txt")]
        let engine = ScriptEngine(environment: environment)
        _ = engine.runAndWait("wk_send_notification('Hello; $(rm -rf /) 東京', '', 0, {})",
                              activity: ScriptActivity(identifier: "n", regionName: "", kind: .enter))
        #expect(waitUntil { (try? String(contentsOfFile: folder.file("sent.txt"), encoding: .utf8)) == "Hello; $(rm -rf /) 東京" })
    }

    @Test func httpGetCallsBackWithTheBodyAsAString() throws {
        let server = try TestHTTPServer { request in .ok("hello from \(request.path)", contentType: "text/plain") }
        defer { server.stop() }
        let f = try EngineFixture()
        let result = f.run("""
            wk_http_get('\(server.baseURL)/ping', function (body, status) { wk_console_log(typeof body + ':' + body + ':' + status) });
            function named(body) { wk_console_log('named ' + body) }
            wk_http_get('\(server.baseURL)/two', 'named');
            wk_console_log('sent');
            """)
        #expect(result.error == nil)
        #expect(result.output == ["sent"])  // asynchronous: the callbacks come later
        #expect(f.engine.waitUntilIdle(timeout: 20))
        let output = f.drain().scriptOutput
        #expect(output.contains("string:hello from /ping:200"))
        #expect(output.contains("named hello from /two"))
    }

    @Test func httpPostIsFormEncoded() throws {
        let server = try TestHTTPServer { _ in .ok("{\"ok\":true}") }
        defer { server.stop() }
        let f = try EngineFixture()
        _ = f.run("wk_http_post('\(server.baseURL)/visit', {name: 'Ada Lovelace', city: '東京', n: 3, 'a&b': 'x=y'}, function (b) { wk_console_log(b) })")
        #expect(f.engine.waitUntilIdle(timeout: 20))
        let request = try #require(server.requests.first)
        #expect(request.method == "POST")
        #expect(request.headers["content-type"]?.hasPrefix("application/x-www-form-urlencoded") == true)
        #expect(request.body == "a%26b=x%3Dy&city=%E6%9D%B1%E4%BA%AC&n=3&name=Ada+Lovelace")
        #expect(f.drain().scriptOutput == ["{\"ok\":true}"])
    }

    @Test func httpTimeoutCallsBackWithAnError() throws {
        let server = try TestHTTPServer { _ in .hang }
        defer { server.stop() }
        let f = try EngineFixture(httpTimeout: 0.5)
        _ = f.run("wk_http_get('\(server.baseURL)/slow', function (body, status, error) { wk_console_log('status ' + status + ' ' + error) })")
        #expect(f.engine.waitUntilIdle(timeout: 20))
        let line = try #require(f.drain().scriptOutput.first)
        #expect(line.hasPrefix("status 0"))
        #expect(line.contains("timed out"))
    }

    @Test func httpAllowlistAndSchemesAreEnforced() throws {
        let f = try EngineFixture(allowlist: ["example.org"])
        #expect(f.run("wk_http_get('http://127.0.0.1:1/', function(){})").error?.contains("allowlist") == true)
        #expect(f.run("wk_http_get('file:///etc/passwd', function(){})").error?.contains("http(s)") == true)
        #expect(f.run("wk_http_get('http://example.org/', 42)").error?.contains("callback") == true)
        #expect(f.engine.pendingCount == 0)
    }

    @Test func deskNamespaceMakesLoyaltyRulesShort() throws {
        let f = try EngineFixture()
        _ = try f.club.checkIn(passId: "04A1B2C3", source: .manual)
        let result = f.run("""
            var m = desk.member('04A1B2C3');
            desk.log(m.passId + ' ' + m.numVisits);
            if (desk.event.visitNumber % 10 === 0) desk.notify('free coffee');
            desk.log(desk.event.kind + ' ' + desk.event.region);
            desk.log(String(desk.member('nobody-here')));
            """, kind: .checkin, event: ["visitNumber": .int(20)])
        #expect(result.error == nil)
        #expect(result.output == ["04A1B2C3 1", "checkin r1", "null"])
        #expect(f.drain().notifications.map(\.alert) == ["free coffee"])
    }

    /// A club's plan rules stay scripts: members carry plan, visitsLeft and expiresInDays.
    @Test func scriptsSeeAMembersPlan() throws {
        let f = try EngineFixture()
        let now = f.clock.now().timeIntervalSince1970
        _ = try f.club.addMember(passId: "PACK-1", username: "Ann", expiresAt: now + 3 * 86_400, plan: PlanChanges(visits: 10))
        _ = try f.club.addMember(passId: "OPEN-1", username: "Bo")
        let result = f.run("""
            var m = desk.member('PACK-1');
            desk.log(m.plan + ' ' + m.visitsLeft + ' ' + m.expiresInDays);
            var o = desk.member('OPEN-1');
            desk.log(o.plan + ' ' + o.visitsLeft + ' ' + o.expiresInDays);
            var a = desk.checkIn('PACK-1');
            desk.log(a.member.plan + ' ' + a.member.visitsLeft);
            """)
        #expect(result.error == nil)
        #expect(result.output == ["pack 10 3", "open null null", "pack 9"])
    }

    private func jsString(_ text: String) throws -> String {
        String(decoding: try JSONEncoder().encode(text), as: UTF8.self)
    }
}
