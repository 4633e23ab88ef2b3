import Foundation
import Testing

/// Who may write `DeskState`, checked on the sources where the compiler cannot (its fields are
/// `internal(set)`: Swift has no access level for "the reducer's files"). A desk is a value, so
/// only code handed it `inout` (or its own mutating methods) can change it: that is the reducer's
/// files and the slice lenses it scopes, and the event log is written in one place.
@Suite struct DeskStateBoundaryTests {
    /// The parent's files (`DeskReducer` and its extensions, the scoping and routing they use),
    /// the desk's own file, and `FrontDesk`, which holds it and hands it to the reducer alone.
    static let writers = ["State/DeskScope.swift", "Features/DeskFeature.swift", "Features/FeatureJob.swift",
                          "Features/OwnDialogSlice.swift", "State/DeskState.swift", "App/FrontDesk.swift"]
    static let fields = "status|banner|list|inside|log|beacons|stats|dialog|showStats|showInside|focus|narrowSidePane|wedge|jobs|wantsQuit|lock|needsRedraw|clockSecond|width|height"

    static func isWriter(_ file: String) -> Bool {
        writers.contains(file) || file.split(separator: "/").last?.hasPrefix("DeskReducer") == true
    }

    /// A line that writes the desk: handed it `inout`, passes it on (`&state`), or assigns to one of its fields.
    static func writes(_ line: String) -> Bool {
        let assigns = "(state|\\$1)\\.(\(fields))\\b[\\w?.\\[\\]]*\\s*[+-]?=(?!=)"
        return line.contains("inout DeskState") || line.contains("WritableKeyPath<DeskState")
            || line.range(of: "&(state|self)\\b", options: .regularExpression) != nil
            || line.range(of: assigns, options: .regularExpression) != nil
    }

    /// Outside the parent's files only the lenses write the desk, each putting its slice back.
    @Test func onlyTheReducerAndTheSliceLensesWriteTheDesk() throws {
        var outside: [(file: String, line: String)] = []
        for file in NewDialogChecklistTests.swiftFiles() where !Self.isWriter(file) {
            for (_, line) in try NewDialogChecklistTests.code(file) where Self.writes(line) {
                outside.append((file, line.trimmingCharacters(in: .whitespaces)))
            }
        }
        #expect(outside.map(\.file) == ["Features/Import/ImportFeature.swift", "Features/Import/ImportFeature.swift",
                                        "Staff/LockReducer.swift", "Staff/LockReducer.swift", "State/QuitReducer.swift"], "\(outside)")
        #expect(outside.allSatisfy { $0.line.contains("slice") || $0.line.contains("$0.") }, "\(outside)")
    }

    /// Only `DeskState.swift` declares mutating methods on the desk (its size): none hides in an extension.
    @Test func noExtensionOfTheDeskMutatesIt() throws {
        for file in NewDialogChecklistTests.swiftFiles() where file != "State/DeskState.swift" {
            let code = try NewDialogChecklistTests.code(file).map(\.line)
            guard code.contains(where: { $0.contains("extension DeskState") }) else { continue }
            #expect(!code.contains { $0.contains("mutating ") }, "\(file)")
        }
    }

    /// The checker itself: it sees each kind of write, and not a read.
    @Test func theCheckerSeesWritesAndNotReads() {
        #expect(Self.writes("state.dialog = nil") && Self.writes("state.dialog?.signIn?.error = e")
            && Self.writes("state.jobs.countInFlight += 1") && Self.writes("f(&state)") && Self.writes("{ $1.wantsQuit = $0.wantsQuit }")
            && Self.writes("func f(_ s: inout DeskState)"))
        #expect(!Self.writes("guard state.dialog == nil else { return }") && !Self.writes("let x = state.banner.visible(at: now)")
            && !Self.writes("if state.dialog != nil {"))
    }

    /// Every line of the event log goes in through `DeskReducer.logNotes`: bus events, the desk's
    /// first lines and every child's notes alike.
    @Test func theLogIsWrittenInOnePlace() throws {
        var adds: [String] = []
        for file in NewDialogChecklistTests.swiftFiles() {
            for (number, line) in try NewDialogChecklistTests.code(file) where line.contains("log.add(") { adds.append("\(file):\(number)") }
        }
        #expect(adds.count == 1 && adds.first?.hasPrefix("State/DeskScope.swift:") == true, "\(adds)")
        let logNotes = try NewDialogChecklistTests.code("State/DeskScope.swift").map(\.line)
        #expect(logNotes.contains { $0.contains("for note in notes { state.log.add(note, at: now) }") })
    }
}
