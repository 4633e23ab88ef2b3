import CardReader
import Foundation
import MemberKit

/// One flushed line per bus event that `memberdesk scan` reports: check-ins (JSON as
/// `JSONOutput.checkIn`), reader events and errors (JSON with an `event` key).
struct ScanPrinter: Sendable {
    let json: Bool
    /// The club's (`plans.warn_days`, its calendar): a tap's line says what `checkin --json` would.
    let plans: PlanSettings

    func print(_ event: DeskEvent) {
        guard let line = json ? jsonLine(event) : textLine(event) else { return }
        MemberDeskCLI.print(line)
        fflush(nil)
    }

    private static func now() -> String { ISO8601Formatters.string(from: CommandClock.current.now()) }

    func jsonLine(_ event: DeskEvent) -> String? {
        var object: [String: JSONValue] = ["time": .string(Self.now())]
        switch event {
        case .checkIn(let report):
            return JSONOutput.line(JSONOutput.checkIn(report, plans: plans))
        case .error(let notice) where notice.passId != nil:
            // A tap that could not be written: an outcome like any other tap's, never counted.
            object["outcome"] = .string("error")
            object["reason"] = .string(notice.reason ?? "store")
            object["passId"] = .string(notice.passId ?? "")
            object["source"] = .string(notice.source)
            object["message"] = .string("Not counted: \(notice.message)")
        case .error(let notice):
            object["event"] = .string("error")
            object["source"] = .string(notice.source)
            object["message"] = .string(notice.message)
        case .reader(let readerEvent):
            switch readerEvent {
            case .attached(let reader):
                object["event"] = .string("readerAttached")
                object["reader"] = .string(reader)
            case .removed(let reader):
                object["event"] = .string("readerRemoved")
                object["reader"] = .string(reader)
            case .cardPresented(let reader, let atr):
                object["event"] = .string("cardPresented")
                object["reader"] = .string(reader)
                object["atr"] = .string(hex(atr))
                object["card"] = (try? ATRInfo(parsing: atr)).map { .string($0.cardName) } ?? .null
            case .cardRemoved(let reader):
                object["event"] = .string("cardRemoved")
                object["reader"] = .string(reader)
            case .service(let available):
                object["event"] = .string("service")
                object["available"] = .bool(available)
            case .failure(let reader, let message):
                object["event"] = .string("readerError")
                object["reader"] = reader.map(JSONValue.string) ?? .null
                object["message"] = .string(message)
            }
        default:
            return nil
        }
        return JSONOutput.line(object)
    }

    func textLine(_ event: DeskEvent) -> String? {
        let time = Self.now()
        switch event {
        case .checkIn(let report):
            return "\(time) \(report.source.rawValue) \(report.passId): \(report.message(sellPack: CheckInCommand.sellPack))"
        case .error(let notice) where notice.passId != nil:
            return "\(time) \(notice.passId ?? "") not counted: \(notice.message)"
        case .error(let notice):
            return "\(time) error (\(notice.source)): \(notice.message)"
        case .reader(let readerEvent):
            switch readerEvent {
            case .attached(let reader): return "\(time) reader attached: \(reader)"
            case .removed(let reader): return "\(time) reader removed: \(reader)"
            case .cardPresented(let reader, let atr):
                let name = (try? ATRInfo(parsing: atr))?.cardName ?? "card"
                return "\(time) \(name) presented on \(reader)"
            case .cardRemoved(let reader): return "\(time) card removed from \(reader)"
            case .service(let available):
                return "\(time) " + (available ? "pcscd connected" : "pcscd not available; retrying")
            case .failure(_, let message): return "\(time) reader error: \(message)"
            }
        default:
            return nil
        }
    }
}
