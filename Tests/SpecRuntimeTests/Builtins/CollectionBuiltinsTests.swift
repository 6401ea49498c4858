import Foundation
import ScreenSpec
@testable import SpecRuntime
import SpecTesting
import Testing

/// Issue 39 item 3: `reduce`, `min()`, `max()`, `sorted()`, `sorted(by:)`, `count(where:)`, key
/// paths, `Optional.map` / `flatMap`, and `Int(_:)` / `Double(_:)` from text, with Swift's meaning.
@Suite struct CollectionBuiltinsTests {
    static func value(_ expression: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Value? {
        try BuiltinCatalogTests.value(expression, sourceLocation: sourceLocation)
    }

    static func diagnostics(_ expression: String, sourceLocation: SourceLocation = #_sourceLocation) -> [String] {
        let types = "types:\n  Goal: { title: String, points: Int, note: String? }\ninputs:\n  goals: { type: \"[Goal]\", default: [] }\n"
        return SpecLoader.load(text: "screen: T\n\(types)outputs:\n  out: '\(expression)'\n", path: "t.yaml").diagnostics.map {
            "\($0.range.start.line):\($0.range.start.column): \($0.id): \($0.message)" + $0.notes.map { " | " + $0.message }.joined()
                + ($0.fixIt.map { " | fix: " + $0 } ?? "")
        }
    }

    // `items.enumerated().map { "\($0.offset): \($0.element)" }`, Swift's names.
    @Test func enumeratedPairsOffsetsWithElements() throws {
        #expect(try Self.value("[\"a\", \"b\"].enumerated().map { \"\\($0.offset): \\($0.element)\" }") == .list([.string("0: a"), .string("1: b")]))
        #expect(try Self.value("[5, 7].enumerated().filter { $0.offset > 0 }.map { $0.element }") == .list([.int(7)]))
        #expect(try Self.value("[3, 4].enumerated().reduce(0) { $0 + $1.offset * $1.element }") == .int(4))
        #expect(try Self.value("[9].enumerated().count") == .int(1))
    }

    @Test func enumeratedMisuseIsLocated() {
        #expect(Self.diagnostics("goals.enumerated(1)") == [
            "7:15: wrong-arity: 'enumerated()' takes no argument | as in 'items.enumerated().map { \"\\($0.offset): \\($0.element)\" }'",
        ])
        // Swift's name is 'offset' (the stream operator's, RxSwift's, is 'index').
        #expect(Self.diagnostics("goals.enumerated().map { $0.index }") == [
            "7:37: unknown-member: 'EnumeratedSequence<Goal>' has no field 'index' | its fields are 'offset: Int', 'element: Goal'",
        ])
    }

    @Test func reduceFoldsFromTheInitialValue() throws {
        #expect(try Self.value("[1, 2, 3].reduce(0) { $0 + $1 }") == .int(6))
        #expect(try Self.value("[1, 2, 3].reduce(10) { $0 - $1 }") == .int(4))
        #expect(try Self.value("[1.5, 2.5].reduce(0) { $0 + $1 }") == .double(4))  // the literal 0 is a Double here, as in Swift
        #expect(try Self.value("[\"a\", \"b\"].reduce(\"\") { $0 + $1 }") == .string("ab"))
        #expect(try Self.value("[[1], [2, 3]].reduce(0) { $0 + $1.count }") == .int(3))
        // A closure inside has its own `$0`.
        #expect(try Self.value("[[1], [2, 3]].reduce(0) { $0 + $1.map { $0 * 10 }.reduce(0) { $0 + $1 } }") == .int(60))
    }

    @Test func anOverflowingReduceIsTheRuntimeErrorOfAnyOverflow() throws {
        let r = try TimelineRecorder("""
            screen: S
            inputs:
              ns: { type: "[Int]", default: [1] }
            outputs:
              sum: 'ns.reduce(0) { $0 + $1 }'
            """)
        r.set("ns", .list([.int(Int.max), .int(1)]))
        #expect(r.errors.map(\.message) == ["'sum': integer overflow in arithmetic on 9223372036854775807 and 1"])
    }

    @Test func minMaxAndSortedOrderNumbersAndText() throws {
        #expect(try Self.value("[3, 1, 2].min()") == .int(1))
        #expect(try Self.value("[3, 1, 2].max()") == .int(3))
        #expect(try Self.value("[2.5, -1.0].min()") == .double(-1))
        #expect(try Self.value("[\"b\", \"a\"].max()") == .string("b"))
        #expect(try Self.value("[3, 1, 2].filter { $0 > 5 }.min()") == Value.none)  // empty: nil
        #expect(try Self.value("[3, 1, 2].filter { $0 > 5 }.max() ?? -1") == .int(-1))
        #expect(try Self.value("[3, 1, 2, 1].sorted()") == .list([.int(1), .int(1), .int(2), .int(3)]))
        #expect(try Self.value("[\"b\", \"c\", \"a\"].sorted()") == .list([.string("a"), .string("b"), .string("c")]))
    }

    @Test func sortedByKeepsEqualElementsInOrder() throws {
        let pairs = "[[2, 0], [1, 1], [2, 2], [1, 3], [0, 4]]"
        let sorted = try Self.value("\(pairs).sorted(by: { ($0.first ?? 0) < ($1.first ?? 0) }).map { $0.last ?? 0 }")
        #expect(sorted == .list([.int(4), .int(1), .int(3), .int(0), .int(2)]))
        #expect(try Self.value("[1, 3, 2].sorted { $0 > $1 }") == .list([.int(3), .int(2), .int(1)]))
        let many = (0..<40).map { String(($0 * 7) % 40) }.joined(separator: ", ")
        #expect(try Self.value("[\(many)].sorted(by: { $0 < $1 })") == .list((0..<40).map { .int($0) }))
    }

    @Test func countWhereAndKeyPaths() throws {
        #expect(try Self.value("[1, 5, 7].count(where: { $0 > 2 })") == .int(2))
        #expect(try Self.value("[1, 5, 7].count { $0 > 9 }") == .int(0))
        #expect(try Self.value("[\"ab\", \"c\"].map(\\.count)") == .list([.int(2), .int(1)]))
        #expect(try Self.value("[[1, 2], []].map(\\.first)") == .list([.int(1), .none]))
    }

    @Test func optionalMapAndFlatMap() throws {
        #expect(try Self.value("Int(\"41\").map { $0 + 1 }") == .int(42))
        #expect(try Self.value("Int(\"x\").map { $0 + 1 }") == Value.none)
        #expect(try Self.value("[\"7\"].first.flatMap { Int($0) }") == .int(7))
        #expect(try Self.value("[\"q\"].first.flatMap { Int($0) }") == Value.none)
    }

    @Test func numbersReadFromTextAsSwiftReadsThem() throws {
        for text in ["12", "-3", "+12", "12a", " 12", "", "9223372036854775808", "1.5"] {
            #expect(try Self.value("Int(\"\(text)\")") == (Int(text).map(Value.int) ?? Value.none), "Int(\"\(text)\")")
        }
        for text in ["2.5", "1e3", "-0.5", ".5", "abc", "", "1,5"] {
            #expect(try Self.value("Double(\"\(text)\")") == (Double(text).map(Value.double) ?? Value.none), "Double(\"\(text)\")")
        }
    }

    @Test func aWrongUseIsOneLocatedErrorWithItsFix() {
        #expect(Self.diagnostics("goals.max()")
            == ["7:15: type-mismatch: 'max()' compares 'Int', 'Double' or 'String' elements, found '[Goal]' | order by a field with a closure over '$0' and '$1' | fix: write 'sorted(by: { $0.FIELD < $1.FIELD }).last'"])
        #expect(Self.diagnostics("goals.sorted(on: { $0.points < $1.points })")
            == ["7:22: wrong-arity: 'sorted' takes a closure labeled 'by:' | fix: write 'items.sorted(by: { $0.price < $1.price })'"])
        #expect(Self.diagnostics("goals.reduce { $0 + $1.points }")
            == ["7:15: wrong-arity: 'reduce' takes an initial value and a closure over '$0' (the result so far) and '$1' (an element) | as in 'items.reduce(0) { $0 + $1.price }'"])
        #expect(Self.diagnostics("goals.reduce(0) { $0 + $2.points }")
            == ["7:32: closure-argument: this expression has 2 arguments ('$0', '$1'); found '$2'"])
        #expect(Self.diagnostics("goals.reduce(\"\") { $0 + $1.points }")
            == ["7:28: type-mismatch: '+' cannot combine 'String' and 'Int'"])
        #expect(Self.diagnostics("goals.first.flatMap { $0.title }")
            == ["7:29: type-mismatch: 'flatMap' takes a closure that returns an optional, found 'String' | fix: write 'map' for a closure that always gives a value"])
        #expect(Self.diagnostics("goals.count(where: { $0.points })")
            == ["7:30: type-mismatch: expected 'Bool', found 'Int'"])
        #expect(Self.diagnostics("goals.map(\\points)")
            == ["7:20: expected-symbol: a key path starts with '\\.', as in '\\.points' | fix: write '\\.points'"])
        #expect(Self.diagnostics("goals.map(\\.pints)").first?.hasPrefix("7:21: unknown-member: 'Goal' has no field 'pints'; did you mean 'points'?") == true)
    }

    @Test func theNewBuiltinsRoundTripThroughACompiledSpec() throws {
        let loaded = SpecLoader.load(text: """
            screen: T
            inputs:
              ns: { type: "[Int]", default: [3, 1, 2] }
            outputs:
              out: 'ns.sorted(by: { $0 > $1 }).reduce(0) { $0 * 10 + $1 } + ns.count(where: { $0 > 1 }) + (ns.min() ?? 0) + (Int("5").map { $0 } ?? 0)'
            """, path: "t.yaml")
        let spec = try #require(loaded.spec, "\(loaded.renderDiagnostics())")
        let json = try CompiledSpec.json(spec)
        for id in ["sortedBy", "reduce", "countWhere", "minElement", "optionalMap", "intFromString"] { #expect(json.contains("{\"\(id)\":{}}"), "\(id)") }
        _ = try CompiledSpec.load(json: Data(json.utf8))
        let broken = json.replacingOccurrences(of: #"{"reduce":{}}"#, with: #"{"countWhere":{}}"#)
        #expect(throws: (any Error).self) { try CompiledSpec.load(json: Data(broken.utf8)) }
    }
}
