import CJavaScriptCore
import Foundation
import MemberKit

/// The modern `desk` namespace: members, check-ins, notifications and the log, plus
/// `desk.event`, which the engine sets for each run. "Every 10th visit, free coffee":
///
///     if (desk.event.visitNumber % 10 === 0) desk.notify("Free coffee for " + desk.event.username)
enum DeskBindings {
    static func install(in ctx: JSGlobalContextRef, engine owner: ScriptEngine) {
        // The engine owns the contexts that own these closures: hold it weakly, or it never goes.
        let engine = WeakEngine(owner)
        let global = JSContextGetGlobalObject(ctx)!
        let desk = JSObjectMake(ctx, nil, nil)!
        let env = engine.environment
        func pass(_ ctx: JSContextRef, _ args: [JSValueRef?], _ function: String) throws -> String {
            guard let first = args.first, !JS.isNullish(ctx, first), let text = JS.text(ctx, first), !text.isEmpty else {
                throw ScriptThrow("\(function): missing pass id")
            }
            return text
        }

        NativeFunction.install(ctx, on: desk, "member") { ctx, args in
            let id = try pass(ctx, args, "desk.member")
            let found: MemberRecord?
            do { found = try env.club?.member(idOrPass: id) ?? env.database.member(idOrPass: id) } catch { throw ScriptThrow("desk.member: \(error)") }
            guard let member = found else { return JSValueMakeNull(ctx) }
            return JS.make(ctx, .object(memberObject(member, env: env)))
        }
        // A tap's answer as scripts see it: outcome, message, admitted, member, visitNumber, inside.
        func answer(_ report: CheckInReport) -> JSValueRef? {
            let outcome = report.outcome
            var object: [String: JSONValue] = ["outcome": .string(outcome.name), "message": .string(outcome.message),
                                               "admitted": .bool(outcome.isAdmitted)]
            if let member = outcome.member { object["member"] = .object(memberObject(member, env: env, standing: report.plan)) }
            if case .checkedIn(_, let n) = outcome { object["visitNumber"] = .int(n) }
            if let inside = report.inside { object["inside"] = .bool(inside) }
            return JS.make(ctx, .object(object))
        }
        NativeFunction.install(ctx, on: desk, "checkIn") { ctx, args in
            let id = try pass(ctx, args, "desk.checkIn")
            guard let club = env.club else { throw ScriptThrow("desk.checkIn: check-ins are not available here") }
            do { return answer(try club.checkIn(passId: id, source: .script)) } catch { throw ScriptThrow("desk.checkIn: \(error)") }
        }
        // The same rules as a staff check-out: checkedOut, notInside or unknownPass.
        NativeFunction.install(ctx, on: desk, "checkOut") { ctx, args in
            let id = try pass(ctx, args, "desk.checkOut")
            guard let club = env.club else { throw ScriptThrow("desk.checkOut: check-outs are not available here") }
            do { return answer(try club.checkOut(passId: id, source: .script)) } catch { throw ScriptThrow("desk.checkOut: \(error)") }
        }
        NativeFunction.install(ctx, on: desk, "notify") { ctx, args in
            let text = args.first.flatMap { JS.text(ctx, $0) } ?? ""
            WKBindings.notify(env, DeskNotification(alert: text, userInfo: ["region": .string(engine.activity?.identifier ?? "")]))
            return nil
        }
        NativeFunction.install(ctx, on: desk, "log") { ctx, args in
            engine.output(args.map { JS.text(ctx, $0) ?? "" }.joined(separator: " "))
            return nil
        }
        installMQTT(in: ctx, on: desk, port: env.mqtt)
        JS.set(ctx, desk, "event", JSObjectMake(ctx, nil, nil))
        JS.set(ctx, global, "desk", desk)
    }

    /// `desk.mqtt.publish(topic, payload, {retain, qos})`: a string payload as is, anything else as JSON.
    /// The port checks the topic and size and queues it (a script never waits on the broker).
    static func installMQTT(in ctx: JSGlobalContextRef, on desk: JSObjectRef, port: (any ScriptMessagePort)?) {
        let mqtt = JSObjectMake(ctx, nil, nil)!
        NativeFunction.install(ctx, on: mqtt, "publish") { ctx, args in
            guard let port else { throw ScriptThrow("desk.mqtt.publish: MQTT is off (set mqtt.url)") }
            guard let first = args.first, !JS.isNullish(ctx, first), let topic = JS.text(ctx, first) else {
                throw ScriptThrow("desk.mqtt.publish: missing topic")
            }
            let value = args.count > 1 ? args[1] : nil
            let payload = value.map { JSValueIsString(ctx, $0) ? JS.text(ctx, $0) : JS.json(ctx, $0) } ?? nil
            var retain = false
            var qos = 1
            if args.count > 2, let options = args[2], !JS.isNullish(ctx, options), let object = JSValueToObject(ctx, options, nil) {
                if let flag = JS.get(ctx, object, "retain"), !JSValueIsUndefined(ctx, flag) { retain = JSValueToBoolean(ctx, flag) }
                if let level = JS.get(ctx, object, "qos"), !JSValueIsUndefined(ctx, level) {
                    let number = JSValueToNumber(ctx, level, nil)
                    qos = number.isFinite && abs(number) < 16 ? Int(number) : -1  // NaN or 1e300 must not trap
                }
            }
            do {
                try port.publish(topic: topic, payload: payload ?? "", retain: retain, qos: qos)
            } catch let refusal as ScriptMessageRefusal {
                throw ScriptThrow(refusal.description)
            }
            return JSValueMakeBoolean(ctx, true)
        }
        JS.set(ctx, desk, "mqtt", mqtt)
    }

    /// A member as scripts see it, with its plan: `plan`, `visitsLeft` and `expiresInDays` (null
    /// where they do not apply). `standing` as a tap reported it, else read now.
    static func memberObject(_ member: MemberRecord, env: ScriptEnvironment, standing: PlanStanding? = nil) -> [String: JSONValue] {
        var object: [String: JSONValue] = [
            "memberId": .string(member.memberId),
            "passId": .string(member.passId),
            "username": member.username.map(JSONValue.string) ?? .null,
            "numVisits": .int(member.numVisits),
            "lastVisit": .double(member.timeStampOfLastVisit),
            "status": .string(member.status.rawValue),
            "fields": .object(member.fields),
        ]
        let read = standing ?? (member.plan == .open ? nil : try? env.database.planStanding(member))
        let plans = env.club?.settings.plans ?? PlanSettings()
        for (key, value) in PlanStanding.fields(member, standing: read, settings: plans,
                                                at: env.clock.now().timeIntervalSince1970) { object[key] = value }
        return object
    }
}
