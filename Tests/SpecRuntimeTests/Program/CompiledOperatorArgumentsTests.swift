import Foundation
import ScreenSpec
import SpecRuntime
import SpecTesting
import Testing

/// Compiled format 3 (issue 36): every operator is its name and its arguments, which loading
/// checks against the operator's catalogue entry, the older operators as the newer ones.
@Suite struct CompiledOperatorArgumentsTests {
    static let ops = """
        - skip: 1
        - throttle: { for: 20ms, latest: false }
        - debounce: 30ms
        - startWith: [7, 8]
        """

    static func compiled() throws -> String {
        let loaded = SpecLoader.load(text: OperatorTimeline.spec(ops), path: "t.yaml")
        return try CompiledSpec.json(try #require(loaded.spec, "\(loaded.renderDiagnostics())"))
    }

    static func reason(_ text: String) -> String? {
        do {
            _ = try CompiledSpec.load(json: Data(text.utf8))
            return nil
        } catch {
            return error.message
        }
    }

    /// `text` with its one occurrence of `old` replaced.
    static func changed(_ text: String, _ old: String, _ new: String) throws -> String {
        let range = try #require(text.range(of: old), "no \(old)")
        return text.replacingCharacters(in: range, with: new)
    }

    @Test func anOlderOperatorIsItsNameAndArguments() throws {
        let json = try Self.compiled()
        #expect(json.contains(#"{"arguments":{"count":1,"expressions":[],"sources":[]},"name":"skip","written":"1"}"#))
        #expect(json.contains(#"{"arguments":{"duration":20,"expressions":[],"flag":false,"sources":[]},"name":"throttle""#))
        #expect(json.contains(#"{"arguments":{"duration":30,"expressions":[],"sources":[]},"name":"debounce","written":"30ms"}"#))
        #expect(Self.reason(json) == nil)
    }

    @Test func argumentsThatDoNotFitTheShapeAreRefusedAtTheOperator() throws {
        let json = try Self.compiled()
        let at = "inconsistent compiled spec: streams[0] "
        let noDuration = try Self.changed(json, #""duration":30,"#, "")
        #expect(Self.reason(noDuration)?.hasPrefix(at) == true)
        #expect(Self.reason(noDuration)?.hasSuffix("'debounce' has no duration") == true, "\(Self.reason(noDuration) ?? "loaded")")
        let both = try Self.changed(json, #""count":1,"#, #""count":1,"duration":5,"#)
        #expect(Self.reason(both)?.hasSuffix("'skip' has both a count and a duration") == true, "\(Self.reason(both) ?? "loaded")")
        let noValues = try Self.changed(json, #""name":"startWith""#, #""name":"map""#)
        #expect(Self.reason(noValues)?.hasSuffix("'map' has 2 expressions, but takes 1") == true, "\(Self.reason(noValues) ?? "loaded")")
        let flagged = try Self.changed(json, #""name":"throttle""#, #""name":"delay""#)
        #expect(Self.reason(flagged)?.hasSuffix("'delay' has a flag") == true, "\(Self.reason(flagged) ?? "loaded")")
        let unknown = try Self.changed(json, #""name":"debounce""#, #""name":"debounced""#)
        #expect(Self.reason(unknown)?.hasSuffix("'debounced' is not an operator this engine has") == true, "\(Self.reason(unknown) ?? "loaded")")
    }
}
