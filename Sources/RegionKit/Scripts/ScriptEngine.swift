import CJavaScriptCore
import Dispatch
import Foundation
import MemberKit
import Synchronization

/// Runs region scripts in JavaScriptCore, through its C API, on one serial queue (never the
/// UI thread). Each region gets its own global context, so scripts cannot see one another's
/// globals but a callback named by a script is still found later. Every run, and every
/// asynchronous callback, is bounded by the group's execution time limit; a runaway script
/// is terminated, reported on the bus, and its context is replaced.
///
/// Everything below marked "queue" is touched only on `queue`; that is why the class is
/// `@unchecked Sendable`.
public final class ScriptEngine: @unchecked Sendable {
    public let environment: ScriptEnvironment
    let queue = DispatchQueue(label: "memberdesk.region-scripts", qos: .userInitiated)

    // queue
    private let group: JSContextGroupRef
    private var contexts: [String: JSGlobalContextRef] = [:]
    private var current: RunState?

    private let termination = TerminationFlag()
    /// Runs queued or running, plus HTTP requests whose callback has not run yet.
    private let pending = Mutex(0)

    final class RunState {
        let activity: ScriptActivity
        var output: [String] = []
        init(activity: ScriptActivity) { self.activity = activity }
    }

    /// Set by JavaScriptCore's watchdog when a run hits the time limit.
    final class TerminationFlag: Sendable {
        let fired = Atomic(false)
    }

    public init(environment: ScriptEnvironment) {
        self.environment = environment
        group = JSContextGroupCreate()
        let flag = Unmanaged.passUnretained(termination).toOpaque()
        JSContextGroupSetExecutionTimeLimit(group, environment.timeLimit, { _, context in
            guard let context else { return true }
            Unmanaged<TerminationFlag>.fromOpaque(context).takeUnretainedValue().fired.store(true, ordering: .sequentiallyConsistent)
            return true
        }, flag)
    }

    // Every queued closure holds the engine, so none is left when this runs (and it may run on
    // the queue itself, which is why it must not `queue.sync`).
    deinit {
        for context in contexts.values { JSGlobalContextRelease(context) }
        contexts.removeAll()
        releaseSources()
        JSContextGroupRelease(group)
    }

    // MARK: Running

    /// Queues one run; `completion` is called on the script queue when it has finished.
    public func run(_ source: String, activity: ScriptActivity,
                    completion: (@Sendable (ScriptRunResult) -> Void)? = nil) {
        pending.withLock { $0 += 1 }
        queue.async { [self] in
            let result = execute(source, activity: activity)
            pending.withLock { $0 -= 1 }
            completion?(result)
        }
    }

    /// Runs one script and waits for it (not for its HTTP callbacks: see `waitUntilIdle`).
    public func runAndWait(_ source: String, activity: ScriptActivity) -> ScriptRunResult {
        pending.withLock { $0 += 1 }
        defer { pending.withLock { $0 -= 1 } }
        return queue.sync { execute(source, activity: activity) }
    }

