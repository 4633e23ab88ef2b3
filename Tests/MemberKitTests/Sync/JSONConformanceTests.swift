import Foundation
import Testing
@testable import MemberKit

/// Our own cases for every category of JSONTestSuite's test_parsing: y_ (must be accepted),
/// n_ (must be rejected) and i_ (the parser decides; memberdesk's choice is asserted). A valid
/// text is accepted as JSON, then accepted or refused as a member list with the right message;
/// an invalid one is refused both ways. Nothing crashes or hangs. The same texts seed the .musrl
/// decoder's fuzz target (Fuzz/MusrlDecoder/seeds/json-*).
@Suite("JSON conformance", .timeLimit(.minutes(2)))
struct JSONConformanceTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var bytes: [UInt8]
        /// For valid JSON: nil when the file is a good member list, else what the refusal says.
        var refusal: String?
        var testDescription: String { name }

        init(_ name: String, _ text: String, _ refusal: String? = notObject) {
            self.init(name, Array(text.utf8), refusal)
        }

        init(_ name: String, _ bytes: [UInt8], _ refusal: String? = notObject) {
            self.name = name
            self.bytes = bytes
            self.refusal = refusal
        }
    }

    static let notObject = "a member must be a JSON object"
    static func member(_ id: String, _ extra: String = "") -> String {
        #"{"memberId":"\#(id)","passId":"P-\#(id)","username":"u","timeStampAdded":1,"numVisits":0,"timeStampOfLastVisit":0\#(extra)}"#
    }

    // MARK: y_ — valid JSON

    static let valid: [Case] = [
        // arrays
        Case("y array empty", "[]", nil),
        Case("y array with spaces and newlines", "[ \n\t\r ]", nil),
        Case("y array ending with newline", "[]\n", nil),
        Case("y array of members with spaces", "[ \(member("a")) , \(member("b")) ]", nil),
        Case("y array empty string", #"[""]"#),
        Case("y array false", "[false]"),
        Case("y array null", "[null]"),
        Case("y array several nulls", "[1,null,null,null,2]"),
        Case("y array heterogeneous", #"[null, 1, "1", {}]"#),
        Case("y array one and newline", "[1\n]"),
        Case("y array nested empty", "[[]   ]"),
        Case("y array of empty object", "[{}]", "missing memberId"),
        // numbers
        Case("y number simple int", "[123]"), Case("y number simple real", "[-123.456789]"),
        Case("y number negative int", "[-123]"), Case("y number negative one", "[-1]"),
        Case("y number minus zero", "[-0]"), Case("y number zero exponent", "[0e1]"),
        Case("y number zero exponent plus", "[0e+1]"), Case("y number after space", "[ 4]"),
        Case("y number int with exponent", "[20e1]"), Case("y number capital E", "[1E22]"),
        Case("y number capital E negative exponent", "[1E-2]"), Case("y number capital E positive exponent", "[1E+2]"),
        Case("y number real exponent", "[123e45]"), Case("y number real fraction exponent", "[123.456e78]"),
        Case("y number negative exponent", "[1e-2]"), Case("y number positive exponent", "[1e+2]"),
        Case("y number close to zero", "[-0.000000000000000000000000000000000000000000000000000000000000000000000000000001]"),
        Case("y number trailing zeros", "[1.50]"),
        // objects
        Case("y object empty", "{}", "the file holds a JSON object, not an array"),
        Case("y object basic", #"{"asd":"sdf"}"#, "the file holds a JSON object, not an array"),
        Case("y object duplicated key", #"{"a":"b","a":"c"}"#, "JSON object"),
        Case("y object with newlines", "{\n\"a\": \"b\"\n}", "JSON object"),
        Case("y object extreme numbers", #"{ "min": -1.0e+28, "max": 1.0e+28 }"#, "JSON object"),
        Case("y member with a duplicated key: the last wins", "[\(member("a", #","memberId":"b""#))]", nil),
        Case("y member with an empty key", "[\(member("a", #","":0"#))]", nil),
        Case("y member with an escaped NUL in a key", "[\(member("a", #","foo\u0000bar":42"#))]", nil),
        Case("y member with a long string", "[\(member("a", #","long":"\#(String(repeating: "x", count: 70_000))""#))]", nil),
        Case("y member with extreme numbers", "[\(member("a", #","min":-1.0e+28,"max":1.0e+28"#))]", nil),
        // strings
        Case("y string allowed escapes", #"["\"\\\/\b\f\n\r\t"]"#),
        Case("y string escaped zero", #"["\\u0000"]"#), Case("y string NUL escape", #"["\u0000"]"#),
        Case("y string surrogate pair", #"["\uD801\udc37"]"#), Case("y string surrogate pairs", #"["\ud83d\ude39\ud83d\udc8d"]"#),
        Case("y string last surrogates", #"["\uDBFF\uDFFF"]"#), Case("y string escaped noncharacter", #"["\uFFFF"]"#),
        Case("y string escaped control", #"["\u0012"]"#), Case("y string escaped quote", #"["\u0022"]"#),
        Case("y string escaped backslash", #"["\u005C"]"#), Case("y string uescaped newline", #"["new\u000Aline"]"#),
        Case("y string nbsp uescaped", #"["new\u00A0line"]"#), Case("y string comments inside", #"["a/*b*/c/*d//e"]"#),
        Case("y string one, two, three and four byte UTF-8", "[\"a\u{00E9}\u{65E5}\u{1D11E}\"]"),
        Case("y string raw U+2028 and U+2029", "[\"\u{2028}\u{2029}\"]"), Case("y string raw DEL", "[\"a\u{7F}a\"]"),
        Case("y string raw noncharacters", [0x5B, 0x22, 0xEF, 0xBF, 0xBF, 0xF4, 0x8F, 0xBF, 0xBF, 0xF0, 0x9F, 0xBF, 0xBE, 0xEF, 0xB7, 0x90, 0x22, 0x5D]),
        Case("y string zero width space", "[\"\u{200B}\"]"), Case("y string space", #"" ""#, "the file holds a JSON string, not an array"),
        // structure
        Case("y structure lonely false", "false", "the file holds a JSON boolean, not an array"),
        Case("y structure lonely true", "true", "the file holds a JSON boolean, not an array"),
        Case("y structure lonely null", "null", "the file holds JSON null, not an array"),
        Case("y structure lonely int", "42", "the file holds a JSON number, not an array"),
        Case("y structure lonely negative real", "-0.1", "the file holds a JSON number, not an array"),
        Case("y structure lonely string", #""asd""#, "the file holds a JSON string, not an array"),
        Case("y structure empty string", #""""#, "the file holds a JSON string, not an array"),
        Case("y structure trailing newline", "[\"a\"]\n"), Case("y structure true in array", "[true]"),
        Case("y structure whitespace around", " [] ", nil),
    ]

    // MARK: n_ — invalid JSON

    static let invalid: [Case] = [
        // arrays
        Case("n array 1 true without comma", "[1 true]"), Case("n array invalid UTF-8", [0x5B, 0x61, 0xE5, 0x5D]),
        Case("n array colon instead of comma", #"["": 1]"#), Case("n array comma after close", #"[""],"#),
        Case("n array comma and number", "[,1]"), Case("n array double comma", "[1,,2]"),
        Case("n array double extra comma", #"["x",,]"#), Case("n array extra close", #"["x"]]"#),
        Case("n array extra comma", #"["",]"#), Case("n array incomplete", #"["x""#),
        Case("n array incomplete invalid value", "[x"), Case("n array inner array without comma", "[3[4]]"),
        Case("n array invalid UTF-8 in string", [0x5B, 0x22, 0xFF, 0x22, 0x5D]), Case("n array semicolon", "[1;2]"),
        Case("n array just comma", "[,]"), Case("n array just minus", "[-]"), Case("n array missing value", #"[   , ""]"#),
        Case("n array newlines unclosed", "[\"a\",\n4\n,1,"), Case("n array number and comma", "[1,]"),
        Case("n array number and commas", "[1,,]"), Case("n array vertical tab and form feed", "[\u{0B}\u{0C}]"),
        Case("n array star", "[*]"), Case("n array unclosed", #"[""#), Case("n array unclosed trailing comma", "[1,"),
        Case("n array unclosed with newlines", "[1,\n1\n,1"), Case("n array unclosed with object", "[{}"),
        Case("n array of members unclosed", "[\(member("a"))"),
        // incomplete literals
        Case("n incomplete false", "[fals]"), Case("n incomplete null", "[nul]"), Case("n incomplete true", "[tru]"),
        Case("n multidigit then NUL", [0x31, 0x32, 0x33, 0x00]),
        // numbers
        Case("n number ++", "[++1234]"), Case("n number +1", "[+1]"), Case("n number +Inf", "[+Inf]"),
        Case("n number -01", "[-01]"), Case("n number -1.0.", "[-1.0.]"), Case("n number -2.", "[-2.]"),
        Case("n number -NaN", "[-NaN]"), Case("n number .-1", "[.-1]"), Case("n number .2e-3", "[.2e-3]"),
        Case("n number 0.1.2", "[0.1.2]"), Case("n number 0.3e+", "[0.3e+]"), Case("n number 0.3e", "[0.3e]"),
        Case("n number 0.e1", "[0.e1]"), Case("n number 0E+", "[0E+]"), Case("n number 0E", "[0E]"),
        Case("n number 0e+", "[0e+]"), Case("n number 0e", "[0e]"), Case("n number 1.0e+", "[1.0e+]"),
        Case("n number 1.0e-", "[1.0e-]"), Case("n number 1.0e", "[1.0e]"), Case("n number 1 000", "[1 000.0]"),
        Case("n number 1eE2", "[1eE2]"), Case("n number 2.e+3", "[2.e+3]"), Case("n number 2.e3", "[2.e3]"),
        Case("n number 9.e+", "[9.e+]"), Case("n number Inf", "[Inf]"), Case("n number NaN", "[NaN]"),
        Case("n number fullwidth digit", "[\u{FF11}]"), Case("n number expression", "[1+2]"),
        Case("n number hex", "[0x1]"), Case("n number hex two digits", "[0x42]"), Case("n number Infinity", "[Infinity]"),
        Case("n number -Infinity", "[-Infinity]"), Case("n number +- in exponent", "[0e+-1]"),
        Case("n number negative real with garbage", "[-123.123foo]"), Case("n number invalid UTF-8 in int", [0x5B, 0x30, 0xE5, 0x5D]),
        Case("n number invalid UTF-8 in exponent", [0x5B, 0x31, 0x65, 0x31, 0xE5, 0x5D]), Case("n number minus foo", "[-foo]"),
        Case("n number minus space", "[- 1]"), Case("n number negative leading zero", "[-012]"),
        Case("n number negative without int part", "[-.123]"), Case("n number negative with garbage", "[-1x]"),
        Case("n number garbage after e", "[1ea]"), Case("n number real without fraction", "[1.]"),
        Case("n number starting with dot", "[.123]"), Case("n number with alpha", "[1.2a-3]"),
        Case("n number with alpha char", "[1.8011670033376514H-308]"), Case("n number leading zero", "[012]"),
        Case("n number -00.0", "-00.0"), Case("n number 00e0", "00e0"),
        // objects
        Case("n object bad value", #"["x", truth]"#), Case("n object bracket key", #"{[: "x"}"#),
        Case("n object comma instead of colon", #"{"x", null}"#), Case("n object double colon", #"{"x"::"b"}"#),
        Case("n object emoji", "{\u{1F1E8}\u{1F1ED}}"), Case("n object garbage at end", #"{"a":"a" 123}"#),
        Case("n object single-quoted key", "{'a':0}"), Case("n object lone continuation byte", [0x7B, 0x22, 0xB9, 0x22, 0x3A, 0x22, 0x30, 0x22, 0x2C, 0x7D]),
        Case("n object missing colon", #"{"a" b}"#), Case("n object missing key", #"{:"b"}"#),
        Case("n object missing semicolon", #"{"a" "b"}"#), Case("n object missing value", #"{"a":"#),
        Case("n object no colon", #"{"a""#), Case("n object non-string key", "{1:1}"),
        Case("n object huge number key", "{9999E9999:1}"), Case("n object null keys", "{null:null,null:null}"),
        Case("n object trailing commas", #"{"id":0,,,,,}"#), Case("n object single quote", "{'a'}"),
        Case("n object trailing comma", #"{"id":0,}"#), Case("n object trailing comment", #"{"a":"b"}/**/"#),
        Case("n object trailing open comment", #"{"a":"b"}/**//"#), Case("n object trailing slash comment", #"{"a":"b"}//"#),
        Case("n object trailing slash", #"{"a":"b"}/"#), Case("n object two commas", #"{"a":"b",,"c":"d"}"#),
        Case("n object unquoted key", #"{a: "b"}"#), Case("n object unterminated value", #"{"a":"a"#),
        Case("n object with a lone string", #"{ "foo" : "bar", "a" }"#), Case("n object trailing #", #"{"a":"b"}#"#),
        Case("n member with a trailing comma", "[\(member("a").dropLast()),}]"),
        Case("n single space", " ", "the file is empty"),
        // strings
        Case("n string surrogate then escape", #"["\uD800\"]"#), Case("n string surrogate then \\u", #"["\uD800\u"]"#),
        Case("n string surrogate then \\u1", #"["\uD800\u1"]"#), Case("n string surrogate then \\u1x", #"["\uD800\u1x"]"#),
        Case("n string accentuated char without quotes", "[\u{E9}]"), Case("n string backslash NUL", [0x5B, 0x22, 0x5C, 0x00, 0x22, 0x5D]),
        Case("n string escape x", #"["\x00"]"#), Case("n string escaped backslash bad", #"["\\\"]"#),
        Case("n string escaped tab character", "[\"\\\t\"]"), Case("n string escaped emoji", "[\"\\\u{1F300}\"]"),
        Case("n string incomplete escape", #"["\"]"#), Case("n string incomplete escaped character", #"["\u00A"]"#),
        Case("n string incomplete surrogate", #"["\uD834\uDd"]"#), Case("n string surrogate escape invalid", #"["\uD800\uD800\x"]"#),
        Case("n string invalid UTF-8 in escape", [0x5B, 0x22, 0x5C, 0x75, 0xE5, 0x22, 0x5D]), Case("n string invalid escape", #"["\a"]"#),
        Case("n string invalid unicode escape", #"["\uqqqq"]"#), Case("n string invalid UTF-8 after escape", [0x5B, 0x22, 0x5C, 0xE5, 0x22, 0x5D]),
        Case("n string uescaped leading space", #"[\u0020"asd"]"#), Case("n string no quotes bad escape", #"[\n]"#),
        Case("n string single double quote", "\""), Case("n string single quotes", "['single quote']"),
        Case("n string no double quotes", "abc"), Case("n string start escape unclosed", #"["\"#),
        Case("n string unescaped control char", [0x5B, 0x22, 0x61, 0x00, 0x61, 0x22, 0x5D]),
        Case("n string unescaped newline", "[\"new\nline\"]"), Case("n string unescaped tab", "[\"\t\"]"),
        Case("n string capital U escape", #""\UA66D""#), Case("n string with trailing garbage", #"""x"#),
        // structure
        Case("n structure 100000 opening arrays", String(repeating: "[", count: 100_000)),
        Case("n structure word joiner", "\u{2060}"), Case("n structure BOM and no data", [0xEF, 0xBB, 0xBF], "the file is empty"),
        Case("n structure angle bracket dot", "<.>"), Case("n structure angle bracket null", "[<null>]"),
        Case("n structure array trailing garbage", "[1]x"), Case("n structure extra array close", "[1]]"),
        Case("n structure unclosed string", #"["asd]"#), Case("n structure ASCII identifier", "a\u{E5}"),
        Case("n structure capitalized True", "[True]"), Case("n structure close unopened array", "1]"),
        Case("n structure comma instead of closing brace", #"{"x": true,"#), Case("n structure double array", "[][]"),
        Case("n structure end array", "]"), Case("n structure incomplete BOM", [0xEF, 0xBB, 0x7B, 0x7D]),
        Case("n structure lone invalid UTF-8", [0xE5]), Case("n structure lone open bracket", "["),
        Case("n structure no data", "", "the file is empty"), Case("n structure NUL outside string", [0x5B, 0x00, 0x5D]),
        Case("n structure number with garbage", "2@"), Case("n structure object then closing brace", "{}}"),
        Case("n structure object unclosed", #"{"":"#), Case("n structure object with comment", #"{"a":/*comment*/"b"}"#),
        Case("n structure object with trailing garbage", #"{"a": true} "x""#), Case("n structure open array apostrophe", "['"),
        Case("n structure open array comma", "[,"), Case("n structure open array object", "[{\"\":" + String(repeating: "[{\"\":", count: 200)),
        Case("n structure open array open object", "[{"), Case("n structure open array open string", #"["a"#),
        Case("n structure open array string", #"["a""#), Case("n structure open object", "{"),
        Case("n structure open object close array", "{]"), Case("n structure open object comma", "{,"),
        Case("n structure open object open array", "{["), Case("n structure open object open string", #"{"a"#),
        Case("n structure open object apostrophes", "{'a'"), Case("n structure open open", #"["\{["\{["\{["\{"#),
        Case("n structure single e-acute", [0xE9]), Case("n structure single star", "*"),
        Case("n structure trailing #", #"{"a":"b"}#{}"#), Case("n structure uescaped LF before string", #"[\u000A""]"#),
        Case("n structure unclosed array", "[1"), Case("n structure unclosed partial null", "[ false, nul"),
        Case("n structure unclosed unfinished false", "[ true, fals"), Case("n structure unclosed unfinished true", "[ false, tru"),
        Case("n structure unclosed object", #"{"asd":"asd""#), Case("n structure unicode identifier", "\u{E5}"),
        Case("n structure whitespace word joiner", "[\u{2060}]"), Case("n structure whitespace form feed", "[\u{0C}]"),
        Case("n structure members then garbage", "[\(member("a"))] x"),
    ]

    // MARK: i_ — the parser decides

    /// Valid JSON numbers beyond Int and Double: accepted, and kept as written.
    static let bigNumbers = [
        "123.456e-789", "0.4e" + String(repeating: "0066999999", count: 40) + "9", "-1e+9999", "1.5e+9999",
        "-123123e100000", "123123e100000", "123e-10000000", "-123123123123123123123123123123", "100000000000000000000",
        "-237462374673276894279832749832423479823246327846",
    ]

    /// memberdesk's choices: invalid Unicode is refused, as is nesting past 64 levels.
    static let refusedByChoice: [Case] = [
        Case("i object key lone second surrogate", #"{"\uDFAA":0}"#), Case("i string first surrogate, second missing", #"["\uDADA"]"#),
        Case("i string valid surrogate, invalid second", #"["\uD888\u1234"]"#),
        Case("i string UTF-16LE with BOM", [0xFF, 0xFE, 0x5B, 0x00, 0x22, 0x00, 0xE9, 0x00, 0x22, 0x00, 0x5D, 0x00]),
        Case("i string invalid UTF-8 sequence", [0x5B, 0x22, 0xE6, 0x97, 0xA5, 0xD1, 0x88, 0xFA, 0x22, 0x5D]),
        Case("i string UTF-8 encoded surrogate", [0x5B, 0x22, 0xED, 0xA0, 0x80, 0x22, 0x5D]),
        Case("i string incomplete surrogate and valid escape", #"["\uD800\n"]"#),
        Case("i string incomplete surrogate pair", #"["\uDd1ea"]"#), Case("i string lonely surrogate", #"["\ud800"]"#),
        Case("i string invalid surrogate", #"["\ud800abc"]"#), Case("i string invalid UTF-8", [0x5B, 0x22, 0xFF, 0x22, 0x5D]),
        Case("i string inverted surrogates", #"["\uDd1e\uD834"]"#), Case("i string ISO Latin-1", [0x5B, 0x22, 0xE9, 0x22, 0x5D]),
        Case("i string lone second surrogate", #"["\uDFAA"]"#), Case("i string lone continuation byte", [0x5B, 0x22, 0x81, 0x22, 0x5D]),
        Case("i string not in Unicode range", [0x5B, 0x22, 0xF4, 0xBF, 0xBF, 0xBF, 0x22, 0x5D]),
        Case("i string overlong 2 bytes", [0x5B, 0x22, 0xC0, 0xAF, 0x22, 0x5D]),
        Case("i string overlong 6 bytes", [0x5B, 0x22, 0xFC, 0x83, 0xBF, 0xBF, 0xBF, 0xBF, 0x22, 0x5D]),
        Case("i string truncated UTF-8", [0x5B, 0x22, 0xE0, 0xFF, 0x22, 0x5D]),
        Case("i string UTF-16BE without BOM", [0x00, 0x5B, 0x00, 0x22, 0x00, 0xE9, 0x00, 0x22, 0x00, 0x5D]),
        Case("i string UTF-16LE without BOM", [0x5B, 0x00, 0x22, 0x00, 0xE9, 0x00, 0x22, 0x00, 0x5D, 0x00]),
        Case("i structure 500 nested arrays", String(repeating: "[", count: 500) + String(repeating: "]", count: 500), "nested more than 64"),
    ]

    static var seeds: [Case] { valid + invalid + refusedByChoice + bigNumbers.map { Case("i number \($0.prefix(20))", "[\($0)]") } }

    // MARK: Fuzz seeds

    static let seedFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../../Fuzz/MusrlDecoder/seeds").standardized.path

    static func seedName(_ json: Case) -> String {
        "json-" + String(json.name.map { $0.isLetter && $0.isASCII || $0.isNumber || "+-.".contains($0) ? $0 : "_" })
    }

    /// The fuzz target starts from every case here. MEMBERDESK_WRITE_SEEDS=1 rewrites them after a change.
    @Test("every case is a seed of the .musrl decoder's fuzz target")
    func casesAreFuzzSeeds() throws {
        let write = ProcessInfo.processInfo.environment["MEMBERDESK_WRITE_SEEDS"] == "1"
        #expect(Set(Self.seeds.map(Self.seedName)).count == Self.seeds.count, "seed names are unique")
        for json in Self.seeds {
            let path = Self.seedFolder + "/" + Self.seedName(json)
            if write { try Data(json.bytes).write(to: URL(fileURLWithPath: path)) }
            #expect(FileManager.default.contents(atPath: path).map(Array.init) == json.bytes, "\(path)")
        }
    }

    // MARK: Running them

    /// Every member of the file, or the decoder's error.
    static func decode(_ bytes: [UInt8]) -> Result<[ExchangeMember], ExchangeError> {
        let decoder = ExchangeFormat.musrl.decoder(bytes: bytes, name: "t.musrl")
        var members: [ExchangeMember] = []
        do {
            while let member = try decoder.next() { members.append(member) }
            return .success(members)
        } catch let error as ExchangeError {
            return .failure(error)
        } catch {
            Issue.record("not an ExchangeError: \(error)")
            return .failure(ExchangeError(file: "t.musrl", line: 0, element: nil, message: "\(error)"))
        }
    }

    @Test("y_: valid JSON is accepted as JSON, then accepted or refused as a member list", arguments: valid)
    func validJSON(_ json: Case) throws {
        #expect(throws: Never.self) { try JSONStreamParser.document(json.bytes) }
        switch Self.decode(json.bytes) {
        case .success:
            #expect(json.refusal == nil, "accepted as a member list")
        case .failure(let error):
            let expected = try #require(json.refusal, "refused: \(error)")
            #expect("\(error)".contains(expected), "\(error)")
            #expect(!"\(error)".contains("not JSON"), "\(error)")
            #expect(!"\(error)".contains("\n"))
        }
    }

    @Test("n_: invalid JSON is refused as JSON and as a member list, in one line", arguments: invalid)
    func invalidJSON(_ json: Case) throws {
        #expect(throws: (any Error).self) { try JSONStreamParser.document(json.bytes) }
        guard case .failure(let error) = Self.decode(json.bytes) else {
            Issue.record("accepted as a member list")
            return
        }
        #expect(!"\(error)".contains("\n"))
        #expect("\(error)".hasPrefix("t.musrl ("))
        if let expected = json.refusal, expected != Self.notObject { #expect("\(error)".contains(expected), "\(error)") }
    }

    @Test("i_: invalid Unicode and deep nesting are refused, as memberdesk chooses", arguments: refusedByChoice)
    func refusedAsChosen(_ json: Case) throws {
        #expect(throws: (any Error).self) { try JSONStreamParser.document(json.bytes) }
        guard case .failure(let error) = Self.decode(json.bytes) else {
            Issue.record("accepted as a member list")
            return
        }
        if let expected = json.refusal, expected != Self.notObject { #expect("\(error)".contains(expected), "\(error)") }
    }

    @Test("i_: a BOM before an object is skipped, and the object named")
    func byteOrderMarkBeforeAnObject() {
        guard case .failure(let error) = Self.decode([0xEF, 0xBB, 0xBF, 0x7B, 0x7D]) else { Issue.record("accepted"); return }
        #expect("\(error)".contains("the file holds a JSON object, not an array"))
    }

    @Test("numbers of any length are JSON, kept as written", arguments: bigNumbers + [
        "1.50", "1E2", "-0", "1.0", "0e1", "123.456e78", "-0.000000000000000000000000000000000000000000000000000000000000000000000000000001",
        "1e-2", "0.1", "-1.5", "722345678.123456", "0.30000000000000004", "1e+16", "9007199254740993", "12345678901234567890",
    ])
    func numbersAreKeptAsWritten(_ text: String) throws {
        let value = try JSONStreamParser.document(Array(text.utf8))
        #expect(JSONWriter.text(value) == text)
        #expect(JSONWriter.text(try JSONStreamParser.document(Array("[\(text)]".utf8))) == "[\(text)]")
    }

    @Test("values JSONEncoder writes are read as Int and Double, as Foundation reads them")
    func foundationNumbersStayTyped() throws {
        #expect(try JSONStreamParser.document(Array("[1,-7,0,0.5,722345678.123456,1e+16]".utf8))
                == .array([.int(1), .int(-7), .int(0), .double(0.5), .double(722345678.123456), .double(1e16)]))
    }

    @Test("a field memberdesk does not read keeps any valid number verbatim through import and export")
    func unknownFieldsKeepTheirNumbers() throws {
        let names = Self.bigNumbers + ["1.50", "1E2", "-0"]
        let extra = names.enumerated().map { #","n\#($0.offset)":\#($0.element)"# }.joined()
        let terminal = try SyncTestTerminal(id: "T1")
        let counts = try terminal.importBytes(Array("[\(Self.member("a", extra))]".utf8))
        #expect(counts.new == 1)
        let exported = String(decoding: try terminal.export(), as: UTF8.self)
        for (index, number) in names.enumerated() {
            #expect(exported.contains(#""n\#(index)":\#(number)"#), "n\(index) = \(number.prefix(30))")
        }
        // And again through a second terminal: the export reads back as the same file.
        let other = try SyncTestTerminal(id: "T2")
        try other.importBytes(Array(exported.utf8))
        for (index, number) in names.enumerated() {
            #expect(String(decoding: try other.export(), as: UTF8.self).contains(#""n\#(index)":\#(number)"#))
        }
    }

    @Test("a number memberdesk reads but cannot hold is an error naming the field", arguments: [
        (#""timeStampAdded":1e400"#, "timeStampAdded is 1e400, beyond the range of numbers memberdesk can hold"),
        (#""timeStampOfLastVisit":-1e999"#, "timeStampOfLastVisit is -1e999, beyond the range"),
        (#""numVisits":100000000000000000000"#, "numVisits is 100000000000000000000, too large for a count"),
        (#""numVisits":1e400"#, "numVisits is 1e400, beyond the range"),
        (#""memberdesk":{"modifiedAt":1e400,"modifiedBy":"T"}"#, "modifiedAt is 1e400, beyond the range"),
        (#""memberdesk":{"modifiedAt":1,"modifiedBy":"T","expiresAt":2e308}"#, "expiresAt is 2e308, beyond the range"),
        (#""memberdesk":{"modifiedAt":1,"modifiedBy":"T","visitCounters":{"T1":1e30}}"#, "visitCounters.T1 is 1e30, too large for a count"),
    ])
    func unrepresentableNumbersInReadFields(field: String, expected: String) throws {
        var object = Self.member("a")
        // Replace the key when the member has it, else add it.
        let key = String(field.prefix { $0 != ":" })
        if let range = object.range(of: key + ":") {
            let valueEnd = object[range.upperBound...].firstIndex { $0 == "," || $0 == "}" }!
            object.replaceSubrange(range.lowerBound..<valueEnd, with: field)
        } else {
            object = String(object.dropLast()) + "," + field + "}"
        }
        guard case .failure(let error) = Self.decode(Array("[\(object)]".utf8)) else {
            Issue.record("accepted: \(object)")
            return
        }
        #expect("\(error)".contains("(member 1, line 1): \(expected)"), "\(error)")
    }

    @Test("numbers in read fields are read as ClubKit reads them, whatever their spelling")
    func readFieldsAcceptEveryValidSpelling() throws {
        let object = #"{"memberId":"a","passId":"p","username":null,"timeStampAdded":7.225E8,"numVisits":3.0,"timeStampOfLastVisit":722345678.1234567890123}"#
        let members = try Self.decode(Array("[\(object)]".utf8)).get()
        let record = try #require(members.first?.record)
        #expect(record.timeStampAdded == 722_500_000)
        #expect(record.numVisits == 3)
        #expect(record.timeStampOfLastVisit == 722345678.1234567890123)
    }
}
