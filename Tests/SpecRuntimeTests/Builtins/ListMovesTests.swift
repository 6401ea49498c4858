import Foundation
import ScreenSpec
@testable import SpecRuntime
import SpecTesting
import Testing

/// A list with its elements moved: `swappingAt(_:_:)`, `removing(at:)` and `inserting(_:at:)`,
/// the values Swift's mutating `swapAt`, `remove(at:)` and `insert(_:at:)` leave; an offset Swift
/// traps on is an evaluation error, and Swift's mutating names are errors whose fix is the form.
@Suite struct ListMovesTests {
    static func value(_ expression: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Value? {
        try BuiltinCatalogTests.value(expression, sourceLocation: sourceLocation)
    }

    static func diagnostics(_ expression: String) -> [String] {
        let types = "types:\n  Goal: { title: String, points: Int }\ninputs:\n  goals: { type: \"[Goal]\", default: [] }\n"
        return SpecLoader.load(text: "screen: T\n\(types)outputs:\n  out: '\(expression)'\n", path: "t.yaml").diagnostics.map {
            "\($0.range.start.line):\($0.range.start.column): \($0.id): \($0.message)" + $0.notes.map { " | " + $0.message }.joined()
                + ($0.fixIt.map { " | fix: " + $0 } ?? "")
        }
    }

    @Test func movesGiveTheListSwiftLeaves() throws {
        #expect(try Self.value("[1, 2, 3].swappingAt(0, 2)") == .list([.int(3), .int(2), .int(1)]))
        #expect(try Self.value("[1, 2, 3].swappingAt(1, 1)") == .list([.int(1), .int(2), .int(3)]))
        #expect(try Self.value("[\"a\", \"b\"].swappingAt(1, 0)") == .list([.string("b"), .string("a")]))
        #expect(try Self.value("[1, 2, 3].removing(at: 1)") == .list([.int(1), .int(3)]))
        #expect(try Self.value("[1].removing(at: 0)") == .list([]))
        #expect(try Self.value("[1, 2].inserting(9, at: 0)") == .list([.int(9), .int(1), .int(2)]))
        #expect(try Self.value("[1, 2].inserting(9, at: 2)") == .list([.int(1), .int(2), .int(9)]))  // at: count appends
        #expect(try Self.value("[1, 2, 3].swappingAt(0, 1).removing(at: 2).inserting(7, at: 1)") == .list([.int(2), .int(7), .int(1)]))
    }

    @Test func anOffsetOutOfRangeIsAnEvaluationErrorWhereSwiftTraps() throws {
        let r = try TimelineRecorder("""
            screen: S
            inputs:
              ns: { type: "[Int]", default: [1, 2, 3] }
              i: { type: Int, default: 0 }
            outputs:
              swapped: ns.swappingAt(i, 0)
              removed: 'ns.removing(at: i)'
              inserted: 'ns.inserting(0, at: i)'
            """)
        #expect(r.errors.isEmpty)
        r.set("i", .int(3))
        #expect(r.errors.map(\.message) == [
            "'swapped': offset 3 is out of range for 'swappingAt' on a list of 3 elements: its offsets are 0 to 2",
            "'removed': offset 3 is out of range for 'removing(at:)' on a list of 3 elements: its offsets are 0 to 2",
        ])
        #expect(r.graph.value(of: try r.node("inserted")) == .list([.int(1), .int(2), .int(3), .int(0)]))
        r.set("i", .int(-1))
        #expect(r.errors.map(\.message).suffix(3) == [
            "'swapped': offset -1 is out of range for 'swappingAt' on a list of 3 elements: its offsets are 0 to 2",
            "'removed': offset -1 is out of range for 'removing(at:)' on a list of 3 elements: its offsets are 0 to 2",
            "'inserted': offset -1 is out of range for 'inserting(_:at:)' on a list of 3 elements: its offsets are 0 to 3",
        ])
        r.set("ns", .list([]))
        r.set("i", .int(0))
        #expect(r.errors.map(\.message).suffix(2) == [
            "'swapped': offset 0 is out of range for 'swappingAt' on a list of 0 elements: an empty list has none",
            "'removed': offset 0 is out of range for 'removing(at:)' on a list of 0 elements: an empty list has none",
        ])
        #expect(r.graph.value(of: try r.node("inserted")) == .list([.int(0)]))
    }

    @Test func swiftsMutatingNamesSayTheFormThatGivesTheList() {
        let note = "a handler sets the list to the moved one, as in 'set: { queue: queue.swappingAt(i, i - 1) }'"
        #expect(Self.diagnostics("goals.swapAt(0, 1)") == [
            "7:15: unknown-member: 'swapAt' changes a list in place, as Swift's mutating method does; an expression gives a new list | \(note) | fix: write 'swappingAt(i, j)'",
        ])
        #expect(Self.diagnostics("goals.remove(at: 0)") == [
            "7:15: unknown-member: 'remove' changes a list in place, as Swift's mutating method does; an expression gives a new list | \(note) | fix: write 'removing(at: i)'",
        ])
        #expect(Self.diagnostics("goals.insert(goals[0], at: 0)").count >= 1)
        #expect(Self.diagnostics("goals.move(fromOffsets: 0, toOffset: 1)").first?.contains("fix: write 'swappingAt(i, j)' for a neighbour") == true)
    }

    @Test func wrongArgumentsAreLocated() {
        #expect(Self.diagnostics("goals.swappingAt(1)") == ["7:9: wrong-arity: 'swappingAt()' takes 2 arguments, found 1"])
        #expect(Self.diagnostics("goals.swappingAt(\"a\", 1)") == ["7:26: type-mismatch: expected 'Int', found 'String'"])
        #expect(Self.diagnostics("goals.removing(0)") == [
            "7:9: wrong-arity: 'removing(at:)' takes one offset, labeled 'at:' | as in 'queue.removing(at: 0)', the list without its first element",
        ])
        #expect(Self.diagnostics("goals.inserting(1, at: 0)") == ["7:25: type-mismatch: expected 'Goal', found 'Int'"])
        #expect(Self.diagnostics("goals.inserting(1, 0)").count == 1)
        #expect(Self.diagnostics("goals.removing(at: 1.5)") == ["7:28: type-mismatch: expected 'Int', found 'Double'"])
    }
}
