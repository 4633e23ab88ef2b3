import MemberCore
import Testing

@Suite struct PassWebBodyTests {
    @Test func aRegistrationBodyGivesItsPushToken() {
        #expect(PassWebBody.pushToken(Array(#"{"pushToken":"a1b2c3"}"#.utf8)) == .success("a1b2c3"))
    }

    @Test(arguments: [#"{}"#, #"{"pushToken":""}"#, #"{"pushToken":7}"#, #"[1]"#, "not json", #"{"pushToken":"a b"}"#,
                      #"{"pushToken":"a\u0000"}"#, "{\"pushToken\":\"" + String(repeating: "f", count: 257) + "\"}", ""])
    func badRegistrationBodiesAreMalformed(_ body: String) {
        guard case .failure = PassWebBody.pushToken(Array(body.utf8)) else {
            Issue.record("\(body) was taken")
            return
        }
    }

    @Test func logLinesAreBoundedAndPlain() throws {
        let body = #"{"logs":["one","two\nlines","three"]}"#
        let (lines, dropped) = try PassWebBody.logLines(Array(body.utf8), maxLines: 2).get()
        #expect(lines == ["one", "two lines"])
        #expect(dropped == 1)
        let long = "{\"logs\":[\"" + String(repeating: "é", count: 2000) + "\"]}"
        let cut = try PassWebBody.logLines(Array(long.utf8), maxLines: 5).get().lines
        #expect(cut[0].utf8.count <= PassWebBody.logLineLimit)
        #expect(cut[0].hasPrefix("ééé"))
    }

    @Test(arguments: [#"{"logs":"x"}"#, #"{"log":[]}"#, "[", #"{"logs":[1]}"#])
    func badLogBodiesAreMalformed(_ body: String) {
        guard case .failure = PassWebBody.logLines(Array(body.utf8), maxLines: 10) else {
            Issue.record("\(body) was taken")
            return
        }
    }

    @Test func theAuthorizationHeader() {
        #expect(PassWebAuthorization.token(fromHeader: "ApplePass abc123") == "abc123")
        #expect(PassWebAuthorization.token(fromHeader: "Bearer abc123") == nil)
        #expect(PassWebAuthorization.token(fromHeader: "ApplePass") == nil)
        #expect(PassWebAuthorization.token(fromHeader: "ApplePass ") == nil)
        #expect(PassWebAuthorization.token(fromHeader: nil) == nil)
    }

    @Test func digestsMatchOnlyWhole() {
        #expect(PassWebAuthorization.digestsMatch([1, 2, 3], [1, 2, 3]))
        #expect(!PassWebAuthorization.digestsMatch([1, 2, 4], [1, 2, 3]))
        #expect(!PassWebAuthorization.digestsMatch([1, 2], [1, 2, 3]))
        #expect(!PassWebAuthorization.digestsMatch([], []))
    }
}
