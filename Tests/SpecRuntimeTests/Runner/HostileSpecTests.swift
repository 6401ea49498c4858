import Foundation
import ScreenSpec
import SpecRuntime
@testable import SpecRuntime
import Testing

/// A table of generated hostile specs, one or more per class of attack: each must end in a
/// located diagnostic (exit 2) or a scenario stopped by one of the runtime's own budgets with a
/// located runtime error (exit 1), never a crash, a hang or a wrong timeline. The cost of each
/// case is bounded by the tool's limits (file size, nesting, operator count, suggestion budget,
/// entry, event, value-size and memory budgets), not by a wall-clock assertion.
@Suite("Hostile specs: every class ends located")
struct HostileSpecTests {
    /// What a hostile spec must produce.
    enum Outcome: Sendable, CustomStringConvertible {
        /// Invalid: an error whose message contains the text, at this line and column.
        case invalid(line: Int, column: Int, message: String)
        /// Valid, but a scenario budget stops scenario 0 with a runtime error that names the spec's
        /// location and contains the text.
        case stopped(message: String)

        var description: String {
            switch self {
            case .invalid(let line, let column, let message): return "invalid \(line):\(column) \(message)"
            case .stopped(let message): return "stopped: \(message)"
            }
        }
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var text: String
        var outcome: Outcome
        /// A smaller work budget than the default, to keep the case quick in a debug build.
        var workLimit = ScenarioRunner.maximumWork
        var testDescription: String { name }
    }

    static func repeated(_ s: String, _ n: Int) -> String { String(repeating: s, count: n) }

    static func growing(_ state: String, _ type: String, _ initial: String, steps: Int) -> String {
        """
        screen: Grow
        inputs:
          tick: event
        state:
          \(state): { type: "\(type)", initial: \(initial) }
        handlers:
          - on: tick
            set: { \(state): \(state) + \(state) }
        scenarios:
          - name: grows
            steps:
        \(repeated("      - send: tick\n", steps))
        """
    }

