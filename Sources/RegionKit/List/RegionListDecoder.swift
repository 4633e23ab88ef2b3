import Foundation
import MemberKit

/// Reads RegionFramework's region list: a JSON array of objects with string major/minor
/// ("" = absent), 0 for unused numbers, and our optional keys. Every fault is one line
/// naming the region and the field; nothing here traps on any input (see Fuzz/RegionList).
public enum RegionListDecoder {
    public static func decode(_ data: Data) throws -> [Region] {
        let root: JSONValue
        do {
            root = try JSONDecoder().decode(JSONValue.self, from: data)
        } catch {
            throw DeskError.invalidInput("region list is not valid JSON")
        }
        guard case .array(let items) = root else {
            throw DeskError.invalidInput("region list must be a JSON array of regions")
        }
        var regions: [Region] = []
        var seen = Set<String>()
        for (index, item) in items.enumerated() {
            let region = try decodeRegion(item, index: index)
            guard seen.insert(region.identifier).inserted else {
                throw DeskError.invalidInput("region #\(index + 1): duplicate identifier '\(region.identifier)'")
            }
            regions.append(region)
        }
        return regions
    }

    static func decodeRegion(_ value: JSONValue, index: Int) throws -> Region {
        guard case .object(let object) = value else {
            throw DeskError.invalidInput("region #\(index + 1): expected an object")
        }
        var fields = Fields(object: object, label: "region #\(index + 1)")
        guard let identifier = try fields.string("identifier"), !identifier.isEmpty else {
            throw fields.fail("identifier", "is missing or empty")
        }
        fields.label = "region #\(index + 1) ('\(identifier)')"
        var region = Region(identifier: identifier, name: try fields.string("region_name") ?? "")

        if let uuidText = try fields.string("uuid"), !uuidText.isEmpty {
            guard let uuid = UUID(uuidString: uuidText.trimmingCharacters(in: .whitespaces)) else {
                throw fields.fail("uuid", "'\(uuidText)' is not a UUID")
            }
            region.uuid = uuid.uuidString.uppercased()
        }
        region.major = try fields.uint16("major")
        region.minor = try fields.uint16("minor")
        if region.uuid == nil, region.major != nil || region.minor != nil {
            throw fields.fail("major", "major and minor need a uuid")
        }
        if region.major == nil, region.minor != nil { throw fields.fail("minor", "minor needs a major") }

        region.latitude = try fields.number("center_lat") ?? 0
        region.longitude = try fields.number("center_lng") ?? 0
        region.radius = try fields.number("center_radius") ?? 0
        guard (-90...90).contains(region.latitude) else { throw fields.fail("center_lat", "must be between -90 and 90") }
        guard (-180...180).contains(region.longitude) else { throw fields.fail("center_lng", "must be between -180 and 180") }
        guard region.radius >= 0, region.radius <= 20_000_000 else { throw fields.fail("center_radius", "must be 0 to 20000000 metres") }
        if let expire = try fields.number("expire_at"), expire != 0 { region.expireAt = expire }

        region.enterScript = try fields.string("enter_scripts") ?? ""
        region.exitScript = try fields.string("exit_scripts") ?? ""
        region.checkinScript = try fields.string("checkin_scripts") ?? ""

        if let text = try fields.string("proximity"), !text.isEmpty {
            guard let proximity = Proximity(rawValue: text.lowercased()), proximity != .unknown else {
                throw fields.fail("proximity", "expected immediate, near or far")
            }
            region.proximity = proximity
        }
        region.triggerLimit = try triggerLimit(&fields)
        if let text = try fields.string("active_hours"), !text.isEmpty {
            guard let hours = ActiveHours(text) else { throw fields.fail("active_hours", "expected \"HH:MM-HH:MM\"") }
            region.activeHours = hours
        }
        region.weekdays = try weekdays(fields)

        guard region.isBeaconRegion || region.isCircularRegion else {
            throw DeskError.invalidInput("\(fields.label): neither a beacon region (uuid) nor a circular region (center_lat, center_lng, center_radius)")
        }
        return region
    }

    static func triggerLimit(_ fields: inout Fields) throws -> TriggerLimit {
        var kind = "every_time"
        var cooldown = try fields.number("cooldown") ?? 60
        switch fields.object["trigger_limit"] {
        case nil, .null: break
        case .string(let text): kind = text.isEmpty ? kind : text
        case .object(let nested):
            let inner = Fields(object: nested, label: fields.label + " trigger_limit")
            kind = try inner.string("type") ?? kind
            cooldown = try inner.number("cooldown") ?? cooldown
        default: throw fields.fail("trigger_limit", "expected a string or an object")
        }
        guard cooldown >= 0, cooldown <= 31_536_000 else { throw fields.fail("cooldown", "must be 0 to 31536000 seconds") }
        switch kind {
        case "every_time": return .everyTime(cooldown: cooldown)
        case "once_per_session": return .oncePerSession
        case "once_ever": return .onceEver
        default: throw fields.fail("trigger_limit", "expected every_time, once_per_session or once_ever")
        }
    }

    static let dayNames = ["mon": 1, "tue": 2, "wed": 3, "thu": 4, "fri": 5, "sat": 6, "sun": 7]

    static func weekdays(_ fields: Fields) throws -> Set<Int> {
        guard let value = fields.object["weekdays"], value != .null else { return [] }
        guard case .array(let items) = value else { throw fields.fail("weekdays", "expected an array") }
        var days = Set<Int>()
        for item in items {
            switch item {
            case .int(let day) where (1...7).contains(day): days.insert(day)
            case .string(let name) where dayNames[String(name.lowercased().prefix(3))] != nil && name.count >= 3:
                days.insert(dayNames[String(name.lowercased().prefix(3))]!)
            default: throw fields.fail("weekdays", "expected 1 (Monday) to 7 (Sunday) or day names")
            }
        }
        return days
    }

    /// Typed access to one region's keys, lenient the way RegionFramework's files need:
    /// numbers may come as numeric strings, and "" or null means absent.
    struct Fields {
        let object: [String: JSONValue]
        var label: String

        func fail(_ key: String, _ what: String) -> DeskError {
            DeskError.invalidInput("\(label): field '\(key)' \(what)")
        }

        func string(_ key: String) throws -> String? {
            switch object[key] {
            case nil, .null: return nil
            case .string(let text): return text
            case .int(let number): return String(number)
            case .double(let number) where number.isFinite: return String(number)
            default: throw fail(key, "expected a string")
            }
        }

        func number(_ key: String) throws -> Double? {
            switch object[key] {
            case nil, .null: return nil
            case .int(let number): return Double(number)
            case .double(let number) where number.isFinite: return number
            case .string(let text):
                let trimmed = text.trimmingCharacters(in: .whitespaces)
                if trimmed.isEmpty { return nil }
                guard let number = Double(trimmed), number.isFinite else { throw fail(key, "'\(text)' is not a number") }
                return number
            default: throw fail(key, "expected a number")
            }
        }

        func uint16(_ key: String) throws -> UInt16? {
            switch object[key] {
            case nil, .null: return nil
            case .int(let number):
                guard let value = UInt16(exactly: number) else { throw fail(key, "must be 0 to 65535") }
                return value
            case .string(let text):
                let trimmed = text.trimmingCharacters(in: .whitespaces)
                if trimmed.isEmpty { return nil }
                guard trimmed.count <= 5, trimmed.allSatisfy(\.isASCII), let value = UInt16(trimmed) else {
                    throw fail(key, "'\(text)' is not 0 to 65535")
                }
                return value
            default: throw fail(key, "expected a string such as \"1\"")
            }
        }
    }
}
