import Foundation
import Testing

/// docs/architecture.md names the code it describes in backticks; every such name must still be
/// there, so that a rename or a deletion cannot leave the document describing code that is gone.
/// Checked: a `Type.member` names a type and a member declared somewhere; a bare name or a dotted
/// key (`visits.keep_days`) is a word of the sources, tests or scripts; a path (`Staff/Foo.swift`,
/// `scripts/bench.sh`) ends some file's path in the tree; a file name (`Foo.swift`) is a file's.
@Suite struct ArchitectureDocNamesTests {
    static let root = StoreBoundaryTests.sources.deletingLastPathComponent()
    /// Named in the document but not ours: what we chose not to use, and where an idea came from.
    static let outsideNames: Set = ["NumberFormatter", "Panel_onKey"]

    struct Tree {
        var paths: [String] = []
        var text = ""
        var words: Set<String> = []
        /// Names that follow a declaring keyword (and every name of a `case a, b` line).
        var declared: Set<String> = []
    }

    static let keywords: Set = ["func", "var", "let", "case", "struct", "enum", "class", "protocol", "typealias", "actor"]

    /// Read once: the tree is the same for every test here.
    static let shared = Result { try tree() }

    static func tree() throws -> Tree {
        var tree = Tree()
        let readable = [".swift", ".sh", ".h", ".modulemap", ".py", ".toml", ".json", ".service", ".c"]
        for base in ["Sources", "Tests", "scripts", "Fuzz", "debian"] {
            let folder = root.appendingPathComponent(base)
            guard let paths = FileManager.default.enumerator(atPath: folder.path) else { continue }
            for case let path as String in paths {
                tree.paths.append(base + "/" + path)
                // Not this file: the names it makes up to prove the check fails must stay unknown.
                if readable.contains(where: path.hasSuffix), !path.hasSuffix("ArchitectureDocNamesTests.swift") {
                    tree.text += (try? String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)) ?? ""
                    tree.text += "\n"
                }
            }
        }
        for file in ["Makefile", "Package.swift", "README.md"] {
            tree.paths.append(file)
            tree.text += try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
        }
        let all = words(in: tree.text)
        tree.words = Set(all)
        for (index, word) in all.enumerated().dropLast() where keywords.contains(word) { tree.declared.insert(all[index + 1]) }
        for line in tree.text.split(separator: "\n") where line.drop(while: { $0 == " " }).hasPrefix("case ") {
            tree.declared.formUnion(words(in: String(line)))
        }
        return tree
    }

    static func words(in text: String) -> [String] {
        text.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init)
    }

    /// The backticked spans of `markdown`, one line at a time (a span never crosses a line here).
    static func codeSpans(_ markdown: String) -> [String] {
        markdown.split(separator: "\n").flatMap { line -> [String] in
            let parts = line.split(separator: "`", omittingEmptySubsequences: false)
            return stride(from: 1, to: parts.count - 1, by: 2).map { String(parts[$0]) }
        }
    }

    static func isIdentifier(_ part: Substring) -> Bool {
        guard let first = part.first, first.isLetter || first == "_" else { return false }
        return part.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
    }

    /// Why `span` names nothing in `tree`, or nil when it does (or is not a name: prose, a command, SQL).
    static func problem(_ span: String, in tree: Tree) -> String? {
        if span.hasSuffix(".swift") || span.hasSuffix(".sh") || span.hasSuffix(".md") {
            let path = span.hasPrefix("./") ? String(span.dropFirst(2)) : span
            let docs = FileManager.default.fileExists(atPath: root.appendingPathComponent("docs/" + path).path)
            let found = docs || FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path)
                || tree.paths.contains { $0.hasSuffix("/" + path) || $0 == path }
            return found ? nil : "no file \(span)"
        }
        // A name, a dotted name, maybe with an argument list: `Club.checkIn(_:)`.
        let name = span.split(separator: "(", maxSplits: 1).first.map(String.init) ?? span
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        guard !parts.isEmpty, parts.allSatisfy(isIdentifier) else { return nil }
        if outsideNames.contains(name) { return nil }
        if parts.count == 2, parts[0].first?.isUppercase == true {
            let member = String(parts[1])
            let declared = tree.declared.contains(member)
            if !tree.words.contains(String(parts[0])) { return "no type \(parts[0]) (\(span))" }
            return declared || member == "init" ? nil : "no member \(member) declared (\(span))"
        }
        for part in parts where part.count >= 3 && !tree.words.contains(String(part)) { return "no \(part) in the code (\(span))" }
        return nil
    }

    @Test func everyNameTheDocumentGivesIsInTheCode() throws {
        let doc = try String(contentsOf: Self.root.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
        let tree = try Self.shared.get()
        let spans = Self.codeSpans(doc)
        let problems = spans.compactMap { Self.problem($0, in: tree) }
        #expect(spans.count > 300, "docs/architecture.md's names were not read")
        #expect(problems.isEmpty, "docs/architecture.md names what the code does not have:\n\(problems.joined(separator: "\n"))")
    }

    /// The check can fail: names that are gone are reported, and names that are there are not.
    @Test func aGoneNameIsReported() throws {
        let tree = try Self.shared.get()
        #expect(Self.problem("AppDatabase.checkIn(_:outbox:)", in: tree) == nil)
        #expect(Self.problem("Store/AppDatabase+CheckIn.swift", in: tree) == nil)
        #expect(Self.problem("visits.keep_days", in: tree) == nil)
        #expect(Self.problem("the desk at 7 am", in: tree) == nil)
        #expect(Self.problem("AppDatabase.checkInTwice", in: tree) != nil)
        #expect(Self.problem("NoSuchTypeAnywhere", in: tree) != nil)
        #expect(Self.problem("Store/AppDatabase+Gone.swift", in: tree) != nil)
        #expect(Self.codeSpans("a `b` c `d.e` f") == ["b", "d.e"])
    }
}