    static let cases: [Case] = [
        // YAML level.
        Case(name: "flow nesting past 200 levels", text: "screen: A\nk: " + repeated("[", 201) + repeated("]", 201) + "\n",
             outcome: .invalid(line: 2, column: 204, message: "the document nests deeper than 200 levels")),
        Case(name: "block nesting past 200 levels",
             text: "screen: A\n" + (0..<201).map { repeated(" ", $0) + "k\($0):\n" }.joined() + repeated(" ", 201) + "v: 1\n",
             outcome: .invalid(line: 202, column: 201, message: "the document nests deeper than 200 levels")),
        Case(name: "an alias naming no anchor", text: "screen: *a\n",
             outcome: .invalid(line: 1, column: 9, message: "'*a' names no anchor")),
        Case(name: "aliases expanding a billion laughs",
             text: "screen: A\na: &a [x, x, x, x, x, x, x, x, x, x]\n"
                + "bcdefg".map { n in "\(n): &\(n) [" + Array(repeating: "*" + String(Character(UnicodeScalar(n.unicodeScalars.first!.value - 1)!)), count: 10).joined(separator: ", ") + "]\n" }.joined(),
             outcome: .invalid(line: 5, column: 36, message: "the aliases expand to more than 10000 nodes")),
        Case(name: "a second document after ---", text: "screen: A\n---\nscreen: B\n",
             outcome: .invalid(line: 2, column: 1, message: "a spec file holds one YAML document")),
        Case(name: "an empty second document", text: "screen: A\n---\n",
             outcome: .invalid(line: 2, column: 1, message: "a spec file holds one YAML document")),
        Case(name: "more text after ...", text: "screen: A\n...\nscreen: B\n",
             outcome: .invalid(line: 3, column: 1, message: "did not find expected <document start>")),
        Case(name: "a NUL byte", text: "screen: A\u{0}\n", outcome: .invalid(line: 1, column: 1, message: "NUL byte")),
        Case(name: "a tab in the indentation", text: "screen: A\ninputs:\n\tx: Int\n",
             outcome: .invalid(line: 3, column: 1, message: "invalid YAML")),
        // Expression level.
        Case(name: "brackets 70 deep",
             text: "screen: A\ninputs:\n  n: { type: Int, default: 0 }\noutputs:\n  o: " + repeated("(", 70) + "n" + repeated(")", 70) + "\n",
             outcome: .invalid(line: 5, column: 71, message: "expression nests deeper than 64 levels")),
        Case(name: "600 operators in a flat chain",
             text: "screen: A\ninputs:\n  n: { type: Int, default: 0 }\noutputs:\n  o: " + Array(repeating: "n", count: 600).joined(separator: " + ") + "\n",
             outcome: .invalid(line: 5, column: 2056, message: "expression has more than 512 operators")),
        Case(name: "70 nested string interpolations", text: interpolations(70),
             outcome: .invalid(line: 5, column: 267, message: "expression nests deeper than 64 levels")),
        Case(name: "a duration past 1e12 ms",
             text: "screen: A\nscenarios:\n  - name: a\n    steps:\n      - wait: 2000000000000ms\n",
             outcome: .invalid(line: 5, column: 15, message: "is longer than the longest allowed (1000000000000ms)")),
        Case(name: "an integer literal past Int.max",
             text: "screen: A\noutputs:\n  o: 99999999999999999999 + 1\n",
             outcome: .invalid(line: 3, column: 6, message: "integer literal '99999999999999999999' overflows Int")),
        Case(name: "a type nested 300 deep",
             text: "screen: A\ninputs:\n  n: { type: \"" + repeated("[", 300) + "Int" + repeated("]", 300) + "\" }\n",
             outcome: .invalid(line: 3, column: 14, message: "nests too deeply")),
        // Runtime budgets.
        Case(name: "a string doubled at every event", text: growing("s", "String", "\"ab\"", steps: 40),
             outcome: .stopped(message: "a string of 1048576 characters is larger than the limit of 1000000")),
        Case(name: "a list doubled at every event", text: growing("xs", "[Int]", "[1]", steps: 40),
             outcome: .stopped(message: "a list of 1048576 elements is larger than the limit of 1000000")),
        Case(name: "a scan appending every element to a list", text: """
            screen: Scan
            inputs:
              n: { type: Int, default: 0 }
            outputs:
              all:
                stream: n
                ops:
                  - scan: { seed: "[]", accumulator: "$0 + [$1]" }
            scenarios:
              - name: grows
                steps:
            \((1...5000).map { "      - set: { n: \($0) }\n" }.joined())
            """, outcome: .stopped(message: "(the memory budget), reached by 'all'")),
        Case(name: "an interpolation of a list of shared large strings", text: """
            screen: Print
            inputs:
              tick: event
            state:
              xs: { type: "[String]", initial: ["0123456789"] }
            outputs:
              shown: '"\\(xs)"'
            handlers:
              - on: tick
                set: { xs: xs + xs }
            scenarios:
              - name: prints
                steps:
            \(repeated("      - send: tick\n", 20))
            """, outcome: .stopped(message: "a value too large to print as text (more than 1000000 elements and characters)")),
        Case(name: "a feedback loop mapping a large list at every turn", text: """
            screen: Work
            inputs:
              grow: event
            state:
              xs: { type: "[Int]", initial: [1] }
              n: { type: Int, initial: 0 }
            outputs:
              again: { stream: load.elements, ops: [ { delay: 1ms } ] }
              busy: "xs.map { $0 + n }.count"
            actions:
              load:
                trigger: again
                work: { call: api.get }
            handlers:
              - on: grow
                set: { xs: xs + xs }
              - on: load.elements
                set: { n: n + 1 }
            services:
              api.get: { returns: Int, latency: 0ms, result: 1 }
            scenarios:
              - name: a
                steps:
            \(repeated("      - send: grow\n", 16))
                  - send: load
                  - wait: 1000000s
            """, outcome: .stopped(message: "list elements and characters (the work budget)"), workLimit: 5_000_000),
    ]

    static func interpolations(_ depth: Int) -> String {
        var e = "n"
        for _ in 0..<depth { e = "\"<\\(" + e + ")>\"" }
        return "screen: I\ninputs:\n  n: { type: Int, default: 1 }\noutputs:\n  s: '" + e + "'\n"
    }

