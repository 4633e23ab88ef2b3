import CJavaScriptCore
import DeskHTTP
import Foundation
import MemberKit

/// RegionFramework's script functions, with the same names and arguments, made safe:
/// files stay in the script folder, HTTP is asynchronous with a timeout and an optional
/// host allowlist, and values persist in SQLite. Runs on the script queue.
enum WKBindings {
    static func install(in ctx: JSGlobalContextRef, engine owner: ScriptEngine) {
        // The engine owns the contexts that own these closures: hold it weakly, or it never goes.
        let engine = WeakEngine(owner)
        let global = JSContextGetGlobalObject(ctx)!
        let env = engine.environment
        let sandbox = env.sandbox
        func define(_ name: String, _ body: @escaping NativeFunction.Body) {
            NativeFunction.install(ctx, on: global, name, body)
        }
        func text(_ ctx: JSContextRef, _ args: [JSValueRef?], _ index: Int) -> String {
            index < args.count && !JS.isNullish(ctx, args[index]) ? JS.text(ctx, args[index]) ?? "" : ""
        }
        func required(_ ctx: JSContextRef, _ args: [JSValueRef?], _ index: Int, _ function: String, _ what: String) throws -> String {
            guard index < args.count, !JS.isNullish(ctx, args[index]), let value = JS.text(ctx, args[index]) else {
                throw ScriptThrow("\(function): missing \(what)")
            }
            return value
        }

        define("wk_console_log") { ctx, args in
            engine.output(args.map { JS.text(ctx, $0) ?? "" }.joined(separator: " "))
            return nil
        }

        // Absolute folders inside the script folder, as RegionFramework's are absolute in its sandbox.
        define("wk_dir_document") { ctx, _ in JS.value(ctx, sandbox.absolute("Documents")) }
        define("wk_dir_temp") { ctx, _ in JS.value(ctx, sandbox.absolute("tmp")) }
        define("wk_dir_activity") { ctx, args in
            let id = try ScriptSandbox.component(try required(ctx, args, 0, "wk_dir_activity", "activity id"))
            return JS.value(ctx, sandbox.absolute("activity/\(id)"))
        }

        // The per-day activity log: activity/<id>/<yyyy-MM-dd>.log.
        define("wk_log_activity") { ctx, args in
            let line = text(ctx, args, 0)
            let id = try ScriptSandbox.component(try required(ctx, args, 1, "wk_log_activity", "activity id"))
            let now = env.clock.now()
            try sandbox.write(activityLog(id, now), "\(timeOfDay(now)) \(line)\n", append: true)
            return nil
        }
        define("wk_log_activity_read") { ctx, args in
            let id = try ScriptSandbox.component(try required(ctx, args, 0, "wk_log_activity_read", "activity id"))
            return JS.value(ctx, try sandbox.read(activityLog(id, env.clock.now())) ?? "")
        }

        // RegionFramework's order: the text first, then the file name.
        define("wk_file_writes") { ctx, args in
            try sandbox.write(try required(ctx, args, 1, "wk_file_writes", "file name"), text(ctx, args, 0), append: false)
            return JSValueMakeBoolean(ctx, true)
        }
        define("wk_file_append") { ctx, args in
            try sandbox.write(try required(ctx, args, 1, "wk_file_append", "file name"), text(ctx, args, 0), append: true)
            return JSValueMakeBoolean(ctx, true)
        }
        define("wk_file_reads") { ctx, args in
            guard let content = try sandbox.read(try required(ctx, args, 0, "wk_file_reads", "path")) else {
                return JSValueMakeNull(ctx)
            }
            return JS.value(ctx, content)
        }
        define("wk_file_delete") { ctx, args in
            JSValueMakeBoolean(ctx, try sandbox.delete(try required(ctx, args, 0, "wk_file_delete", "path")))
        }
        define("wk_file_exists") { ctx, args in
            JSValueMakeBoolean(ctx, try sandbox.exists(try required(ctx, args, 0, "wk_file_exists", "path")))
        }

        // Values are kept as JSON; get answers a string, as RegionFramework's stringForKey does.
        define("wk_userdefault_set") { ctx, args in
            let key = try required(ctx, args, 0, "wk_userdefault_set", "key")
            let value = args.count > 1 && !JSValueIsUndefined(ctx, args[1]) ? JS.json(ctx, args[1]) : nil
            do { try env.database.setScriptValue(key, value) } catch { throw ScriptThrow("wk_userdefault_set: \(error)") }
            return nil
        }
        define("wk_userdefault_get") { ctx, args in
            let key = try required(ctx, args, 0, "wk_userdefault_get", "key")
            let stored: String?
            do { stored = try env.database.scriptValue(key) } catch { throw ScriptThrow("wk_userdefault_get: \(error)") }
            guard let stored else { return JSValueMakeUndefined(ctx) }  // stringForKey's nil
            return JS.value(ctx, storedText(ctx, stored))
        }

        define("wk_send_notification") { ctx, args in
            let userInfo: [String: JSONValue]
            if args.count > 3, case .object(let object)? = JS.jsonValue(ctx, args[3]) { userInfo = object } else { userInfo = [:] }
            let badge = args.count > 2 && JSValueIsNumber(ctx, args[2]) ? Int(exactly: JSValueToNumber(ctx, args[2], nil).rounded()) : nil
            let sound = text(ctx, args, 1)
            notify(env, DeskNotification(alert: text(ctx, args, 0), sound: sound.isEmpty ? nil : sound,
                                         badge: badge, userInfo: userInfo))
            return nil
        }

        define("wk_http_get") { ctx, args in
            let url = try checkedURL(try required(ctx, args, 0, "wk_http_get", "url"), env, "wk_http_get")
            try send(engine, ctx, HTTPRequest(url: url, timeout: env.httpTimeout), callback: args.count > 1 ? args[1] : nil,
                     what: "wk_http_get")
            return nil
        }
        define("wk_http_post") { ctx, args in
            let url = try checkedURL(try required(ctx, args, 0, "wk_http_post", "url"), env, "wk_http_post")
            var fields: [String: JSONValue] = [:]
            if args.count > 1, !JS.isNullish(ctx, args[1]) {
                guard case .object(let object)? = JS.jsonValue(ctx, args[1]) else {
                    throw ScriptThrow("wk_http_post: the form must be an object")
                }
                fields = object
            }
            let request = HTTPRequest(url: url, method: "POST", body: Data(FormEncoding.encode(fields).utf8),
                                      headers: ["Content-Type": "application/x-www-form-urlencoded; charset=utf-8"],
                                      timeout: env.httpTimeout)
            try send(engine, ctx, request, callback: args.count > 2 ? args[2] : nil, what: "wk_http_post")
            return nil
        }

        // Modern spelling for the console.
        let console = JSObjectMake(ctx, nil, nil)!
        NativeFunction.install(ctx, on: console, "log") { ctx, args in
            engine.output(args.map { JS.text(ctx, $0) ?? "" }.joined(separator: " "))
            return nil
        }
        JS.set(ctx, global, "console", console)
    }

