import Foundation
import Testing

/// `docs/architecture.md` says what the code is: its module graph is Package.swift's (drawn
/// without the edges that others imply), and every `Sources/…` path, file and type it names
/// exists. A module added, removed or re-wired, or a file or type renamed, fails here until the
/// document says so.
@Suite struct ArchitectureDocumentTests {
    static let root = Eplint.packageRoot
    static let document =
        (try? String(contentsOf: root.appendingPathComponent("docs/architecture.md"), encoding: .utf8)) ?? ""

    /// The modules the document draws: every library and executable target of the package but
    /// the code generator's and the C modules (drawn as part of the one that imports each).
    static func packageGraph() throws -> [String: Set<String>] {
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        var graph: [String: Set<String>] = [:]
        let call = try Regex(#"\.(target|executableTarget)\(\s*name:\s*"([^"]+)"((?:[^()]|\([^()]*\))*)\)"#)
        for match in manifest.matches(of: call) {
            let name = String(match.output[2].substring ?? "")
            let rest = String(match.output[3].substring ?? "")
            if ["RuleCodegen", "eplint-codegen", "TestSupport"].contains(name) { continue }
            // A C target (vendored libyaml) is drawn as part of the module that imports it.
            if !hasSwiftFiles(root.appendingPathComponent("Sources/\(name)")) { continue }
            var dependencies: Set<String> = []
            if let list = rest.firstMatch(of: try Regex(#"dependencies:\s*\[([^\]]*)\]"#)) {
                let names = String(list.output[1].substring ?? "")
                for quoted in names.matches(of: try Regex(#""([^"]+)""#)) {
                    dependencies.insert(String(quoted.output[1].substring ?? ""))
                }
            }
            graph[name] = dependencies
        }
        for (name, dependencies) in graph { graph[name] = dependencies.filter { graph[$0] != nil } }
        return graph
    }

    static func hasSwiftFiles(_ folder: URL) -> Bool {
        let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        while let url = walker?.nextObject() as? URL {
            if url.pathExtension == "swift" { return true }
        }
        return false
    }

    /// The edges no path of two or more edges implies.
    static func reduced(_ graph: [String: Set<String>]) -> Set<String> {
        func reachable(from start: String, skippingDirect target: String) -> Bool {
            var seen: Set<String> = []
            var stack = Array(graph[start, default: []].subtracting([target]))
            while let next = stack.popLast() {
                if next == target { return true }
                if seen.insert(next).inserted { stack.append(contentsOf: graph[next, default: []]) }
            }
            return false
        }
        var edges: Set<String> = []
        for (name, dependencies) in graph {
            for dependency in dependencies where !reachable(from: name, skippingDirect: dependency) {
                edges.insert("\(name) --> \(dependency)")
            }
        }
        return edges
    }

    /// The first mermaid chart's nodes and edges (`A["label"] --> B`, `A --> B`), each node by the
    /// module its label names first (an id cannot hold `-`: `eplintFuzz["eplint-fuzz<br/>…"]`).
    static func drawnGraph() throws -> (nodes: Set<String>, edges: Set<String>) {
        guard let start = document.range(of: "```mermaid\nflowchart BT\n"),
            let end = document.range(of: "```", range: start.upperBound..<document.endIndex)
        else { return ([], []) }
        let chart = document[start.upperBound..<end.lowerBound]
        var names: [String: String] = [:]
        for match in chart.matches(of: try Regex(#"([A-Za-z][A-Za-z0-9_]*)\["([^"<( ]+)"#)) {
            names[String(match.output[1].substring ?? "")] = String(match.output[2].substring ?? "")
        }
        func module(_ id: Substring?) -> String { names[String(id ?? ""), default: String(id ?? "")] }
        var nodes: Set<String> = []
        var edges: Set<String> = []
        let node = #"([A-Za-z][A-Za-z0-9_]*)(?:\["[^"]*"\])?"#
        let edge = try Regex(#"^\s*"# + node + #"\s*-->\s*"# + node + #"\s*$"#)
        let lone = try Regex(#"^\s*"# + node + #"\s*$"#)
        for line in chart.split(separator: "\n") {
            if let match = line.wholeMatch(of: edge) {
                let from = module(match.output[1].substring)
                let to = module(match.output[2].substring)
                nodes.formUnion([from, to])
                edges.insert("\(from) --> \(to)")
            } else if let match = line.wholeMatch(of: lone) {
                nodes.insert(module(match.output[1].substring))
            }
        }
        return (nodes, edges)
    }

    @Test func theModuleGraphIsPackageSwifts() throws {
        let graph = try Self.packageGraph()
        #expect(graph.count > 10, "Package.swift's targets were not read")
        let drawn = try Self.drawnGraph()
        #expect(drawn.nodes == Set(graph.keys), "modules drawn but not in Package.swift, or missing from the chart")
        let expected = Self.reduced(graph)
        #expect(
            drawn.edges == expected,
            "edges drawn but not Package.swift's: \(drawn.edges.subtracting(expected).sorted()); missing: \(expected.subtracting(drawn.edges).sorted())"
        )
    }

    /// Every `Sources/…` path exists, every `Name.swift` is a file under Sources/, and every
    /// backquoted type (an upper-case name, or the `Type` of `Type.member`) is declared there.
    @Test func everyNamedPathFileAndTypeExists() throws {
        #expect(!Self.document.isEmpty)
        let sources = Self.root.appendingPathComponent("Sources")
        var files: Set<String> = []
        var declared: Set<String> = []
        let declaration = try Regex(
            #"(?:struct|class|enum|protocol|actor|typealias|extension)\s+([A-Z][A-Za-z0-9_]*)"#)
        let walker = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
        while let url = walker?.nextObject() as? URL {
            files.insert(url.lastPathComponent)
            guard url.pathExtension == "swift", let text = try? String(contentsOf: url, encoding: .utf8) else {
                continue
            }
            for match in text.matches(of: declaration) { declared.insert(String(match.output[1].substring ?? "")) }
        }
        var missing: [String] = []
        for match in Self.document.matches(of: try Regex(#"`([^`\n]+)`"#)) {
            let quoted = String(match.output[1].substring ?? "")
            for word in quoted.split(whereSeparator: { " ,()<>[]:".contains($0) }) {
                let word = String(word)
                if word.hasPrefix("Sources/") && !word.contains("…") {
                    let path = word.hasSuffix("/") ? String(word.dropLast()) : word
                    let clean = path.replacingOccurrences(of: "*", with: "")
                    if !clean.contains("*") && !path.contains("*")
                        && !FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(path).path)
                    {
                        missing.append(path)
                    }
                } else if word.hasSuffix(".swift") {
                    let file = String(word.split(separator: "/").last ?? "")
                    if !files.contains(file) { missing.append(word) }
                } else if let first = word.first, first.isUppercase,
                    word.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "." || $0 == "_" })
                {
                    let type = String(word.split(separator: ".").first ?? "")
                    // Only what reads as a Swift type: CamelCase with a lower-case letter.
                    if type.contains(where: { $0.isLowercase }) && !declared.contains(type)
                        && !Self.notTypes.contains(type)
                    {
                        missing.append(word)
                    }
                }
            }
        }
        #expect(missing.isEmpty, "named in docs/architecture.md but not in the code: \(missing)")
    }

    /// docs/development.md names every module and every folder of `Tests/` (`Sources/NAME`,
    /// `Tests/NAME`): a module or test target added without a word there fails here.
    @Test func theDevelopmentPageNamesEveryModuleAndTestFolder() throws {
        let page = try String(contentsOf: Self.root.appendingPathComponent("docs/development.md"), encoding: .utf8)
        var missing: [String] = []
        var seen = 0
        for folder in ["Sources", "Tests"] {
            let names = try FileManager.default.contentsOfDirectory(
                atPath: Self.root.appendingPathComponent(folder).path)
            for name in names.sorted() where !name.hasPrefix(".") {
                var isDirectory: ObjCBool = false
                let path = Self.root.appendingPathComponent("\(folder)/\(name)").path
                guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue
                else { continue }
                seen += 1
                // `Sources/eplint` must not be satisfied by `Sources/eplint-fuzz`.
                let named = try Regex("`\(folder)/\(name)(?![A-Za-z0-9_-])")
                if page.firstMatch(of: named) == nil { missing.append("\(folder)/\(name)") }
            }
        }
        #expect(seen > 20, "Sources/ and Tests/ were not listed")
        #expect(missing.isEmpty, "not named in docs/development.md: \(missing)")
    }

    /// Upper-case words in backquotes that are not Swift types: modules, files' other names, formats.
    static let notTypes: Set<String> = {
        var names: Set<String> = ["Info", "Package", "Generated", "README", "Rules"]
        // Every target of the package, test targets and C modules included.
        if let manifest = try? String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8),
            let quoted = try? Regex(#"name:\s*"([^"]+)""#)
        {
            for match in manifest.matches(of: quoted) { names.insert(String(match.output[1].substring ?? "")) }
        }
        return names
    }()
}
