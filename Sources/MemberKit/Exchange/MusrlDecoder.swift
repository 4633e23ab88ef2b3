import Foundation

/// Streams ClubKit's .musrl: a bare JSON array of member objects. Accepts everything ClubKit's
/// JSONDecoder does (numbers as strings, null usernames, any key order, `\/`), reads memberdesk's
/// extras under the `memberdesk` key, and rejects duplicate memberIds.
final class MusrlDecoder: MemberFileDecoder {
    private var parser: JSONStreamParser
    private let reader: ByteReader
    private let name: String
    private var element = 0
    private var state = State.start
    private var seen = MemberIdSet()
    private let desks = StampDesks()

    private enum State { case start, inArray, done }

    package init(reader: ByteReader, name: String) {
        self.reader = reader
        self.name = name
        parser = JSONStreamParser(reader: reader)
    }

    public var bytesRead: Int { reader.offset }
    public var totalBytes: Int? { reader.totalBytes }

    private func error(_ message: String, line: Int? = nil, element: Int? = nil) -> ExchangeError {
        ExchangeError(file: name, line: line ?? reader.line, element: element, message: message)
    }

    public func next() throws -> ExchangeMember? {
        do {
            return try step()
        } catch let failure as ByteReadError {
            throw error(failure.message, line: failure.line, element: state == .inArray ? element : nil)
        }
    }

    private func step() throws -> ExchangeMember? {
        switch state {
        case .done: return nil
        case .start:
            try reader.skipByteOrderMark()
            switch try parser.peekToken() {
            case UInt8(ascii: "[")?: _ = try reader.next()
            case nil: throw error("not a member list: the file is empty")
            default:
                // Valid JSON that is not an array is named for what it holds; anything else gets the parser's error.
                let value = try parser.parseValue()
                guard try parser.peekToken() == nil else { throw error("not JSON: unexpected data after the JSON value") }
                throw error("not a member list: the file holds \(Self.kind(of: value)), not an array")
            }
            state = .inArray
            if try parser.peekToken() == UInt8(ascii: "]") {
                _ = try reader.next()
                return try finish()
            }
        case .inArray:
            guard let separator = try parser.peekToken() else {
                throw error("unterminated JSON array (the file ends after member \(element))")
            }
            _ = try reader.next()
            if separator == UInt8(ascii: "]") { return try finish() }
            guard separator == UInt8(ascii: ",") else {
                throw error("expected ',' or ']' after member \(element)", element: element)
            }
        }
        element += 1
        let opening = try parser.peekToken()
        let line = reader.line
        guard opening == UInt8(ascii: "{") else {
            _ = try parser.parseValue()  // a clear JSON error first, if the value is not even JSON
            throw error("a member must be a JSON object", line: line, element: element)
        }
        let object = try parser.parseObject(depth: 1)
        let member: ExchangeMember
        do {
            member = try FieldValue.member(from: object, desks: desks)
        } catch {
            throw self.error(error.message, line: line, element: element)
        }
        guard seen.insert(member.record.memberId) else {
            throw error("duplicate memberId \(member.record.memberId)", line: line, element: element)
        }
        return member
    }

    static func kind(of value: JSONValue) -> String {
        switch value {
        case .object: return "a JSON object"
        case .array: return "a JSON array"
        case .string: return "a JSON string"
        case .int, .double, .number: return "a JSON number"
        case .bool: return "a JSON boolean"
        case .null: return "JSON null"
        }
    }

    private func finish() throws -> ExchangeMember? {
        state = .done
        if try parser.peekToken() != nil { throw error("unexpected data after the JSON array") }
        return nil
    }
}
