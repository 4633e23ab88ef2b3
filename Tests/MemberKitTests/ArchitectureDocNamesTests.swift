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

    /// What the check reads: a copy of these alone is a repository with nothing beside it.
    static let folders = ["Sources", "Tests", "scripts", "Fuzz", "debian"]
    static let files = ["Makefile", "Package.swift", "README.md"]

    static func tree(at root: URL = root) throws -> Tree {
        var tree = Tree()
        let readable = [".swift", ".sh", ".h", ".modulemap", ".py", ".toml", ".json", ".service", ".c"]
        for base in folders {
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
        for file in files {
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
    static func problem(_ span: String, in tree: Tree, root: URL = root) -> String? {
        if span.hasSuffix(".swift") || span.hasSuffix(".sh") || span.hasSuffix(".md") {
            let path = span.hasPrefix("./") ? String(span.dropFirst(2)) : span
            // A clone has nothing beside it: a file outside the repository is not the project's.
            if path.hasPrefix("/") || path.split(separator: "/").contains("..") { return "a file outside the repository: \(span)" }
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

    static func problems(root: URL, tree: Tree) throws -> (spans: Int, problems: [String]) {
        let doc = try String(contentsOf: root.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
        let spans = codeSpans(doc)
        return (spans.count, spans.compactMap { problem($0, in: tree, root: root) })
    }

    @Test func everyNameTheDocumentGivesIsInTheCode() throws {
        let (spans, problems) = try Self.problems(root: Self.root, tree: try Self.shared.get())
        #expect(spans > 300, "docs/architecture.md's names were not read")
        #expect(problems.isEmpty, "docs/architecture.md names what the code does not have:\n\(problems.joined(separator: "\n"))")
    }

    /// CI clones the repository beside other folders; this check runs on a copy alone in an
    /// empty folder, so a name that only resolves outside the repository fails here too.
    @Test func theDocumentNeedsNothingBesideTheRepository() throws {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("alone-\(UUID().uuidString)")
        let copy = empty.appendingPathComponent("memberdesk")
        try FileManager.default.createDirectory(at: copy, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: empty) }
        for name in Self.folders + Self.files + ["docs"] {
            let from = Self.root.appendingPathComponent(name)
            guard FileManager.default.fileExists(atPath: from.path) else { continue }
            try FileManager.default.copyItem(at: from, to: copy.appendingPathComponent(name))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: empty.path) == ["memberdesk"])
        let (spans, problems) = try Self.problems(root: copy, tree: try Self.tree(at: copy))
        #expect(spans > 300)
        #expect(problems.isEmpty, "docs/architecture.md needs what a copy alone lacks:\n\(problems.joined(separator: "\n"))")
    }

    /// Every link and code span in the README and docs/ that climbs out with `..` stays inside the repository.
    @Test func noDocumentPointsOutsideTheRepository() throws {
        let docs = Self.root.appendingPathComponent("docs")
        let pages = try FileManager.default.contentsOfDirectory(atPath: docs.path).filter { $0.hasSuffix(".md") }
            .map { docs.appendingPathComponent($0) } + [Self.root.appendingPathComponent("README.md")]
        var outside: [String] = []
        for page in pages {
            let text = try String(contentsOf: page, encoding: .utf8)
            for target in Self.codeSpans(text) + Self.linkTargets(text) where target.contains("../") {
                let resolved = page.deletingLastPathComponent().appendingPathComponent(target).standardizedFileURL.path
                if !resolved.hasPrefix(Self.root.standardizedFileURL.path + "/") { outside.append("\(page.lastPathComponent): \(target)") }
            }
        }
        #expect(outside.isEmpty, "pages that name files outside the repository:\n\(outside.joined(separator: "\n"))")
    }

    /// The targets of markdown links, `[text](target)`.
    static func linkTargets(_ markdown: String) -> [String] {
        markdown.components(separatedBy: "](").dropFirst().compactMap { rest in
            rest.split(separator: ")", maxSplits: 1).first.map { String($0.split(separator: "#").first ?? "") }
        }
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
        #expect(Self.problem("../outside/STYLE.md", in: tree) == "a file outside the repository: ../outside/STYLE.md")
        #expect(Self.linkTargets("see [a](docs/sync.md#x) and [b](../c.md)") == ["docs/sync.md", "../c.md"])
    }
}
