import Foundation
import SpecTesting
import Testing

/// The names `specrun generate` gives a spec's names (docs/generated-code.md, "Names"): a Swift
/// keyword is a member in backquotes; a name that can be no member is refused at its
/// declaration, `check` warns of it there, and the other specs of the run are still written.
/// Examples/TypedApp and Examples/RxApp compile `names/keywords.yaml` and drive it.
@Suite struct GenerateNamesTests {
    /// Author5's repro (`open` as a row's input): it generates, the method declared in backquotes.
    static let openRow = """
        screen: OpenKeyword
        types:
          Item: { id: Int }
        state:
          items: { type: "[Item]", initial: [{ id: 1 }] }
        viewModels:
          Row:
            params: { item: Item }
            inputs: { open: event }
        cells:
          rows: { viewModel: Row, for: items }
        scenarios:
          - name: a row opens
            steps:
              - send: { rows.open: { row: 1 } }
        """

    /// `self` as a row's input: the one keyword no backquote makes usable.
    static let selfRow = openRow.replacingOccurrences(of: "open", with: "self").replacingOccurrences(of: "OpenKeyword", with: "SelfKeyword")

    @Test func aKeywordIsAMemberInBackquotes() throws {
        let folder = try PackagePaths.temporaryFolder("specrun-generate")
        let spec = try CLI.temporarySpec(Self.openRow, name: "open.yaml")
        let result = try CLI.run(["generate", spec, "--rxswift", "--output", folder])
        #expect(result.status == 0, "\(result)")
        let swift = try String(contentsOfFile: folder + "/open.swift", encoding: .utf8)
        #expect(swift.contains("public func `open`(row: Int) { core.fire(nodes.rowsOpenRow, row: row) }"), "\(swift)")
        #expect(swift.contains("public var `open`: Row? { core.latest(nodes.rowsOpen, as: Row.self) }"))
        #expect(swift.contains("public func rowsOpen(row: Int) { screen.rows.`open`(row: row) }"))
        let rx = try String(contentsOfFile: folder + "/open+RxSwift.swift", encoding: .utf8)
        #expect(rx.contains("public let rowsOpen: PublishRelay<Int>"))

        let keywords = try String(contentsOfFile: PackagePaths.path("Examples/TypedApp/Sources/TypedScreens/names/keywords.yaml"), encoding: .utf8)
        let all = try CLI.run(["generate", try CLI.temporarySpec(keywords, name: "keywords.yaml"), "--output", folder])
        #expect(all.status == 0, "\(all)")
        let text = try String(contentsOfFile: folder + "/keywords.swift", encoding: .utf8)
        for line in ["public var `default`: Int", "case `open`", "public var `class`: String", "public func `switch`(_ value: Int)",
                     "public let `is`: Bool", "public var `return`: ReturnAction", "public func `default`(_ body:", "public var returnEnabled: Bool"] {
            #expect(text.contains(line), "keywords.swift has no '\(line)'")
        }
    }

    @Test func selfIsRefusedAtItsDeclarationAndCheckWarnsThere() throws {
        let spec = try CLI.temporarySpec(Self.selfRow, name: "self.yaml")
        let folder = try PackagePaths.temporaryFolder("specrun-generate") + "/out"
        let result = try CLI.run(["generate", spec, "--output", folder])
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("self.yaml:9:15: error: 'rows.self' becomes no Swift member name (Swift keeps 'self' for the code's own use, even in backquotes)"),
                "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder))
        let check = try CLI.run(["check", spec])
        #expect(check.status == 0, "\(check)")
        #expect(check.stderr.contains("self.yaml:9:15: warning: 'rows.self' becomes no Swift member name"), "\(check.stderr)")
        #expect(check.stderr.contains("'specrun generate' refuses the spec for it"), "\(check.stderr)")
        // A screen's own input is refused at its declaration too, with a name to use instead.
        let input = try CLI.temporarySpec("screen: Keywords\ninputs:\n  email: { type: String, default: \"\" }\n  self: event\n", name: "input.yaml")
        let refused = try CLI.run(["generate", input, "--output", folder])
        #expect(refused.stderr.contains("input.yaml:4:3: error: 'self' becomes no Swift member name"), "\(refused.stderr)")
        #expect(refused.stderr.contains("(for example 'selfValue')"), "\(refused.stderr)")
    }

    /// A folder of specs: the one that cannot be generated is reported and not written, the others
    /// are, and the run fails.
    @Test func aSpecThatFailsStopsOnlyItself() throws {
        let specs = try PackagePaths.temporaryFolder("specrun-generate-specs")
        try Self.selfRow.write(toFile: specs + "/self.yaml", atomically: true, encoding: .utf8)
        try Self.openRow.write(toFile: specs + "/open.yaml", atomically: true, encoding: .utf8)
        let folder = try PackagePaths.temporaryFolder("specrun-generate") + "/out"
        let result = try CLI.run(["generate", specs, "--output", folder])
        #expect(result.status == 2, "\(result)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["open.swift"])
        #expect(result.stdout.contains(folder + "/open.swift"), "\(result.stdout)")
        #expect(result.stderr.contains("1 of 2 specs not generated: \(specs)/self.yaml"), "\(result.stderr)")
    }
}
