import CMosquitto
import Foundation
import MemberKit
import Synchronization

/// `MQTTConnection` over libmosquitto (Eclipse Mosquitto's client library): MQTT 3.1.1, the
/// library's own network thread (`mosquitto_loop_start`), and its callbacks turned into events.
/// `mosquitto_connect` is blocking, so a refused or unresolvable broker fails at once with its reason.
public final class MosquittoConnection: MQTTConnection, @unchecked Sendable {
    private let options: MQTTConnectionOptions
    // Set in open(), released in close(); the sender calls these from its one thread.
    private var handle: OpaquePointer?
    private var box: Unmanaged<CallbackBox>?

    /// What the C callbacks reach through `obj`: the sender's event function and the library's last error line.
    final class CallbackBox: Sendable {
        let events: @Sendable (MQTTConnectionEvent) -> Void
        let broker: String
        let lastLogError = Mutex<String?>(nil)
        init(events: @escaping @Sendable (MQTTConnectionEvent) -> Void, broker: String) {
            self.events = events
            self.broker = broker
        }
    }

    private static let libraryReady: Bool = { mosquitto_lib_init() == Int32(MOSQ_ERR_SUCCESS.rawValue) }()

    public init(options: MQTTConnectionOptions) {
        self.options = options
    }

    public static let connector: MQTTConnector = { MosquittoConnection(options: $0) }

    public func open(events: @escaping @Sendable (MQTTConnectionEvent) -> Void) throws(MQTTFailure) {
        guard Self.libraryReady else { throw MQTTFailure("libmosquitto did not initialise") }
        let callbacks = Unmanaged.passRetained(CallbackBox(events: events, broker: options.broker.description))
        guard let mosq = mosquitto_new(options.clientId, true, callbacks.toOpaque()) else {
            callbacks.release()
            throw MQTTFailure("libmosquitto could not create a client: \(String(cString: strerror(errno)))")
        }
        handle = mosq
        box = callbacks
        do throws(MQTTFailure) {
            try configure(mosq)
            let rc = mosquitto_connect(mosq, options.broker.host, Int32(options.broker.port), Int32(options.keepAlive))
            guard rc == Int32(MOSQ_ERR_SUCCESS.rawValue) else { throw MQTTFailure(reason(rc, callbacks.takeUnretainedValue())) }
            let started = mosquitto_loop_start(mosq)
            guard started == Int32(MOSQ_ERR_SUCCESS.rawValue) else { throw MQTTFailure(reason(started, callbacks.takeUnretainedValue())) }
        } catch {
            release()
            throw error
        }
    }

