import Foundation
import MemberDeskTestSupport
import MemberKit
@testable import RegionKit
import Testing

/// Every function of RegionFramework's WKJs.md, called exactly as that list writes it,
/// as a script written for RegionFramework would call it.
@Suite struct WKJsCallShapeTests {
    @Test func variables() throws {
        let f = try EngineFixture()
        let result = f.run("wk_console_log(wk_activity_identifier); wk_console_log(wk_activity_region_name)", id: "shop-1")
        #expect(result.output == ["shop-1", "Region shop-1"])
    }

    @Test func consoleLogStr() throws {
        let f = try EngineFixture()
        #expect(f.run("wk_console_log('hello 東京')").output == ["hello 東京"])
    }

    @Test func logActivityStrIdentifierAndLogActivityReadIdentifier() throws {
        let f = try EngineFixture()
        let result = f.run("""
            wk_log_activity('entered', wk_activity_identifier);
            wk_console_log(wk_log_activity_read(wk_activity_identifier));
            """, id: "shop-1")
        #expect(result.error == nil)
        #expect(result.output.count == 1)
        #expect(result.output.first?.hasSuffix(" entered\n") == true)
    }

    @Test func dirFunctionsReturnAbsoluteFoldersInsideTheScriptFolder() throws {
        let f = try EngineFixture()
        let result = f.run("wk_console_log(wk_dir_document()); wk_console_log(wk_dir_temp()); wk_console_log(wk_dir_activity('shop-1'))")
        #expect(result.output == [f.root + "/Documents", f.root + "/tmp", f.root + "/activity/shop-1"])
    }

    @Test func fileFunctionsTakeStrThenFilename() throws {
        let f = try EngineFixture()
        let result = f.run("""
            var filename = wk_dir_document() + '/notes.txt';
            wk_file_writes('hello', filename);
            wk_file_append(' world', filename);
            wk_console_log(wk_file_reads(filename));
            wk_console_log(String(wk_file_exists(filename)));
            wk_file_delete(filename);
            wk_console_log(String(wk_file_exists(filename)));
            """)
        #expect(result.error == nil)
        #expect(result.output == ["hello world", "true", "false"])
        // The file is named by the second argument, never by the text.
        #expect(!FileManager.default.fileExists(atPath: f.root + "/hello"))
        #expect(!FileManager.default.fileExists(atPath: f.root + "/Documents/hello"))
    }

    @Test func fileWritesWithARelativeFilename() throws {
        let f = try EngineFixture()
        let result = f.run("wk_file_writes('hello', 'notes.txt'); wk_file_append('!', 'notes.txt')")
        #expect(result.error == nil)
        #expect(try String(contentsOfFile: f.root + "/notes.txt", encoding: .utf8) == "hello!")
        #expect(!FileManager.default.fileExists(atPath: f.root + "/hello"))
    }

    @Test func httpGetPathCallbackWhoseFirstArgumentIsStr() throws {
        let server = try TestHTTPServer { request in .ok("body of \(request.path)", contentType: "text/plain") }
        defer { server.stop() }
        let f = try EngineFixture()
        _ = f.run("""
            function got(str) { wk_console_log('named ' + str) }
            wk_http_get('\(server.baseURL)/a', 'got');
            wk_http_get('\(server.baseURL)/b', function (str) { wk_console_log('inline ' + str) });
            """)
        #expect(f.engine.waitUntilIdle(timeout: 20))
        #expect(Set(f.drain().scriptOutput) == ["named body of /a", "inline body of /b"])
    }

    @Test func httpPostPathFormDictCallback() throws {
        let server = try TestHTTPServer { request in .ok("got \(request.body)", contentType: "text/plain") }
        defer { server.stop() }
        let f = try EngineFixture()
        _ = f.run("""
            function done(str) { wk_console_log(str) }
            wk_http_post('\(server.baseURL)/visit', {region: wk_activity_identifier, n: 2}, 'done');
            """, id: "shop-1")
        #expect(f.engine.waitUntilIdle(timeout: 20))
        #expect(f.drain().scriptOutput == ["got n=2&region=shop-1"])
    }

    @Test func userDefaultSetKeyValueAndGetKeyAnswersAString() throws {
        let f = try EngineFixture()
        _ = f.run("wk_userdefault_set('n', 5); wk_userdefault_set('who', 'Ada')")
        let result = f.run("var n = wk_userdefault_get('n'); wk_console_log(typeof n, n, wk_userdefault_get('who'), String(wk_userdefault_get('nothing')))",
                           id: "other")
        #expect(result.output == ["string 5 Ada undefined"])
    }

    @Test func theBundledSampleScriptsRun() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Resources/regions.sample.json")
        let f = try EngineFixture()
        for region in try RegionListDecoder.decode(try Data(contentsOf: url)) {
            for script in [region.enterScript, region.exitScript] where !script.isEmpty {
                #expect(f.run(script, id: region.identifier).error == nil, "\(region.identifier): \(script)")
            }
        }
        let log = try String(contentsOfFile: f.root + "/Documents/shop-visits.log", encoding: .utf8)
        #expect(log.hasSuffix(" left\n"))
    }

    @Test func sendNotificationAlertSoundBadgeUserinfo() throws {
        let f = try EngineFixture()
        _ = f.run("wk_send_notification('Welcome', 'default', 1, {region: wk_activity_identifier})", id: "shop-1")
        let notification = try #require(f.drain().notifications.first)
        #expect(notification.alert == "Welcome")
        #expect(notification.sound == "default")
        #expect(notification.badge == 1)
        #expect(notification.userInfo == ["region": .string("shop-1")])
    }
}
