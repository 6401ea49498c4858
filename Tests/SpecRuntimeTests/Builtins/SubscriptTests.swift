import Foundation
import ScreenSpec
@testable import SpecRuntime
import SpecTesting
import Testing

/// `xs[i]`, Swift's subscript of an array: the element at an `Int` index; an index Swift traps on
/// is a run-time error naming the index and the count, and the output keeps its previous value.
@Suite struct SubscriptTests {
    static func diagnostics(_ expression: String) -> [String] {
        ListMovesTests.diagnostics(expression)
    }

    @Test func anIndexGivesTheElement() throws {
        #expect(try ListMovesTests.value("[3, 4, 5][0]") == .int(3))
        #expect(try ListMovesTests.value("[3, 4, 5][2]") == .int(5))
        #expect(try ListMovesTests.value("[[1, 2], [3]][1][0] + [3, 4][1 - 1]") == .int(6))
        #expect(try ListMovesTests.value("[\"a\", \"b\"].map { $0.uppercased() }[1]") == .string("B"))
    }

    @Test func pastEitherEndIsARuntimeErrorNamingTheIndexAndTheCount() throws {
        let r = try TimelineRecorder("""
            screen: S
            inputs:
              ns: { type: "[Int]", default: [1, 2, 3] }
              i: { type: Int, default: 0 }
            outputs:
              at: ns[i]
            """)
        #expect(r.errors.isEmpty)
        r.set("i", .int(2))
        #expect(r.graph.value(of: try r.node("at")) == .int(3))
        r.set("i", .int(3))
        #expect(r.errors.map(\.message) == ["'at': index 3 is out of range for a list of 3 elements: its indices are 0 to 2"])
        #expect(r.graph.value(of: try r.node("at")) == .int(3))  // the previous value kept
        r.set("i", .int(-1))
        #expect(r.errors.last?.message == "'at': index -1 is out of range for a list of 3 elements: its indices are 0 to 2")
        r.set("i", .int(0))
        r.set("ns", .list([.int(7)]))
        #expect(r.graph.value(of: try r.node("at")) == .int(7))
        r.set("ns", .list([]))
        #expect(r.errors.last?.message == "'at': index 0 is out of range for a list of 0 elements: an empty list has none")
    }

    @Test func onlyAListIsSubscriptedByOneIntIndex() {
        #expect(Self.diagnostics("goals[0].points") == [])
        #expect(Self.diagnostics("goals[\"a\"].points") == ["7:15: type-mismatch: expected 'Int', found 'String'"])
        #expect(Self.diagnostics("goals.count[0]") == ["7:20: unknown-member: 'Int' has no subscript; only a list is subscripted, as in 'xs[0]'"])
        #expect(Self.diagnostics("goals[]") == ["7:14: expected-expression: a subscript takes an index, as in 'xs[0]'"])
        #expect(Self.diagnostics("goals[0, 1]") == ["7:16: expected-symbol: a list's subscript takes one index, as in 'xs[0]'"])
        #expect(Self.diagnostics("goals.first[0]").first?.contains("'Goal?' has no subscript") == true)
    }
}
