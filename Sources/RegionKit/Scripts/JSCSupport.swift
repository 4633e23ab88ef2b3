import CJavaScriptCore
import Foundation
import MemberKit

/// Thrown by a native binding; becomes a JS exception (an Error with this message).
struct ScriptThrow: Error {
    var message: String
    init(_ message: String) { self.message = message }
}

/// Small conversions between Swift and JavaScriptCore's C API. Callers are on the script queue.
enum JS {
    /// UTF-16 based, so embedded NULs and CJK text survive.
    static func string(_ text: String) -> JSStringRef {
        let units = Array(text.utf16)
        return units.withUnsafeBufferPointer { JSStringCreateWithCharacters($0.baseAddress, units.count) }
    }

    static func swiftString(_ ref: JSStringRef) -> String {
        let length = JSStringGetLength(ref)
        guard length > 0, let characters = JSStringGetCharactersPtr(ref) else { return "" }
        return String(decoding: UnsafeBufferPointer(start: characters, count: length), as: UTF16.self)
    }

    static func value(_ ctx: JSContextRef, _ text: String) -> JSValueRef {
        let ref = string(text)
        defer { JSStringRelease(ref) }
        return JSValueMakeString(ctx, ref)
    }

    /// The value as JS's String(value) would give it; nil if that throws.
    static func text(_ ctx: JSContextRef, _ value: JSValueRef?) -> String? {
        guard let value else { return nil }
        var exception: JSValueRef?
        guard let ref = JSValueToStringCopy(ctx, value, &exception), exception == nil else { return nil }
        defer { JSStringRelease(ref) }
        return swiftString(ref)
    }

    static func isNullish(_ ctx: JSContextRef, _ value: JSValueRef?) -> Bool {
        guard let value else { return true }
        return JSValueIsUndefined(ctx, value) || JSValueIsNull(ctx, value)
    }

    /// JSON text of a value (undefined for functions and undefined).
    static func json(_ ctx: JSContextRef, _ value: JSValueRef?) -> String? {
        guard let value else { return nil }
        var exception: JSValueRef?
        guard let ref = JSValueCreateJSONString(ctx, value, 0, &exception), exception == nil else { return nil }
        defer { JSStringRelease(ref) }
        return swiftString(ref)
    }

    static func fromJSON(_ ctx: JSContextRef, _ text: String) -> JSValueRef? {
        let ref = string(text)
        defer { JSStringRelease(ref) }
        return JSValueMakeFromJSONString(ctx, ref)
    }

    static func jsonValue(_ ctx: JSContextRef, _ value: JSValueRef?) -> JSONValue? {
        guard let text = json(ctx, value) else { return nil }
        return try? JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
    }

    /// Builds the value directly (no JSON text in between: this runs for every script run).
    static func make(_ ctx: JSContextRef, _ value: JSONValue) -> JSValueRef {
        switch value {
        case .null: return JSValueMakeNull(ctx)
        case .bool(let flag): return JSValueMakeBoolean(ctx, flag)
        case .int(let number): return JSValueMakeNumber(ctx, Double(number))
        case .double(let number): return JSValueMakeNumber(ctx, number)
        case .number(let text): return JSValueMakeNumber(ctx, Double(text) ?? .nan)
        case .string(let text): return Self.value(ctx, text)
        case .array(let items):
            var elements: [JSValueRef?] = items.map { make(ctx, $0) }
            return elements.withUnsafeMutableBufferPointer { JSObjectMakeArray(ctx, $0.count, $0.baseAddress, nil) } ?? JSValueMakeNull(ctx)
        case .object(let fields):
            guard let object = JSObjectMake(ctx, nil, nil) else { return JSValueMakeNull(ctx) }
            for (key, field) in fields { set(ctx, object, key, make(ctx, field)) }
            return object
        }
    }

    static func set(_ ctx: JSContextRef, _ object: JSObjectRef, _ name: String, _ value: JSValueRef?) {
        let ref = string(name)
        defer { JSStringRelease(ref) }
        JSObjectSetProperty(ctx, object, ref, value ?? JSValueMakeUndefined(ctx), JSPropertyAttributes(kJSPropertyAttributeNone), nil)
    }

    static func get(_ ctx: JSContextRef, _ object: JSObjectRef, _ name: String) -> JSValueRef? {
        let ref = string(name)
        defer { JSStringRelease(ref) }
        return JSObjectGetProperty(ctx, object, ref, nil)
    }

    static func makeError(_ ctx: JSContextRef, _ message: String) -> JSValueRef? {
        var arguments: [JSValueRef?] = [value(ctx, message)]
        return arguments.withUnsafeMutableBufferPointer { JSObjectMakeError(ctx, 1, $0.baseAddress, nil) }
    }

    /// "TypeError: x is not a function (line 3)" from an exception value.
    static func describe(_ ctx: JSContextRef, exception: JSValueRef) -> String {
        let message = text(ctx, exception) ?? "unknown exception"
        guard JSValueIsObject(ctx, exception), let object = JSValueToObject(ctx, exception, nil),
              let line = get(ctx, object, "line"), JSValueIsNumber(ctx, line) else { return message }
        return "\(message) (line \(Int(JSValueToNumber(ctx, line, nil))))"
    }
}

/// A Swift closure callable from JS. JavaScriptCore's C callbacks cannot capture, so the
/// closure rides in the function object's private data and is released by `finalize`.
final class NativeFunction {
    typealias Body = (_ ctx: JSContextRef, _ arguments: [JSValueRef?]) throws -> JSValueRef?
    let body: Body
    init(_ body: @escaping Body) { self.body = body }

    nonisolated(unsafe) static let jsClass: JSClassRef = {
        var definition = kJSClassDefinitionEmpty
        definition.className = UnsafePointer(strdup("NativeFunction"))
        definition.callAsFunction = { ctx, function, _, count, arguments, exception in
            guard let ctx, let function, let raw = JSObjectGetPrivate(function) else { return nil }
            let native = Unmanaged<NativeFunction>.fromOpaque(raw).takeUnretainedValue()
            let values = (0..<count).map { arguments?[$0] }
            do {
                return try native.body(ctx, values) ?? JSValueMakeUndefined(ctx)
            } catch let error as ScriptThrow {
                exception?.pointee = JS.makeError(ctx, error.message)
            } catch {
                exception?.pointee = JS.makeError(ctx, "\(error)")
            }
            return JSValueMakeUndefined(ctx)
        }
        definition.finalize = { object in
            guard let object, let raw = JSObjectGetPrivate(object) else { return }
            Unmanaged<NativeFunction>.fromOpaque(raw).release()
        }
        return JSClassCreate(&definition)
    }()

    static func install(_ ctx: JSContextRef, on object: JSObjectRef, _ name: String, _ body: @escaping Body) {
        let native = Unmanaged.passRetained(NativeFunction(body)).toOpaque()
        let function = JSObjectMake(ctx, jsClass, native)
        JS.set(ctx, object, name, function)
    }
}
