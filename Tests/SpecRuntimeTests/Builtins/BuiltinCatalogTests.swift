import Foundation
import ScreenSpec
@testable import SpecRuntime
import SpecTesting
import Testing

/// The builtin catalogue is the one place builtins are known: the checker resolves calls from its
/// spellings, the compiler runs its implementations, and a compiled spec names them by id.
@Suite struct BuiltinCatalogTests {
    /// The value of `out` in a spec with `out: EXPR`, evaluated once.
    static func value(_ expression: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Value? {
        let recorder = try TimelineRecorder("screen: T\noutputs:\n  out: '\(expression)'\n", sourceLocation: sourceLocation)
        return recorder.graph.value(of: try recorder.node("out", sourceLocation: sourceLocation))
    }

    static func diagnostics(_ expression: String) -> [String] {
        SpecLoader.load(text: "screen: T\noutputs:\n  out: '\(expression)'\n", path: "t.yaml").diagnostics.map { "\($0.id): \($0.message)" }
    }

    @Test func idsAreUniqueAndEveryEntryIsFoundByItsID() {
        let ids = BuiltinCatalog.all.map(\.builtin.id)
        #expect(Set(ids).count == ids.count)
        for entry in BuiltinCatalog.all { #expect(BuiltinCatalog.entry(entry.builtin)?.builtin == entry.builtin) }
    }

    @Test func overloadsAreChosenByTheArgumentsTypes() throws {
        #expect(try Self.value("min(3, 2)") == .int(2))
        #expect(try Self.value("max(1, 2.5)") == .double(2.5))  // the Int is promoted to Double
        #expect(try Self.value("abs(-2.5)") == .double(2.5))
        #expect(try Self.value("Double(2)") == .double(2))
        #expect(try Self.value("Int(2)") == .int(2))  // the conversion to its own type is the value itself
        #expect(try Self.value("\"ab\".uppercased()") == .string("AB"))
        #expect(try Self.value("[\"a\", \"b\"].joined()") == .string("ab"))
        #expect(try Self.value("[\"a\", \"b\"].joined(\"-\")") == .string("a-b"))
        #expect(try Self.value("[1, 2].contains(2)") == .bool(true))
        #expect(try Self.value("rgb(1, 0, 0)") == .color(.rgb(1, 0, 0, alpha: 1)))
        #expect(try Self.value("gray(1)") == .color(.white(1, alpha: 1)))
    }

    @Test func aCallThatFitsNoSpellingIsOneLocatedDiagnostic() {
        #expect(Self.diagnostics("min(1, \"a\")") == ["type-mismatch: 'min' takes 'Int' and 'Int' or 'Double' and 'Double', found 'Int' and 'String'"])
        #expect(Self.diagnostics("abs(1, 2)") == ["wrong-arity: 'abs' takes 1 argument, found 2"])
        #expect(Self.diagnostics("\"a\".uppercased(1)") == ["wrong-arity: 'uppercased()' takes no arguments"])
        #expect(Self.diagnostics("rgb(1, 0)") == ["wrong-arity: 'rgb' takes 3 arguments, found 2"])
        #expect(Self.diagnostics("mni(1, 2)").first?.hasPrefix("unknown-function: unknown function 'mni'; did you mean 'min'?") == true)
    }

    /// A compiled spec names builtins by id in the shape an enum case had (`{"minInt":{}}`); an id
    /// or an argument count this engine does not have is refused when loading, not at run time.
    @Test func compiledSpecsNameBuiltinsByIDAndUnknownOnesAreRefused() throws {
        let loaded = SpecLoader.load(text: "screen: T\ninputs:\n  a: { type: Int, default: 1 }\noutputs:\n  out: 'min(a, 2)'\n", path: "t.yaml")
        let json = try CompiledSpec.json(try #require(loaded.spec))
        #expect(json.contains(#"{"minInt":{}}"#))
        #expect(try CompiledSpec.load(json: Data(json.utf8)).nodes.count == loaded.spec?.nodes.count)
        func reason(_ text: String) -> String? {
            do {
                _ = try CompiledSpec.load(json: Data(text.utf8))
                return nil
            } catch {
                return error.message
            }
        }
        #expect(reason(json.replacingOccurrences(of: #"{"minInt":{}}"#, with: #"{"nope":{}}"#))?.hasSuffix("calls builtin 'nope', which this engine does not have") == true)
        #expect(reason(json.replacingOccurrences(of: #"{"minInt":{}}"#, with: #"{"absInt":{}}"#))?.hasSuffix("calls builtin 'absInt' with 2 arguments, which takes 1") == true)
    }
}
