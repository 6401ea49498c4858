import Foundation
import ScreenSpec
import SpecRuntime
import SpecTesting
import Testing

/// A request nested in a request's `ops:` (version 16) compiles to a program that plays as its
/// YAML does, and a program nesting one deeper, which the engine cannot address, is refused.
@Suite struct CompiledNestedRequestTests {
    @Test func theWatchlistsPollPlaysAsItsYAML() throws {
        let loaded = SpecLoader.load(text: Fixtures.text("watchlist-poll.yaml"), path: "watchlist-poll.yaml")
        let spec = try #require(loaded.spec, "\(loaded.renderDiagnostics())")
        let json = try CompiledSpec.json(spec)
        let compiled = try CompiledSpec.load(json: Data(json.utf8))
        for k in spec.scenarios.indices {
            let played = ScenarioRunner.run(compiled, scenario: k)
            #expect(played.passed, "\(TimelineFormatter.text(played))")
            #expect(TimelineFormatter.text(played) == TimelineFormatter.text(ScenarioRunner.run(spec, scenario: k)))
        }
        #expect(try CompiledSpec.json(compiled) == json)
    }

    @Test func aRequestNestedTwoLevelsIsRefused() throws {
        let loaded = SpecLoader.load(text: Fixtures.text("watchlist-poll.yaml"), path: "watchlist-poll.yaml")
        let json = try CompiledSpec.json(try #require(loaded.spec, "\(loaded.renderDiagnostics())"))
        // The nested `flatMapFirst` given itself as an operator of its own `ops:`.
        var file = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        var program = try #require(file["program"] as? [String: Any])
        var streams = try #require(program["streams"] as? [[String: Any]])
        let s = try #require(streams.firstIndex { (($0["operators"] as? [[String: Any]])?.first?["name"] as? String) == "flatMapLatest" })
        var operators = try #require(streams[s]["operators"] as? [[String: Any]])
        var outer = try #require(operators[0]["arguments"] as? [String: Any])
        var request = try #require(outer["request"] as? [String: Any])
        var inner = try #require(request["inner"] as? [[String: Any]])
        let k = try #require(inner.firstIndex { $0["name"] as? String == "flatMapFirst" })
        var nestedArguments = try #require(inner[k]["arguments"] as? [String: Any])
        var nested = try #require(nestedArguments["request"] as? [String: Any])
        nested["inner"] = [inner[k]]
        nestedArguments["request"] = nested
        inner[k]["arguments"] = nestedArguments
        request["inner"] = inner
        outer["request"] = request
        operators[0]["arguments"] = outer
        streams[s]["operators"] = operators
        program["streams"] = streams
        file["program"] = program
        let deeper = String(decoding: try JSONSerialization.data(withJSONObject: file), as: UTF8.self)
        let reason = CompiledSpecRefusalTests.reason(deeper)
        #expect(reason?.hasSuffix("'flatMapFirst' is a request inside a nested request's operators; requests nest one level") == true, "\(reason ?? "loaded")")
        // The file unchanged loads.
        #expect(CompiledSpecRefusalTests.reason(json) == nil)
    }
}