    /// A stored value as the string RegionFramework gives back: String(value) for strings,
    /// numbers, booleans and null (it stored them through an NSString); JSON text for objects
    /// and arrays, where String(value) would lose them.
    static func storedText(_ ctx: JSContextRef, _ json: String) -> String {
        guard let value = JS.fromJSON(ctx, json) else { return json }
        if JSValueIsObject(ctx, value) { return json }
        return JS.text(ctx, value) ?? json
    }

    static func activityLog(_ id: String, _ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd"
        return "activity/\(id)/\(formatter.string(from: date)).log"
    }

    static func timeOfDay(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "HH:mm:ss"
        return formatter.string(from: date)
    }

    static func checkedURL(_ text: String, _ env: ScriptEnvironment, _ function: String) throws -> URL {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = url.host?.lowercased(), !host.isEmpty else {
            throw ScriptThrow("\(function): '\(text)' is not an http(s) URL")
        }
        if !env.httpAllowlist.isEmpty, !env.httpAllowlist.contains(where: { $0.lowercased() == host }) {
            throw ScriptThrow("\(function): host '\(host)' is not in regions.http_allowlist")
        }
        return url
    }

    /// The callback gets (body, status) on a reply, or ("", 0, error) when there was none.
    static func send(_ engine: WeakEngine, _ ctx: JSContextRef, _ request: HTTPRequest, callback: JSValueRef?, what: String) throws {
        let http = engine.environment.http
        try engine.callLater(ctx, callback: callback, what: what) { deliver in
            http.send(request) { result in
                deliver { ctx in
                    switch result {
                    case .success(let reply):
                        return [JS.value(ctx, String(decoding: reply.body, as: UTF8.self)), JSValueMakeNumber(ctx, Double(reply.status))]
                    case .failure(let error):
                        return [JS.value(ctx, ""), JSValueMakeNumber(ctx, 0), JS.value(ctx, error.description)]
                    }
                }
            }
        }
    }

    /// On the bus (the TUI shows it) and, when configured, to notify-send.
    static func notify(_ env: ScriptEnvironment, _ notification: DeskNotification) {
        env.bus.publish(.notification(notification))
        guard env.notifySend else { return }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = env.notifyCommand + [notification.alert]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return }
        DispatchQueue.global().async { process.waitUntilExit() }
    }
}

/// application/x-www-form-urlencoded, keys sorted so a request is reproducible.
enum FormEncoding {
    static let unreserved = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._*")

    static func encode(_ fields: [String: JSONValue]) -> String {
        fields.keys.sorted().map { key in
            let value = fields[key].flatMap { $0.displayText } ?? ""
            return escape(key) + "=" + escape(value)
        }.joined(separator: "&")
    }

    static func escape(_ text: String) -> String {
        text.split(separator: " ", omittingEmptySubsequences: false)
            .map { $0.addingPercentEncoding(withAllowedCharacters: unreserved) ?? "" }
            .joined(separator: "+")
    }
}
