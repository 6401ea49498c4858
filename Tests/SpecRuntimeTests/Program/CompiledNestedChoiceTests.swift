import Foundation
import ScreenSpec
import SpecRuntime
import SpecTesting
import Testing

/// A choice nested in a choice's branch compiles to one flat choice (version 16: its `tests`,
/// each leading to a later test or a branch, its `branches` and `branchOperators`), plays as the
/// YAML does, and a program whose tests do not form the tree a spec writes is refused where it is.
@Suite struct CompiledNestedChoiceTests {
    static let username = """
        screen: Username
        types:
          Availability: [unchanged, invalid, available, taken]
        inputs:
          username: String
        outputs:
          availability:
            stream: username
            ops:
              - flatMapLatest:
                  if: $0 == "ada"
                  then: { just: .unchanged }
                  else:
                    if: $0.isEmpty
                    then: { just: .invalid }
                    else:
                      call: users.isAvailable
                      with: { username: $0 }
                      ops: [ { map: "$0 ? Availability.available : Availability.taken" } ]
        services:
          users.isAvailable:
            params: { username: String }
            returns: Bool
            latency: 300ms
            cases:
              - { when: { username: taken_one }, value: false }
            result: true
        scenarios:
          - name: every branch, and a check cancelled by the saved name
            steps:
              - send: { username: ada }
              - expect: { availability: unchanged }
              - send: { username: "" }
              - expect: { availability: invalid }
              - send: { username: taken_one }
              - wait: 100ms
              - send: { username: ada }
              - wait: 300ms
              - expect: { availability: unchanged }
              - send: { username: grace }
              - wait: 300ms
              - expect: { availability: available }
        """

    private func json() throws -> String {
        let loaded = SpecLoader.load(text: Self.username, path: "username.yaml")
        return try CompiledSpec.json(try #require(loaded.spec, "\(loaded.renderDiagnostics())"))
    }

    @Test func aNestedChoicePlaysAsItsYAML() throws {
        let loaded = SpecLoader.load(text: Self.username, path: "username.yaml")
        let spec = try #require(loaded.spec, "\(loaded.renderDiagnostics())")
        let json = try CompiledSpec.json(spec)
        #expect(json.contains(#""branchOperators":[0,0,1]"#))
        #expect(json.contains(#""otherwise":{"test":{"_0":1}}"#) && json.contains(#""then":{"branch":{"_0":1}}"#))
        let compiled = try CompiledSpec.load(json: Data(json.utf8))
        let played = ScenarioRunner.run(compiled, scenario: 0)
        #expect(played.passed, "\(TimelineFormatter.text(played))")
        #expect(TimelineFormatter.text(played) == TimelineFormatter.text(ScenarioRunner.run(spec, scenario: 0)))
        #expect(try CompiledSpec.json(compiled) == json)
    }

    @Test func testsThatAreNotTheTreeWrittenAreRefused() throws {
        let json = try json()
        func reason(_ old: String, _ new: String) throws -> String {
            CompiledSpecRefusalTests.reason(try CompiledSpecRefusalTests.changed(json, old, new)) ?? "loaded"
        }
        // A test leading to itself would loop.
        #expect(try reason(#""otherwise":{"test":{"_0":1}}"#, #""otherwise":{"test":{"_0":0}}"#)
            .hasSuffix("'flatMapLatest' has condition 0 leading to condition 0; a condition leads to one after it, of 2"))
        // Two ways to one branch leave another unreachable.
        #expect(try reason(#""then":{"branch":{"_0":1}}"#, #""then":{"branch":{"_0":2}}"#)
            .hasSuffix("'flatMapLatest' reaches branch 1 from 0 places; each is reached from one"))
        #expect(try reason(#""then":{"branch":{"_0":1}}"#, #""then":{"branch":{"_0":7}}"#)
            .hasSuffix("'flatMapLatest' has condition 1 leading to branch 7, of 3"))
        #expect(try reason(#""branchOperators":[0,0,1]"#, #""branchOperators":[0,1]"#)
            .hasSuffix("'flatMapLatest' gives its 3 branches [0, 1] operators of their own, of 1"))
    }
}
