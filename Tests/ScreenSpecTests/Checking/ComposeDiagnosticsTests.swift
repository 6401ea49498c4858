import ScreenSpec
import SpecTesting
import Testing

/// Issue 39 item 5: the mistakes an RxSwift author made writing four screens, each one located
/// diagnostic with a fix that loads.
@Suite("Diagnostics of issue 39's mistakes")
struct ComposeDiagnosticsTests {
    private func only(_ yaml: String) throws -> Diagnostic {
        let loaded = SpecLoader.load(text: yaml, path: "t.yaml")
        #expect(loaded.diagnostics.count == 1, "\(loaded.renderDiagnostics())")
        return try #require(loaded.diagnostics.first)
    }

    private static func switching(_ argument: String) -> String {
        """
        screen: A
        inputs:
          idx: Int
        outputs:
          r: { stream: idx, ops: [ { switchLatest: \(argument) } ] }
        """
    }

    @Test("'switchLatest: never': a plain word names a stream; the inner stream is a mapping")
    func bareInnerStreamWord() throws {
        let d = try only(Self.switching("never"))
        #expect(d.description == "t.yaml:5:44: error: no stream of the screen is called 'never': a plain word here names one, and an inner stream 'never' is a mapping")
        #expect(d.fixIt == "write '{ never }'")
        #expect(SpecLoader.load(text: Self.switching("{ never }"), path: "t.yaml").diagnostics.isEmpty)
        let just = try only(Self.switching("just"))
        #expect(just.fixIt == "write '{ just: ... }'")
    }

    private static func total(_ expression: String) -> String {
        """
        screen: A
        types:
          Line: { price: Int }
        inputs:
          lines: { type: "[Line]", default: [] }
        outputs:
          total: '\(expression)'
        """
    }

    @Test("Swift's 'reduce(0, +)': an operator is no function here; write the closure")
    func operatorAsFunction() throws {
        let d = try only(Self.total(#"lines.map(\.price).reduce(0, +)"#))
        #expect(d.description == "t.yaml:7:40: error: '+' is an operator, not a function: pass a closure that applies it")
        #expect(d.fixIt == "write a closure, as in 'reduce(0) { $0 + $1 }'")
        #expect(SpecLoader.load(text: Self.total(#"lines.map(\.price).reduce(0) { $0 + $1 }"#), path: "t.yaml").diagnostics.isEmpty)
    }

    @Test("a character test on a record is no field of it")
    func characterTestOnANumber() throws {
        let d = try only(Self.total(#"lines.allSatisfy(\.isNumber)"#))
        #expect(d.message == "'Line' has no field 'isNumber'")
    }

    @Test("Swift's subscript 'xs[i]' is read in any nesting; on a value that is no list it is located at its brackets")
    func subscriptIsRead() throws {
        #expect(SpecLoader.load(text: Self.total("lines[0].price"), path: "t.yaml").diagnostics.isEmpty)
        #expect(SpecLoader.load(text: Self.total("lines.map { $0.price + lines[lines.count - 1].price }.count"), path: "t.yaml").diagnostics.isEmpty)
        let d = try only(Self.total("lines.count[0]"))
        #expect(d.description == "t.yaml:7:22: error: 'Int' has no subscript; only a list is subscripted, as in 'xs[0]'")
    }
}