    /// Waits until no run is queued and no HTTP callback is outstanding; false on timeout.
    @discardableResult
    public func waitUntilIdle(timeout: TimeInterval) -> Bool {
        // Elapsed time, not the wall clock: a clock stepped meanwhile neither cuts nor stretches the wait.
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: .seconds(timeout))
        while pending.withLock({ $0 }) > 0 {
            if clock.now >= deadline { return false }
            usleep(1000)
        }
        queue.sync {}
        return true
    }

    public var pendingCount: Int { pending.withLock { $0 } }

    // queue
    private func execute(_ source: String, activity: ScriptActivity) -> ScriptRunResult {
        let startedAt = DispatchTime.now().uptimeNanoseconds
        let ctx = context(for: activity.identifier)
        let global = JSContextGetGlobalObject(ctx)!
        JS.set(ctx, global, "wk_activity_identifier", JS.value(ctx, activity.identifier))
        JS.set(ctx, global, "wk_activity_region_name", JS.value(ctx, activity.regionName))
        if let desk = JS.get(ctx, global, "desk"), let deskObject = JSValueToObject(ctx, desk, nil) {
            var event = activity.event
            if event["kind"] == nil { event["kind"] = .string(activity.kind.rawValue) }  // "checkout" for an exit
            event["region"] = .string(activity.identifier)
            event["regionName"] = .string(activity.regionName)
            JS.set(ctx, deskObject, "event", JS.make(ctx, .object(event)))
        }
        let state = RunState(activity: activity)
        current = state
        defer { current = nil }
        termination.fired.store(false, ordering: .sequentiallyConsistent)
        let (script, url) = compiledSource(source, activity: activity)
        var exception: JSValueRef?
        _ = JSEvaluateScript(ctx, script, nil, url, 1, &exception)
        let error = exception.map { failure(ctx, $0, activity: activity, what: "\(activity.kind.rawValue) script") }
        return ScriptRunResult(identifier: activity.identifier, kind: activity.kind, output: state.output,
                               error: error?.message, timedOut: error?.timedOut ?? false, startedAt: startedAt)
    }

    /// Reports an exception (or a termination) and replaces a terminated context.
    private func failure(_ ctx: JSContextRef, _ exception: JSValueRef, activity: ScriptActivity,
                         what: String) -> (message: String, timedOut: Bool) {
        let timedOut = termination.fired.load(ordering: .sequentiallyConsistent)
        let message = timedOut
            ? "\(what) stopped: it ran longer than the \(Self.format(environment.timeLimit)) s limit"
            : "\(what): \(JS.describe(ctx, exception: exception))"
        if timedOut { discardContext(activity.identifier) }
        environment.bus.publish(.region(.scriptError(identifier: activity.identifier, message: message)))
        return (message, timedOut)
    }

    static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }

    /// The script's text as a JSString, kept per region and kind while the text is unchanged,
    /// so a busy region does not convert its script on every run.
    private var sources: [String: (text: String, script: JSStringRef, url: JSStringRef)] = [:]

    // queue
    private func compiledSource(_ source: String, activity: ScriptActivity) -> (JSStringRef, JSStringRef) {
        let key = "\(activity.identifier)/\(activity.kind.rawValue)"
        if let cached = sources[key], cached.text == source { return (cached.script, cached.url) }
        if let stale = sources.removeValue(forKey: key) {
            JSStringRelease(stale.script)
            JSStringRelease(stale.url)
        }
        if sources.count > 1024 { releaseSources() }
        let entry = (text: source, script: JS.string(source), url: JS.string(key))
        sources[key] = entry
        return (entry.script, entry.url)
    }

    // queue
    private func releaseSources() {
        for entry in sources.values {
            JSStringRelease(entry.script)
            JSStringRelease(entry.url)
        }
        sources.removeAll()
    }

    // queue
    private func context(for identifier: String) -> JSGlobalContextRef {
        if let existing = contexts[identifier] { return existing }
        let ctx = JSGlobalContextCreateInGroup(group, nil)!
        WKBindings.install(in: ctx, engine: self)
        DeskBindings.install(in: ctx, engine: self)
        contexts[identifier] = ctx
        return ctx
    }

    // queue
    private func discardContext(_ identifier: String) {
        guard let ctx = contexts.removeValue(forKey: identifier) else { return }
        JSGlobalContextRelease(ctx)
    }

    // MARK: For the bindings (queue)

    var activity: ScriptActivity? { current?.activity }

    /// A line of script output: kept for the run's result and published on the bus.
    func output(_ text: String) {
        let line = text.count > 4096 ? String(text.prefix(4096)) + "…" : text
        current?.output.append(line)
        let identifier = current?.activity.identifier ?? "?"
        environment.bus.publish(.region(.scriptOutput(identifier: identifier, text: line)))
    }

    /// Calls `callback` (a function, or the name of a global function) later, on the queue,
    /// once `work` delivers its arguments. The context is kept alive meanwhile.
    func callLater(_ ctx: JSContextRef, callback: JSValueRef?, what: String,
                   work: (@escaping @Sendable (@escaping @Sendable (JSContextRef) -> [JSValueRef?]) -> Void) -> Void) throws {
        guard let activity else { throw ScriptThrow("\(what) called outside a script run") }
        guard let global = JSContextGetGlobalContext(ctx) else { throw ScriptThrow("no context") }
        let function = try resolveCallback(ctx, callback, what: what)
        JSGlobalContextRetain(global)
        if let function { JSValueProtect(global, function) }
        pending.withLock { $0 += 1 }
        let box = CallbackBox(context: global, function: function)
        work { [self] makeArguments in
            queue.async { [self] in
                defer {
                    if let function = box.function { JSValueUnprotect(box.context, function) }
                    JSGlobalContextRelease(box.context)
                    pending.withLock { $0 -= 1 }
                }
                guard let function = box.function else { return }
                invoke(box.context, function, arguments: makeArguments(box.context), activity: activity, what: what)
            }
        }
    }

    /// Holds JSC pointers across the hop to the network thread and back; used only on the queue.
    final class CallbackBox: @unchecked Sendable {
        let context: JSGlobalContextRef
        let function: JSObjectRef?
        init(context: JSGlobalContextRef, function: JSObjectRef?) {
            self.context = context
            self.function = function
        }
    }

    private func resolveCallback(_ ctx: JSContextRef, _ callback: JSValueRef?, what: String) throws -> JSObjectRef? {
        guard let callback, !JS.isNullish(ctx, callback) else { return nil }
        var candidate = callback
        if JSValueIsString(ctx, callback) {
            let name = JS.text(ctx, callback) ?? ""
            guard let global = JSContextGetGlobalObject(ctx), let found = JS.get(ctx, global, name) else {
                throw ScriptThrow("\(what): no function named '\(name)'")
            }
            candidate = found
        }
        guard JSValueIsObject(ctx, candidate), let object = JSValueToObject(ctx, candidate, nil),
              JSObjectIsFunction(ctx, object) else {
            throw ScriptThrow("\(what): the callback must be a function or the name of one")
        }
        return object
    }

    // queue
    private func invoke(_ ctx: JSContextRef, _ function: JSObjectRef, arguments: [JSValueRef?],
                        activity: ScriptActivity, what: String) {
        let state = RunState(activity: activity)
        current = state
        defer { current = nil }
        termination.fired.store(false, ordering: .sequentiallyConsistent)
        var exception: JSValueRef?
        var values = arguments
        _ = values.withUnsafeMutableBufferPointer { buffer in
            JSObjectCallAsFunction(ctx, function, nil, buffer.count, buffer.baseAddress, &exception)
        }
        if let exception { _ = failure(ctx, exception, activity: activity, what: "\(what) callback") }
    }
}

/// What the bindings hold of their engine: weakly, because the engine owns the contexts that
/// own the bindings' closures.
final class WeakEngine {
    weak var engine: ScriptEngine?
    let environment: ScriptEnvironment

    init(_ engine: ScriptEngine) {
        self.engine = engine
        environment = engine.environment
    }

    var activity: ScriptActivity? { engine?.activity }

    func output(_ text: String) { engine?.output(text) }

    func callLater(_ ctx: JSContextRef, callback: JSValueRef?, what: String,
                   work: (@escaping @Sendable (@escaping @Sendable (JSContextRef) -> [JSValueRef?]) -> Void) -> Void) throws {
        guard let engine else { throw ScriptThrow("\(what): the script engine has stopped") }
        try engine.callLater(ctx, callback: callback, what: what, work: work)
    }
}
