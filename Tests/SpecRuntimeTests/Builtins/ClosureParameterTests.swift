import Foundation
import ScreenSpec
@testable import SpecRuntime
import SpecTesting
import Testing

/// Issue 39: closures name their parameters as Swift writes them (`{ p in … }`,
/// `{ sum, x in … }`, `{ (p) in … }`), and a nested closure reads the outer one's by name.
@Suite struct ClosureParameterTests {
    static func value(_ expression: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Value? {
        try BuiltinCatalogTests.value(expression, sourceLocation: sourceLocation)
    }

    static func diagnostics(_ expression: String) -> [String] {
        CollectionBuiltinsTests.diagnostics(expression)
    }

    @Test func aNamedParameterIsWhatDollarZeroIs() throws {
        #expect(try Self.value("[1, 2, 3].map { n in n * 2 }") == .list([.int(2), .int(4), .int(6)]))
        #expect(try Self.value("[1, 2, 3].filter { (n) in n > 1 }") == .list([.int(2), .int(3)]))
        #expect(try Self.value("[1, 2, 3].reduce(0) { sum, x in sum + x }") == .int(6))
        #expect(try Self.value("[1.5, 2.5].reduce(0) { sum, x in sum + x }") == .double(4))  // the literal 0 is a Double here too
        #expect(try Self.value("[\"b\", \"c\", \"a\"].sorted { a, b in a < b }") == .list([.string("a"), .string("b"), .string("c")]))
        #expect(try Self.value("[1, 2, 3].count { n in n > 1 }") == .int(2))
        #expect(try Self.value("Int(\"3\").map { n in n + 1 }") == .int(4))
        #expect(try Self.value("[1, 2].map { _ in 0 }") == .list([.int(0), .int(0)]))
    }

    // The report's workaround 1: `polled.filter { p in !messages.contains { $0.id == p.id } }`.
    @Test func aNestedClosureReadsTheOuterParameter() throws {
        #expect(try Self.value("[1, 2, 3].filter { p in ![2].contains { $0 == p } }") == .list([.int(1), .int(3)]))
        #expect(try Self.value("[[1], [2, 3]].map { xs in xs.map { $0 + xs.count } }") == .list([.list([.int(2)]), .list([.int(4), .int(5)])]))
        // Two closures out, each with its own name.
        #expect(try Self.value("[1, 2].map { a in [10].map { b in [100].map { c in a + b + c } } }")
            == .list([.list([.list([.int(111)])]), .list([.list([.int(112)])])]))
        // An outer list closure's parameter inside a `reduce`, and a `reduce`'s inside a list closure.
        #expect(try Self.value("[[1, 2], [3]].map { xs in xs.reduce(0) { s, x in s + x * xs.count } }") == .list([.int(6), .int(3)]))
        #expect(try Self.value("[1, 2].reduce(0) { s, x in s + [10, 20].filter { $0 > x * 10 }.count }") == .int(1))
        // Every message id is unique (the report's invariant).
        #expect(try Self.value("[1, 2, 3].allSatisfy { m in [1, 2, 3].count { $0 == m } == 1 }") == .bool(true))
        #expect(try Self.value("[1, 2, 1].allSatisfy { m in [1, 2, 1].count { $0 == m } == 1 }") == .bool(false))
    }

    @Test func aParameterShadowsASpecName() throws {
        let spec = "screen: T\ninputs:\n  n: { type: Int, default: 100 }\noutputs:\n  out: '[1, 2].map { n in n + 1 }'\n"
        let recorder = try TimelineRecorder(spec)
        #expect(recorder.graph.value(of: try recorder.node("out")) == .list([.int(2), .int(3)]))
        // A parameter spelt as the output it is in reads no node: no cycle.
        let same = try TimelineRecorder("screen: T\noutputs:\n  out: '[1, 2].map { out in out * 3 }'\n")
        #expect(same.graph.value(of: try same.node("out")) == .list([.int(3), .int(6)]))
    }