    private func configure(_ mosq: OpaquePointer) throws(MQTTFailure) {
        _ = mosquitto_int_option(mosq, MOSQ_OPT_PROTOCOL_VERSION, MQTT_PROTOCOL_V311)
        // Our own window bounds what is outstanding; the library need not hold packets back.
        _ = mosquitto_max_inflight_messages_set(mosq, 0)
        if let username = options.credentials.username {
            let rc = mosquitto_username_pw_set(mosq, username, options.credentials.password)
            guard rc == Int32(MOSQ_ERR_SUCCESS.rawValue) else { throw MQTTFailure("mqtt.username: \(Self.text(rc))") }
        }
        let will = options.will
        let willSet = will.payload.withUnsafeBytes { bytes in
            mosquitto_will_set(mosq, will.topic, Int32(bytes.count), bytes.baseAddress, Int32(will.qos), will.retain)
        }
        guard willSet == Int32(MOSQ_ERR_SUCCESS.rawValue) else { throw MQTTFailure("the last will: \(Self.text(willSet))") }
        if options.broker.tls {
            let rc = mosquitto_tls_set(mosq, options.credentials.caFile, options.credentials.caFile == nil ? "/etc/ssl/certs" : nil,
                                       nil, nil, nil)
            guard rc == Int32(MOSQ_ERR_SUCCESS.rawValue) else { throw MQTTFailure("TLS set-up: \(Self.text(rc))") }
        }
        mosquitto_log_callback_set(mosq) { _, obj, level, text in
            guard let obj, let text, level & MOSQ_LOG_ERR != 0 else { return }
            let box = Unmanaged<CallbackBox>.fromOpaque(obj).takeUnretainedValue()
            let line = String(cString: text).trimmingCharacters(in: .whitespacesAndNewlines)
            box.lastLogError.withLock { $0 = line }
            // The handshake runs on the network thread, which retries quietly: say why at once.
            if line.hasPrefix("OpenSSL Error") {
                box.events(.lost("TLS with \(box.broker) failed: \(line) (check mqtt.ca_file and the broker's certificate)"))
            }
        }
        mosquitto_connect_callback_set(mosq) { _, obj, rc in
            guard let obj else { return }
            let box = Unmanaged<CallbackBox>.fromOpaque(obj).takeUnretainedValue()
            box.events(rc == 0 ? .connected : .refused("the broker refused the connection: \(String(cString: mosquitto_connack_string(rc)))"))
        }
        mosquitto_disconnect_callback_set(mosq) { _, obj, rc in
            guard let obj, rc != 0 else { return }  // 0: we asked for it
            let box = Unmanaged<CallbackBox>.fromOpaque(obj).takeUnretainedValue()
            box.events(.lost("the connection was lost (\(MosquittoConnection.text(rc)))"))
        }
        mosquitto_publish_callback_set(mosq) { _, obj, mid in
            guard let obj else { return }
            Unmanaged<CallbackBox>.fromOpaque(obj).takeUnretainedValue().events(.acknowledged(mid))
        }
        mosquitto_message_callback_set(mosq) { _, obj, message in
            guard let obj, let message, let topic = message.pointee.topic else { return }
            let count = Int(max(0, message.pointee.payloadlen))
            let payload = message.pointee.payload.map { Array(UnsafeRawBufferPointer(start: $0, count: count)) } ?? []
            Unmanaged<CallbackBox>.fromOpaque(obj).takeUnretainedValue().events(.message(topic: String(cString: topic), payload: payload))
        }
    }

    public func publish(_ message: OutboxMessage) throws(MQTTFailure) -> Int32 {
        guard let handle else { throw MQTTFailure("not connected") }
        var mid: Int32 = 0
        let rc = message.payload.withUnsafeBytes { bytes in
            mosquitto_publish(handle, &mid, message.topic, Int32(bytes.count), bytes.baseAddress, Int32(message.qos), message.retain)
        }
        guard rc == Int32(MOSQ_ERR_SUCCESS.rawValue) else { throw MQTTFailure("publish to \(message.topic): \(Self.text(rc))") }
        return mid
    }

    public func subscribe(_ filter: String) throws(MQTTFailure) {
        guard let handle else { throw MQTTFailure("not connected") }
        let rc = mosquitto_subscribe(handle, nil, filter, 1)
        guard rc == Int32(MOSQ_ERR_SUCCESS.rawValue) else { throw MQTTFailure("subscribe to \(filter): \(Self.text(rc))") }
    }

    public func close(graceful: Bool) {
        guard let handle else { return }
        mosquitto_disconnect(handle)
        // A graceful stop lets the network thread send what is queued, then DISCONNECT; otherwise it is cancelled.
        mosquitto_loop_stop(handle, !graceful)
        release()
    }

    deinit { release() }

    private func release() {
        if let handle { mosquitto_destroy(handle) }
        handle = nil
        box?.release()
        box = nil
    }

    private func reason(_ rc: Int32, _ box: CallbackBox) -> String {
        let broker = options.broker.description
        switch rc {
        case Int32(MOSQ_ERR_ERRNO.rawValue): return "cannot connect to \(broker): \(String(cString: strerror(errno)))"
        case Int32(MOSQ_ERR_EAI.rawValue): return "cannot resolve \(options.broker.host)"
        case Int32(MOSQ_ERR_TLS.rawValue):
            let detail = box.lastLogError.withLock { $0 }.map { ": " + $0.trimmingCharacters(in: .whitespacesAndNewlines) } ?? ""
            return "TLS with \(broker) failed\(detail) (check mqtt.ca_file and the broker's certificate)"
        default: return "cannot connect to \(broker): \(Self.text(rc))"
        }
    }

    static func text(_ rc: Int32) -> String {
        String(cString: mosquitto_strerror(rc))
    }
}