    @Test(arguments: cases)
    func endsLocated(_ hostile: Case) throws {
        let loaded = SpecLoader.load(text: hostile.text, path: "hostile.yaml")
        switch hostile.outcome {
        case .invalid(let line, let column, let message):
            let errors = loaded.diagnostics.filter { $0.severity == .error }
            #expect(loaded.spec == nil)
            let first = try #require(errors.first, "no error for \(hostile.name)")
            #expect(first.range.file == "hostile.yaml")
            #expect((first.range.start.line, first.range.start.column) == (line, column), "\(first.message)")
            #expect(first.message.contains(message), "\(first.message)")
        case .stopped(let message):
            let spec = try #require(loaded.spec, "\(loaded.renderDiagnostics())")
            let timeline = ScenarioRunner.run(spec, scenario: 0, workLimit: hostile.workLimit)
            #expect(timeline.stoppedByLimit)
            #expect(!timeline.passed)
            guard case .runtimeError(_, let last)? = timeline.entries.last else {
                Issue.record("the timeline does not end with the stop")
                return
            }
            #expect(last.hasPrefix("hostile.yaml:"), "\(last)")
            #expect(last.contains(message), "\(last)")
            #expect(last.contains("the scenario stopped"))
        }
    }

    /// 32 nested interpolations used to type as Void and print `()`.
    @Test func nestedInterpolationsWorkUpToTheLimit() throws {
        for depth in [31, 32, 33, 60] {
            let loaded = SpecLoader.load(text: Self.interpolations(depth) + "scenarios:\n  - name: a\n    steps: []\n", path: "i.yaml")
            let spec = try #require(loaded.spec, "\(depth): \(loaded.renderDiagnostics())")
            let timeline = ScenarioRunner.run(spec, scenario: 0)
            let expected = Self.repeated("<", depth) + "1" + Self.repeated(">", depth)
            #expect(timeline.entries.first == .emission(time: 0, name: "s", value: .string(expected)), "\(depth)")
        }
    }

    /// A derived output that overflows at start has no value: nothing downstream (outputs, lists,
    /// labels, state written by a handler, a `scan`) sees a `nil` outside its type, and all of it
    /// recovers when the input does.
    @Test func anOutputThatFailsAtStartHasNoValueUntilItsInputRecovers() throws {
        let loaded = SpecLoader.load(text: """
            screen: Ovf
            inputs:
              n: { type: Int, default: 9223372036854775807 }
              bump: event
            state:
              total: { type: Int, initial: 0 }
            outputs:
              big: n + 1
              doubled: big * 2
              label: '"v=\\(big)"'
              items: "[big, 1]"
              sums:
                stream: big
                ops:
                  - scan: { seed: "0", accumulator: "$0 + $1" }
            handlers:
              - on: bump
                set: { total: big }
            scenarios:
              - name: recovers
                steps:
                  - send: bump
                  - expect: { total: 0 }
                  - set: { n: 1 }
                  - send: bump
                  - expect: { big: 2, doubled: 4, label: "v=2", items: [2, 1], total: 2, sums: 2 }
            """, path: "ovf.yaml")
        let spec = try #require(loaded.spec, "\(loaded.renderDiagnostics())")
        let timeline = ScenarioRunner.run(spec, scenario: 0)
        let text = TimelineFormatter.text(timeline)
        #expect(!text.contains("nil"), "\(text)")
        #expect(!text.contains("✗"), "\(text)")
        let errors = timeline.entries.compactMap { entry -> String? in
            if case .runtimeError(_, let message) = entry { return message }
            return nil
        }
        #expect(errors == ["'big': integer overflow in arithmetic on 9223372036854775807 and 1",
                           "handler on 'bump': 'big' has no value (its expression failed)"])
    }

    /// Hundreds of kilobytes of long misspelt names: every unknown name is still reported, and
    /// the suggestion search stops at its budget (checking stays linear).
    @Test func manyLongMisspelledNamesAreAllReportedWithinTheSuggestionBudget() {
        var generator = SplitMix(seed: 7)
        let letters = Array("abcdefghij")
        let names = (0..<1500).map { _ in "n" + String((0..<40).map { _ in letters[Int(generator.next() % 10)] }) }
        var lines = ["screen: S", "inputs:"] + names.map { "  \($0): { type: Int, default: 0 }" } + ["outputs:"]
        for (i, name) in names.enumerated() { lines.append("  o\(i): \(name.dropLast())z + \(names[(i * 7) % names.count].dropLast(2))q") }
        let text = lines.joined(separator: "\n") + "\n"
        #expect(text.utf8.count > 150_000)
        let loaded = SpecLoader.load(text: text, path: "names.yaml")
        let unknown = loaded.diagnostics.filter { $0.message.hasPrefix("unknown name") }
        #expect(unknown.count == 3000)
        let suggested = unknown.filter { $0.message.contains("did you mean") }.count
        #expect(suggested > 0 && suggested < 100, "\(suggested) suggestions")
    }
}

/// A small deterministic generator for test data.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
