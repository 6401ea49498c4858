import ScreenSpec
import SpecRuntime
@testable import SpecRuntime
import SpecTesting
import Testing

@Suite("Graph propagation")
struct GraphTests {
    @Test func derivedEmitsAtStartThenOnlyOnChange() throws {
        let r = try TimelineRecorder("""
            screen: S
            inputs:
              n: { type: Int, default: 0 }
            outputs:
              positive: n > 0
            """)
        r.set("n", .int(1))
        r.set("n", .int(2))
        try r.wait(100)
        r.set("n", .int(-1))
        #expect(r.recorded("positive") == [next(0, .bool(false)), next(0, .bool(true)), next(100, .bool(false))])
    }

    @Test func diamondUpdatesOnceAndNeverShowsAnIntermediateCombination() throws {
        let r = try TimelineRecorder("""
            screen: S
            inputs:
              a: { type: Int, default: 0 }
            outputs:
              b: a + 1
              c: a * 2
              d: '"\\(b),\\(c)"'
              consistent: b - 1 == c / 2
            """)
        r.set("a", .int(1))
        r.set("a", .int(5))
        #expect(r.recorded("d") == [next(0, .string("1,0")), next(0, .string("2,2")), next(0, .string("6,10"))])
        // An intermediate combination (new b with old c) would have flipped this to false.
        #expect(r.recorded("consistent") == [next(0, .bool(true))])
    }

    /// `.count` counts Characters, as Swift's `String.count` does, ASCII text by a byte loop.
    @Test(arguments: ["", "a@b.co", "someone@example.com", "a\r\nb", "\r\n\r\n", "\r\r\n\n", "\n\r", "café", "cafe\u{301}",
                      "👍🏽 ok", "🇫🇷🇩🇪", "e\u{301}\r\n", String(repeating: "x", count: 100)])
    func countIsTheNumberOfCharacters(_ text: String) throws {
        #expect(ExpressionCompiler.characterCount(text) == text.count)
        let r = try TimelineRecorder("""
            screen: S
            inputs:
              s: { type: String, default: "" }
            outputs:
              n: s.count
            """)
        r.set("s", .string(text))
        #expect(r.recorded("n").last == next(0, .int(text.count)))
    }

    @Test func handlersSetStateFromTheEventPayload() throws {
        let r = try TimelineRecorder("""
            screen: S
            inputs:
              add: Int
            state:
              total: { type: Int, initial: 0 }
              count: { type: Int, initial: 0 }
            handlers:
              - on: add
                set: { total: total + add, count: count + 1 }
            outputs:
              average: 'count == 0 ? 0 : total / count'
            """)
        r.send("add", .int(4))
        try r.wait(10)
        r.send("add", .int(8))
        #expect(r.recorded("total") == [next(0, .int(0)), next(0, .int(4)), next(10, .int(12))])
        #expect(r.recorded("average") == [next(0, .int(0)), next(0, .int(4)), next(10, .int(6))])
    }

    @Test func integerOverflowIsARuntimeErrorNotATrap() throws {
        let r = try TimelineRecorder("""
            screen: S
            inputs:
              n: { type: Int, default: 1 }
            outputs:
              doubled: n * 2
              ratio: 100 / n
            """)
        r.set("n", .int(Int.max))
        r.set("n", .int(0))
        r.set("n", .int(3))
        #expect(r.recorded("doubled") == [next(0, .int(2)), next(0, .int(0)), next(0, .int(6))])
        #expect(r.recorded("ratio") == [next(0, .int(100)), next(0, .int(0)), next(0, .int(33))])
        #expect(r.errors.map(\.message) == [
            "'doubled': integer overflow in arithmetic on 9223372036854775807 and 2",
            "'ratio': division by zero in '100 / 0'",
        ])
    }

    @Test func listAndStringFunctions() throws {
        let r = try TimelineRecorder("""
            screen: S
            types:
              Repo: { name: String, stars: Int }
            inputs:
              repos: { type: '[Repo]', default: [] }
            outputs:
              names: 'repos.filter { $0.stars > 1 }.map { $0.name }.joined(", ")'
              top: repos.first?.name ?? "none"
              total: repos.count
            """)
        r.set("repos", .list([
            .record(RecordValue(type: "Repo", fieldNames: ["name", "stars"], fields: [.string("a"), .int(3)])),
            .record(RecordValue(type: "Repo", fieldNames: ["name", "stars"], fields: [.string("b"), .int(1)])),
        ]))
        #expect(r.recorded("names") == [next(0, .string("")), next(0, .string("a"))])
        #expect(r.recorded("top") == [next(0, .string("none")), next(0, .string("a"))])
        #expect(r.recorded("total") == [next(0, .int(0)), next(0, .int(2))])
    }
}
