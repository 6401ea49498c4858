import Foundation
import ScreenSpec
import Testing

/// Issue 25, fault 13: every limit docs/limits.md states for reading a spec holds at exactly its
/// value and refuses one past it. 512 operators and 64 levels of nesting used to be refused.
@Suite("Reading limits: exactly N is accepted, N + 1 refused")
struct LimitBoundaryTests {
    static func repeated(_ s: String, _ n: Int) -> String { String(repeating: s, count: n) }

    /// The errors of `text` whose message contains `limit`.
    static func errors(_ text: String, about limit: String) -> [Diagnostic] {
        SpecLoader.load(text: text, path: "limit.yaml").diagnostics.filter { $0.severity == .error && $0.message.contains(limit) }
    }

    /// A spec whose one output is `expression`, and a scenario so that it checks whole.
    static func output(_ expression: String) -> String {
        "screen: L\ninputs:\n  n: { type: Int, default: 1 }\noutputs:\n  o: '" + expression + "'\nscenarios:\n  - name: a\n    steps: []\n"
    }

    /// Loads and must check without any error.
    static func checks(_ text: String, _ comment: Comment) {
        let loaded = SpecLoader.load(text: text, path: "limit.yaml")
        #expect(loaded.spec != nil, "\(comment): \(loaded.renderDiagnostics().prefix(400))")
    }

    @Test func expressionOperators() {
        let chain = { (operators: Int) in Array(repeating: "n", count: operators + 1).joined(separator: " + ") }
        Self.checks(Self.output(chain(ExpressionParser.maximumOperators)), "512 operators")
        #expect(!Self.errors(Self.output(chain(ExpressionParser.maximumOperators + 1)), about: "more than 512 operators").isEmpty)
        // Postfix steps count as operators too: 256 `.count` and 256 `+` are 512.
        let counted = Array(repeating: "\"ab\".count", count: 256).joined(separator: " + ") + " + n"
        Self.checks(Self.output(counted), "256 postfix steps and 256 operators")
        #expect(!Self.errors(Self.output(counted + " + n"), about: "more than 512 operators").isEmpty)
    }

    @Test func expressionBrackets() {
        let brackets = { (n: Int) in Self.repeated("(", n) + "n" + Self.repeated(")", n) }
        Self.checks(Self.output(brackets(64)), "64 brackets")
        #expect(!Self.errors(Self.output(brackets(65)), about: "nests deeper than 64 levels").isEmpty)
    }

    @Test func expressionPrefixOperators() {
        Self.checks(Self.output(Self.repeated("- ", 64) + "n"), "64 minus signs")
        #expect(!Self.errors(Self.output(Self.repeated("- ", 65) + "n"), about: "nests deeper than 64 levels").isEmpty)
    }

    @Test func expressionInterpolations() {
        let nested = { (n: Int) -> String in
            var e = "n"
            for _ in 0..<n { e = "\"<\\(" + e + ")>\"" }
            return e
        }
        Self.checks(Self.output(nested(64)), "64 interpolations")
        #expect(!Self.errors(Self.output(nested(65)), about: "nests deeper than 64 levels").isEmpty)
    }

    /// The top-level mapping is one of the 200 levels.
    @Test func yamlFlowNesting() {
        let flow = { (n: Int) in "screen: A\nk: " + Self.repeated("[", n) + Self.repeated("]", n) + "\n" }
        #expect(Self.errors(flow(199), about: "nests deeper").isEmpty)
        #expect(!Self.errors(flow(200), about: "nests deeper than 200 levels").isEmpty)
    }

    @Test func yamlBlockNesting() {
        let block = { (n: Int) in "screen: A\n" + (0..<n).map { Self.repeated(" ", $0) + "k\($0):\n" }.joined() + Self.repeated(" ", n) + "v: 1\n" }
        #expect(Self.errors(block(199), about: "nests deeper").isEmpty)
        #expect(!Self.errors(block(200), about: "nests deeper than 200 levels").isEmpty)
    }

    @Test func durations() {
        let waiting = { (ms: String) in "screen: A\nscenarios:\n  - name: a\n    steps:\n      - wait: \(ms)ms\n" }
        Self.checks(waiting("1000000000000"), "1e12 ms")
        #expect(!Self.errors(waiting("1000000000001"), about: "longer than the longest allowed").isEmpty)
    }

    @Test func fileSize() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("limits-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let head = "screen: A\n# "
        for (size, accepted) in [(SpecLoader.maximumFileSize, true), (SpecLoader.maximumFileSize + 1, false)] {
            let path = folder + "/s\(size).yaml"
            try Data((head + Self.repeated("x", size - head.utf8.count - 1) + "\n").utf8).write(to: URL(fileURLWithPath: path))
            #expect(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int == size)
            let loaded = SpecLoader.load(path: path)
            let tooLarge = loaded.diagnostics.contains { $0.id == "too-large" }
            #expect(tooLarge == !accepted, "\(size) bytes")
            if accepted { #expect(loaded.spec != nil, "\(loaded.renderDiagnostics().prefix(300))") }
        }
    }
}
