import Foundation
import Hummingbird
import Logging
import MemberKit
import NIOCore

/// Apple's PassKit web service over Hummingbird: each request's method and path read by the
/// core's `PassWebRoute`, its body bounded (`max_body_bytes`) and read by `PassWebBody`, the
/// answer the backend's decision. No input reaches past a parser unchecked, and no error escapes
/// as anything but a status (500 for the store's, logged).
public struct PassWebResponder: HTTPResponder {
    public typealias Context = BasicRequestContext

    let backend: any PassWebBackend
    let limits: PassWebLimits
    /// The service URL's path (`WalletServiceURL.pathPrefix`).
    let prefix: String
    let log: Logger

    public init(backend: any PassWebBackend, limits: PassWebLimits, prefix: String, log: Logger) {
        self.backend = backend
        self.limits = limits
        self.prefix = prefix
        self.log = log
    }

    public func respond(to request: Request, context: Context) async throws -> Response {
        let target = request.head.path ?? "/"
        let (path, query) = Self.split(target)
        let response: Response
        switch PassWebRoute.parse(method: request.method.rawValue, path: path, query: query, prefix: prefix) {
        case .failure(.notFound):
            response = Self.status(.notFound)
        case .failure(.methodNotAllowed(let allowed)):
            response = Response(status: .methodNotAllowed, headers: [.allow: allowed])
        case .failure(.malformed):
            response = Self.status(.badRequest)
        case .success(let route):
            response = await answer(route, request)
        }
        log.debug("\(request.method.rawValue) \(String(target.prefix(200))) → \(response.status.code)")
        return response
    }

    func answer(_ route: PassWebRoute, _ request: Request) async -> Response {
        let body: [UInt8]
        if let length = request.headers[.contentLength].flatMap(Int.init), length > limits.maxBodyBytes {
            return Self.status(.payloadTooLarge)
        }
        do {
            var buffer = try await request.body.collect(upTo: limits.maxBodyBytes)
            body = buffer.readBytes(length: buffer.readableBytes) ?? []
        } catch is NIOTooManyBytesError {
            return Self.status(.payloadTooLarge)
        } catch {
            return Self.status(.badRequest)
        }
        let token = PassWebAuthorization.token(fromHeader: request.headers[.authorization])
        do {
            return try answer(route, body: body, token: token, ifModifiedSince: HTTPDate.seconds(request.headers[.ifModifiedSince]))
        } catch {
            log.error("wallet serve: \(error)")
            return Self.status(.internalError)
        }
    }

    func answer(_ route: PassWebRoute, body: [UInt8], token: String?, ifModifiedSince: Int?) throws -> Response {
        switch route {
        case .register(let key):
            guard case .success(let pushToken) = PassWebBody.pushToken(body) else { return Self.status(.badRequest) }
            return Self.status(try backend.register(key, pushToken: pushToken, token: token).status)
        case .unregister(let key):
            return Self.status(try backend.unregister(key, token: token).status)
        case .serials(let device, let passTypeId, let since):
            switch try backend.serials(device: device, passTypeId: passTypeId, since: since) {
            case .none:
                return Self.status(.noContent)
            case .updated(let serials, let lastUpdated):
                return Self.json(SerialsAnswer(serialNumbers: serials, lastUpdated: String(lastUpdated)))
            }
        case .latestPass(let passTypeId, let serialNumber):
            let (decision, pkpass) = try backend.latestPass(passTypeId: passTypeId, serialNumber: serialNumber, token: token,
                                                            ifModifiedSince: ifModifiedSince)
            switch decision {
            case .notFound: return Self.status(.notFound)
            case .unauthorized: return Self.status(.unauthorized)
            case .notModified(let tag):
                return Response(status: .notModified, headers: [.lastModified: HTTPDate.string(tag)])
            case .send(let tag):
                guard let pkpass else { return Self.status(.internalError) }
                return Response(status: .ok, headers: [.contentType: "application/vnd.apple.pkpass", .lastModified: HTTPDate.string(tag),
                                                       .contentLength: String(pkpass.count)],
                                body: ResponseBody(byteBuffer: ByteBuffer(bytes: pkpass)))
            }
        case .log:
            switch PassWebBody.logLines(body, maxLines: limits.maxLogLines) {
            case .failure: return Self.status(.badRequest)
            case .success(let (lines, dropped)):
                for line in lines { log.notice("wallet device log: \(line)") }
                if dropped > 0 { log.notice("wallet device log: \(dropped) more lines not written (wallet.service.max_log_lines)") }
                return Self.status(.ok)
            }
        }
    }

    struct SerialsAnswer: Encodable {
        var serialNumbers: [String]
        var lastUpdated: String
    }

    static func json(_ value: some Encodable) -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let bytes = (try? encoder.encode(value)).map(Array.init) ?? Array("{}".utf8)
        return Response(status: .ok, headers: [.contentType: "application/json", .contentLength: String(bytes.count)],
                        body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    static func status(_ status: PassWebStatus) -> Response {
        Response(status: HTTPResponse.Status(code: status.rawValue), headers: status == .noContent || status == .notModified ? [:] : [.contentLength: "0"])
    }

    /// A request target's path and query, split at the first "?".
    static func split(_ target: String) -> (path: String, query: String?) {
        guard let mark = target.firstIndex(of: "?") else { return (target, nil) }
        return (String(target[..<mark]), String(target[target.index(after: mark)...]))
    }
}
