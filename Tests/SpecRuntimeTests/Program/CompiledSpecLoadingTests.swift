import Foundation
import ScreenSpec
import SpecRuntime
import SpecTesting
import Testing

/// A compiled spec is input from outside: whatever its bytes, loading it either gives a program
/// the engine can play or a one-line reason, never a trap.
@Suite struct CompiledSpecLoadingTests {
    static func compiledLogin() throws -> String {
        let loaded = SpecLoader.load(path: PackagePaths.specs + "/login.yaml")
        return try CompiledSpec.json(try #require(loaded.spec))
    }

    static func reason(_ text: String) -> String? {
        do {
            _ = try CompiledSpec.load(json: Data(text.utf8))
            return nil
        } catch {
            return error.message
        }
    }

    @Test func textThatIsNotACompiledSpecIsRefusedWithItsReason() throws {
        let login = try Self.compiledLogin()
        #expect(Self.reason("") == "not a compiled spec: not JSON at line 1, column 1 (byte 0): expected a value, found the end of the text")
        #expect(Self.reason("screen: login\n") == "not a compiled spec: not JSON at line 1, column 1 (byte 0): expected a value, found 's'")
        #expect(Self.reason("[1, 2]") == "not a compiled spec: the file is not a JSON object")
        // Cut short just inside the node list: the reader says where the text stopped.
        let cut = try #require(login.range(of: #""nodes":["#)).upperBound
        let half = try #require(Self.reason(String(login[..<cut])))
        #expect(half.hasPrefix("not a compiled spec: not JSON at line 1, column "), "\(half)")
        #expect(half.contains("(byte ") && half.hasSuffix("): expected a value, found the end of the text"), "\(half)")
        #expect(Self.reason("{\"format\": \"specrun-program\",\n  \"version\" 1}") == "not a compiled spec: not JSON at line 2, column 13 (byte 42): expected ':' after a key, found '1'")
        #expect(Self.reason(#"{"format": "other"}"#) == #"not a compiled spec: expected "format": "specrun-program" at the top level (write one with 'specrun compile')"#)
        #expect(Self.reason(#"{"format": "specrun-program"}"#) == "compiled spec version none is not supported: this engine reads version \(CompiledSpec.version); compile the spec again")
        #expect(Self.reason(login.replacingOccurrences(of: #""version":\#(CompiledSpec.version)"#, with: #""version":3"#)) == "compiled spec version 3 is not supported: this engine reads version \(CompiledSpec.version); compile the spec again")
        #expect(Self.reason(#"{"format": "specrun-program", "version": \#(CompiledSpec.version)}"#) == "malformed compiled spec: no key 'program'")
        let noNodes = login.replacingOccurrences(of: #""nodes":["#, with: #""nodez":["#)
        #expect(Self.reason(noNodes) == "malformed compiled spec: at program: no key 'nodes'")
    }

    @Test func anIndexOutOfRangeIsRefusedBeforeTheEngineUsesIt() throws {
        let login = try Self.compiledLogin()
        let spec = try CompiledSpec.load(json: Data(login.utf8))
        let tooFar = login.replacingOccurrences(of: #""trigger":2"#, with: #""trigger":\#(spec.nodes.count)"#)
        #expect(Self.reason(tooFar) == "inconsistent compiled spec: actions[0] names node \(spec.nodes.count), but the program has \(spec.nodes.count) nodes")
        let negative = login.replacingOccurrences(of: #""trigger":2"#, with: #""trigger":-1"#)
        #expect(Self.reason(negative) == "inconsistent compiled spec: actions[0] names node -1, but the program has \(spec.nodes.count) nodes")
    }

    /// Every number of a compiled spec in turn made -1 and far too large: each variant loads and
    /// plays (a value the engine accepts) or is refused with a reason; a trap ends the test run.
    @Test func everyNumberOutOfRangeIsPlayedOrRefusedNeverATrap() throws {
        let login = try Self.compiledLogin()
        let bytes = Array(login.utf8)
        let numbers = JSONNumbers.ranges(in: bytes)
        #expect(numbers.count > 100)
        var refused = 0, played = 0
        for range in numbers {
            for replacement in ["-1", "1000000"] {
                let variant = bytes[..<range.lowerBound] + Array(replacement.utf8) + bytes[range.upperBound...]
                guard let spec = try? CompiledSpec.load(json: Data(variant)) else { refused += 1; continue }
                for s in spec.scenarios.indices { _ = ScenarioRunner.run(spec, scenario: s, entryLimit: 2_000, eventLimit: 20_000) }
                played += 1
            }
        }
        #expect(refused > 0)
        #expect(played > 0)
    }

    /// The decoder and the engine recurse over expressions: a program nested far deeper than any
    /// checked spec (whose expressions nest at most 64 levels) is refused, not a stack overflow.
    @Test func aDeeplyNestedExpressionIsRefusedNotAStackOverflow() throws {
        let login = try Self.compiledLogin()
        let read = #"{"node":{"_0":0}}"#
        let at = try #require(login.range(of: read))
        let nested = { (depth: Int) in
            login.replacingCharacters(in: at, with: String(repeating: #"{"not":{"_0":"#, count: depth) + read + String(repeating: "}}", count: depth))
        }
        // As deep as the JSON reader takes, it plays; far deeper, it is refused.
        let loaded = try CompiledSpec.load(json: Data(nested(200).utf8))
        for s in loaded.scenarios.indices { _ = ScenarioRunner.run(loaded, scenario: s) }
        let deep = nested(100_000)
        let refusal = try #require(Self.reason(String(deep)))
        #expect(refusal.hasPrefix("not a compiled spec: not JSON at line 1, column "))
        #expect(refusal.hasSuffix("): more than 512 arrays and objects inside each other"))
    }
}
