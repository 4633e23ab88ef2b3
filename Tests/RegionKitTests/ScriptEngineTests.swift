import Foundation
import MemberDeskTestSupport
import MemberKit
@testable import RegionKit
import Testing

@Suite struct ScriptEngineTests {
    @Test func consoleLogAndActivityVariablesAreValuesNotSource() throws {
        let f = try EngineFixture()
        // A name that would break out of a string literal if it were spliced into the source.
        let result = f.engine.runAndWait("wk_console_log(wk_activity_identifier + '|' + wk_activity_region_name)",
                                         activity: ScriptActivity(identifier: "a'); throw 1; ('", regionName: "東京 カフェ", kind: .enter))
        #expect(result.error == nil)
        #expect(result.output == ["a'); throw 1; ('|東京 カフェ"])
        #expect(f.drain().scriptOutput == ["a'); throw 1; ('|東京 カフェ"])
    }

    @Test func exceptionsAreReportedWithTheirLine() throws {
        let f = try EngineFixture()
        let result = f.run("var a = 1;\nvar b = 2;\nnoSuchFunction();\n")
        let error = try #require(result.error)
        #expect(error.contains("line 3"))
        #expect(error.contains("noSuchFunction"))
        #expect(f.drain().scriptErrors.count == 1)
        let syntax = f.run("var x = ;")
        #expect(syntax.error?.contains("line 1") == true)
    }

    @Test func runawayScriptIsTerminatedAndTheEngineAndCheckInsKeepWorking() throws {
        let f = try EngineFixture(timeLimit: 0.2)
        let started = Date()
        let result = f.run("while(true){}")
        #expect(result.timedOut)
        #expect(result.error?.contains("limit") == true)
        #expect(Date().timeIntervalSince(started) < 30)  // terminated, not hung (no timing assertion beyond that)
        #expect(f.drain().scriptErrors.count == 1)
        // The same region's context is replaced and runs again; check-ins go on.
        #expect(f.run("wk_console_log('still here')").output == ["still here"])
        let outcome = try f.club.checkIn(passId: "04A1B2C3", source: .manual).outcome
        #expect(outcome.isAdmitted)
        let fromScript = f.run("var r = desk.checkIn('04A1B2C4'); wk_console_log(r.outcome)", id: "r2")
        #expect(fromScript.output == ["enrolled"])
    }

    @Test func checkInsWorkWhileAScriptRunsAway() throws {
        let f = try EngineFixture(timeLimit: 0.5)
        f.engine.run("while(true){}", activity: ScriptActivity(identifier: "loop", regionName: "", kind: .enter))
        // The script queue is busy; a tap on another thread is not held up by it.
        for n in 0..<5 {
            let outcome = try f.club.checkIn(passId: "04A1B2D\(n)", source: .nfc).outcome
            #expect(outcome.isAdmitted)
        }
        #expect(f.engine.waitUntilIdle(timeout: 30))
        #expect(f.drain().scriptErrors.contains { $0.contains("limit") })
    }

    @Test func regionsDoNotShareGlobalsButARegionKeepsItsOwn() throws {
        let f = try EngineFixture()
        _ = f.run("var counter = (typeof counter === 'number' ? counter : 0) + 1; wk_console_log(String(counter))", id: "a")
        let second = f.run("var counter = (typeof counter === 'number' ? counter : 0) + 1; wk_console_log(String(counter))", id: "a")
        let other = f.run("wk_console_log(typeof counter)", id: "b")
        #expect(second.output == ["2"])
        #expect(other.output == ["undefined"])
    }

    @Test func nativeFunctionsThrowCatchableExceptions() throws {
        let f = try EngineFixture()
        let result = f.run("try { wk_file_reads('../x') } catch (e) { wk_console_log('caught: ' + e.message) }")
        #expect(result.error == nil)
        #expect(result.output.first?.hasPrefix("caught:") == true)
    }

    @Test func engineIsReleasedWhenDropped() throws {
        weak var released: ScriptEngine?
        do {
            let f = try EngineFixture()
            _ = f.run("wk_console_log('x'); desk.log('y')")
            released = f.engine
        }
        #expect(released == nil)
    }

    @Test func deepRecursionAndOddThrowsAreJustErrors() throws {
        let f = try EngineFixture()
        #expect(f.run("function f() { return f() + 1 } f()").error?.contains("RangeError") == true)
        #expect(f.run("throw 42").error?.contains("42") == true)
        #expect(f.run("throw {toString: function () { throw 1 }}").error != nil)
        #expect(f.run("wk_console_log(Symbol('s'))").error == nil)
        #expect(f.run("wk_console_log('fine')").output == ["fine"])
    }
}
