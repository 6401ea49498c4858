import Foundation
import ScreenSpec
import SpecRuntime
import SpecTesting
import SpecTools
import Testing

/// Every construct of the language compiles and plays the same timelines from JSON as from YAML.
/// The constructs come from the catalogues (``ProgramConstructs/all``: operators, builtins,
/// component kinds, stream source kinds), not from a hand list: each must be used by at least one
/// example — a shipped spec, a test fixture, a ```yaml block of docs/, or a spec under
/// `Tests/Fixtures/constructs/` written for the constructs nothing else uses — and every example
/// that checks is compiled, loaded back with SpecRuntime alone and played.
@Suite struct ConstructRoundTripTests {
    struct Example: Sendable, CustomTestStringConvertible {
        var name: String
        var text: String
        var testDescription: String { name }
    }

    static let examples: [Example] = {
        var out: [Example] = []
        let files = SpecFinder.specs(in: [PackagePaths.specs, PackagePaths.fixtures, PackagePaths.fixtures + "/constructs"])
        for path in files {
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { continue }
            out.append(Example(name: String(path.dropFirst(PackagePaths.root.count + 1)), text: text))
        }
        let docs = (try? FileManager.default.contentsOfDirectory(atPath: PackagePaths.path("docs"))) ?? []
        for doc in docs.sorted() where doc.hasSuffix(".md") {
            guard let text = try? String(contentsOfFile: PackagePaths.path("docs/" + doc), encoding: .utf8) else { continue }
            for (k, block) in yamlBlocks(text).enumerated() { out.append(Example(name: "docs/\(doc) yaml block \(k + 1)", text: block)) }
        }
        return out
    }()

    /// The examples that check, with scenarios to play, and their programs.
    static let playable: [(example: Example, spec: CheckedSpec)] = examples.compactMap { example in
        let loaded = SpecLoader.load(text: example.text, path: example.name)
        guard let spec = loaded.spec, !spec.scenarios.isEmpty else { return nil }
        return (example, spec)
    }

    static let users: [String: [String]] = {
        var out: [String: [String]] = [:]
        for (example, spec) in playable {
            for construct in (try? ProgramConstructs.used(by: spec)) ?? [] { out[construct, default: []].append(example.name) }
        }
        return out
    }()

    static func yamlBlocks(_ markdown: String) -> [String] {
        var blocks: [String] = [], current: [Substring]? = nil
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line.hasPrefix("```yaml") { current = [] } else if current != nil, line.hasPrefix("```") {
                blocks.append(current!.joined(separator: "\n") + "\n")
                current = nil
            } else if current != nil { current!.append(line) }
        }
        return blocks
    }

    @Test(arguments: ProgramConstructs.all)
    func everyConstructIsUsedByAnExampleThatPlays(_ construct: String) {
        #expect(Self.users[construct] != nil,
                "no spec, fixture or docs example with scenarios uses \(construct): add one under Tests/Fixtures/constructs/")
    }

    @Test func theExamplesCoverEveryConstructAndMoreThanTheShippedSpecs() {
        #expect(Self.playable.count > SpecFinder.specs(in: [PackagePaths.specs]).count)
        #expect(Set(Self.users.keys).isSuperset(of: ProgramConstructs.all))
    }

    @Test(arguments: playable.map(\.example.name))
    func exampleCompilesAndPlaysTheSameFromJSON(_ name: String) throws {
        let spec = try #require(Self.playable.first { $0.example.name == name }?.spec)
        let json = try CompiledSpec.json(spec)
        let compiled: CheckedSpec
        do {
            compiled = try CompiledSpec.load(json: Data(json.utf8))
        } catch {
            Issue.record("\(name) compiles to a program the engine refuses: \(error.message)")
            return
        }
        #expect(compiled.scenarios.count == spec.scenarios.count)
        for i in spec.scenarios.indices {
            let fromYAML = ScenarioRunner.run(spec, scenario: i)
            let fromJSON = ScenarioRunner.run(compiled, scenario: i)
            #expect(TimelineFormatter.text(fromJSON) == TimelineFormatter.text(fromYAML), "\(name) › \(spec.scenarios[i].name)")
            #expect(TimelineFormatter.jsonLines(fromJSON) == TimelineFormatter.jsonLines(fromYAML), "\(name) › \(spec.scenarios[i].name)")
        }
        #expect(try CompiledSpec.json(compiled) == json)
    }
}
