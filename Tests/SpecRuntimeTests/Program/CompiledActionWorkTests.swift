import Foundation
import ScreenSpec
import SpecRuntime
import SpecTesting
import Testing

/// An action whose work is a stream, compiled: it plays from JSON as from YAML, and a program
/// whose `work` names the wrong pipeline or node is refused where it is, never run.
@Suite struct CompiledActionWorkTests {
    static let yaml = """
        screen: S
        inputs:
          go: event
        actions:
          count:
            trigger: go
            work: { call: api.n, ops: [ { retry: 2 }, { map: "$0 * 10" } ] }
        services:
          api.n:
            returns: Int
            latency: 100ms
            results: [ { fail: http(500) }, { value: 4 } ]
        scenarios:
          - name: retried within the execution
            steps:
              - send: go
              - wait: 200ms
              - expect: { count.elements: 40, count.executing: false }
        """

    static func json() throws -> String {
        let loaded = SpecLoader.load(text: yaml, path: "work.yaml")
        return try CompiledSpec.json(try #require(loaded.spec, "\(loaded.renderDiagnostics())"))
    }

    /// The JSON with the action's `work` object replaced.
    static func withWork(_ text: String, _ replacement: String) throws -> String {
        let regex = try NSRegularExpression(pattern: #""work":\{[^}]*\}"#)
        let match = try #require(regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)))
        let range = try #require(Range(match.range, in: text))
        return text.replacingCharacters(in: range, with: #""work":"# + replacement)
    }

    static func reason(_ text: String) -> String? {
        do {
            _ = try CompiledSpec.load(json: Data(text.utf8))
            return nil
        } catch {
            return error.message
        }
    }

    @Test func playsFromJSONAsFromYAML() throws {
        let program = try CompiledSpec.load(json: Data(try Self.json().utf8))
        let timelines = ScenarioRunner.runAll(program)
        #expect(timelines.count == 1)
        #expect(timelines.allSatisfy { $0.passed })
    }

    @Test func aWorkNamingAnotherPipelineOrNodeIsRefused() throws {
        let text = try Self.json()
        let pipeline = try #require(Self.reason(try Self.withWork(text, #"{"pipeline":7,"executions":0}"#)))
        #expect(pipeline.contains("actions[0]"), "\(pipeline)")
        // The screen's input is not the work's executions node.
        let source = try #require(Self.reason(try Self.withWork(text, #"{"pipeline":0,"executions":0}"#)))
        #expect(source.contains("actions[0]") && source.contains("not one merging request"), "\(source)")
        let node = try #require(Self.reason(try Self.withWork(text, #"{"pipeline":0,"executions":9999}"#)))
        #expect(node.contains("actions[0]"), "\(node)")
    }

    /// Found by the compiled-program fuzzer: an action's work whose stream's `output` names no
    /// node trapped in the validator's rank comparison, which ran before the streams were checked;
    /// it is refused, as a work whose action names no node is.
    @Test func anActionOfWorkNamingNoNodeIsRefusedNotTrapped() throws {
        let text = try Self.json()
        for key in ["output", "elements", "errors", "trigger"] {
            let regex = try NSRegularExpression(pattern: "\"\(key)\":[0-9]+")
            let match = try #require(regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)), "\(key)")
            let range = try #require(Range(match.range, in: text))
            let reason = try #require(Self.reason(text.replacingCharacters(in: range, with: "\"\(key)\":99999")), "\(key)")
            #expect(reason.contains("99999"), "\(reason)")
        }
    }

    /// Two actions may not share one work pipeline: every execution's element would be both
    /// actions' input, and one action's results the other's.
    @Test func aSharedWorkIsRefused() throws {
        let yaml = """
            screen: S
            inputs:
              go: event
            actions:
              one: { trigger: go, work: { just: 1 } }
              two: { trigger: go, work: { just: '"a"' } }
            """
        let loaded = SpecLoader.load(text: yaml, path: "two.yaml")
        let text = try CompiledSpec.json(try #require(loaded.spec, "\(loaded.renderDiagnostics())"))
        let regex = try NSRegularExpression(pattern: #""work":\{[^}]*\}"#)
        let matches = regex.matches(in: text, range: NSRange(text.startIndex..., in: text))
        try #require(matches.count == 2)
        let first = try #require(Range(matches[0].range, in: text))
        let second = try #require(Range(matches[1].range, in: text))
        let shared = text.replacingCharacters(in: second, with: String(text[first]))
        let reason = try #require(Self.reason(shared))
        #expect(reason.contains("shares its work with another action"), "\(reason)")
    }
}
