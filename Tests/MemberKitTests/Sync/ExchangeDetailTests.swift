import Foundation
import MemberDeskTestSupport
import Testing
@testable import MemberKit

@Suite("Exchange details")
struct ExchangeDetailTests {
    @Test("formula neutralization is undone exactly", arguments: ["=1+1", "+1", "-1", "@x", "\tx", "\rx", "'x", "''=x", "plain", "", "'"])
    func formulaGuard(text: String) {
        let neutral = FormulaGuard.neutralize(text)
        if let first = text.unicodeScalars.first, "=+-@\t\r'".unicodeScalars.contains(first) {
            #expect(neutral.hasPrefix("'"))
        }
        #expect(FormulaGuard.restore(neutral) == text)
    }

    @Test("JSON strings: escapes, surrogate pairs, `\\/`; bad ones are errors")
    func jsonStrings() throws {
        var parser = JSONStreamParser(reader: ByteReader(bytes: Array(#"["a\/b\n\u00e9\ud83d\ude00\"", 1.0, 1.5, -0, 12e2]"#.utf8)))
        // Numbers that JSONWriter would write otherwise are kept as written.
        #expect(try parser.parseValue() == .array([.string("a/b\né😀\""), .number("1.0"), .double(1.5), .number("-0"), .number("12e2")]))
        for bad in [#""\ud83d""#, #""\x""#, "\"a\u{01}\"", "01", "1.", "-", "[1,]", "{\"a\" 1}", "tru"] {
            var parser = JSONStreamParser(reader: ByteReader(bytes: Array(bad.utf8)))
            let value = try? parser.parseValue()
            #expect(value == nil, "\(bad) should not parse")
        }
    }

    @Test("JSON written by memberdesk reads back as the same value")
    func jsonWriterRoundTrip() throws {
        let value: JSONValue = .object(["s": .string("a/\"\\\n\t\u{01}李😀"), "n": .int(-3), "d": .double(0.1), "b": .bool(true),
                                        "z": .null, "a": .array([.int(1), .object([:])])])
        var out: [UInt8] = []
        JSONWriter.append(value, to: &out)
        var parser = JSONStreamParser(reader: ByteReader(bytes: out))
        #expect(try parser.parseValue() == value)
        // Foundation reads it the same way.
        #expect(try JSONDecoder().decode(JSONValue.self, from: Data(out)) == value)
    }

    @Test("an export replaces the file atomically and leaves no temporary file; a bad path writes nothing")
    func atomicExport() throws {
        let folder = try TemporaryDirectory()
        let terminal = try SyncTestTerminal(id: "T1")
        try terminal.club.addMember(passId: "04000001", username: "One")
        let path = folder.file("list.musrl")
        try Data("old".utf8).write(to: URL(fileURLWithPath: path))
        let exporter = MemberExporter(database: terminal.database)
        #expect(try exporter.export(to: path, format: .musrl) == MemberFileCount(members: 1))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["list.musrl"])
        #expect(try String(contentsOfFile: path, encoding: .utf8).hasPrefix("[{\"memberId\":"))
        #expect(throws: ExchangeError.self) { try exporter.export(to: folder.file("missing/list.musrl"), format: .musrl) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["list.musrl"])
    }
}

@Suite("Stored fields fast path")
struct StoredFieldsTests {
    @Test("the flat-string fast path reads exactly what the full parser reads, or declines",
          arguments: [#"{"a":"x","b":null}"#, #"{"a":"x\"y"}"#, #"{"a":1}"#, #"{"a":"李😀"}"#, #"{"a":"x"} "#, #"{"a":"x",}"#, #"{}"#, #"{"a":{"b":"c"}}"#])
    func fastPath(text: String) throws {
        var parser = JSONStreamParser(reader: ByteReader(bytes: Array(text.utf8)))
        let full = try? parser.parseValue()
        if let fast = FieldsColumn.flatStringObject(text) {
            #expect(JSONValue.object(fast) == full)
        }
        if case .object(let object)? = full, !text.hasSuffix(" ") { #expect(FieldsColumn.parse(text) == object) }
    }
}