    // In an operator's expression, `$0` is still the element inside closures that name theirs.
    @Test func anOperatorsElementIsReadInsideNamedClosures() throws {
        let spec = """
            screen: T
            inputs:
              posted: "[Int]"
            state:
              seen: { type: "[Int]", initial: [1, 2] }
            outputs:
              fresh:
                stream: posted
                ops:
                  - filter: '!$0.allSatisfy { p in seen.contains { s in s == p } }'
                  - map: '$0.filter { p in !seen.contains { s in s == p } }.count + $0.count * 0'
            scenarios:
              - name: only lists with an unseen element pass
                steps:
                  - send: { posted: [1] }
                  - send: { posted: [2, 3, 4] }
                  - expect: { fresh: 2 }
            """
        let loaded = SpecLoader.load(text: spec, path: "t.yaml")
        #expect(loaded.diagnostics.isEmpty, "\(loaded.renderDiagnostics())")
        let checked = try #require(loaded.spec)
        let passed = ScenarioRunner.runAll(checked).allSatisfy { $0.passed }
        #expect(passed)
        // The element is not read in a closure over two arguments, which replaces it.
        let inReduce = spec.replacingOccurrences(of: "'$0.filter { p in !seen.contains { s in s == p } }.count + $0.count * 0'",
                                                 with: "'seen.reduce(0) { a, s in a + $0.count }'")
        #expect(SpecLoader.load(text: inReduce, path: "t.yaml").diagnostics.map(\.message) == ["'$0' cannot be used in a closure that names its parameters"])
    }

    // The compiled program carries the outer read, and the engine plays it from the JSON alone.
    @Test func theOuterReadSurvivesTheCompiledProgram() throws {
        let spec = """
            screen: T
            inputs:
              groups: { type: "[[Int]]", default: [[1, 2], [3]] }
            outputs:
              scaled: 'groups.map { g in g.map { $0 * g.count } }'
            scenarios:
              - name: each element times its group's size
                steps:
                  - expect: { scaled: [[2, 4], [3]] }
                  - set: { groups: [[1, 1, 1]] }
                  - expect: { scaled: [[3, 3, 3]] }
            """
        let checked = try #require(SpecLoader.load(text: spec, path: "t.yaml").spec)
        let json = try CompiledSpec.json(checked)
        #expect(json.contains("outerClosureArgument"))
        let loaded = try CompiledSpec.load(json: Data(json.utf8))
        let timeline = ScenarioRunner.run(loaded, scenario: 0)
        #expect(timeline.passed, "\(TimelineFormatter.text(timeline))")
    }

    @Test func aMistakeIsOneLocatedMessageWithItsFix() {
        #expect(Self.diagnostics("goals.map { a, b in a.points }") == [
            "7:21: closure-argument: 'map' passes its closure one argument; this closure names 2 | fix: write '{ x in … }'",
        ])
        #expect(Self.diagnostics("goals.reduce(0) { g in g.points }") == [
            "7:27: closure-argument: 'reduce' passes its closure two arguments, the result so far and an element; this closure names 1 | fix: write '{ sum, x in … }'",
        ])
        #expect(Self.diagnostics("goals.map { g in $0.points }") == [
            "7:26: closure-argument: '$0' cannot be used in a closure that names its parameters | fix: write 'g'",
        ])
        #expect(Self.diagnostics("goals.map { g in goals.reduce(0) { s, x in s + x.points } }.count") == [])
        #expect(Self.diagnostics("[goals].map { gs in gs.reduce(0) { s, g in s + [g].reduce(0) { t, c in t + s } } }") == [
            "7:84: closure-argument: 's' of the 'reduce' closure cannot be read inside the 'reduce' closure within it | a closure over two arguments takes the place of the one around it; compute what it needs from 's' outside it, or carry it in the inner closure's initial value",
        ])
        #expect(Self.diagnostics("goals.map { (g: Goal) in g.points }") == [
            "7:21: closure-argument: a closure's parameters are written without types: each has the type its method gives it | fix: write '{ g in … }'",
        ])
    }
}
