import ScreenSpec
import SpecRuntime
@testable import SpecTools
import SpecTesting
import Testing

/// What breadth-first search takes apart (see docs/explore.md, "How the search knows a state"):
/// a part of the screen one input drives alone (`DigestCells.sinkPart(of:gestures:)`), and an
/// input that restarts a `flatMapLatest` request (`DigestCells.restartedRequest(by:)`). Each is
/// exact only when nothing else reads what it changes; these are the cases that must say no.
@Suite struct ScreenPartTests {
    private static let screen = """
    screen: Parts
    types:
      Item: { id: Int, name: String }
    inputs:
      selection: Item
      refresh: event
      query: String
    state:
      count: { type: Int, initial: 0 }
    outputs:
      opened:
        stream: selection
        ops: [{ map: "$0.name" }]
      results:
        stream: query
        ops:
          - flatMapLatest: { call: api.search, with: { q: "$0" } }
    handlers:
      - on: refresh
        set: { count: count + 1 }
    services:
      api.search:
        returns: "[Item]"
        params: { q: String }
        latency: 300ms
        result: []
    scenarios:
      - name: opens
        steps:
          - send: { selection: { id: 1, name: a } }
          - expect: { opened: a }
    """

    private func analysed(_ text: String) throws -> (DigestCells, CheckedSpec) {
        let spec = try Fixtures.checked(text)
        return (DigestCells(ScreenProgram(spec), writtenByMoves: []), spec)
    }

    /// A selection only a `map` follows, which nothing else reads, is a part: the input and the
    /// output it opens. The query feeds a request, and the event a handler: not parts.
    @Test func aSelectionThatOpensSomethingIsAPart() throws {
        let (cells, spec) = try analysed(Self.screen)
        let selection = try #require(spec.node(named: "selection")), opened = try #require(spec.node(named: "opened"))
        let part = try #require(cells.sinkPart(of: selection, gestures: []))
        #expect(part.nodes == [selection, opened].sorted())
        #expect(part.pipelines.count == 1)
        #expect(cells.sinkPart(of: try #require(spec.node(named: "query")), gestures: []) == nil)
        #expect(cells.sinkPart(of: try #require(spec.node(named: "refresh")), gestures: []) == nil)
    }

    /// The output heard or read anywhere else (a handler on it, another stream sampling it) makes
    /// the rest depend on it: not a part.
    @Test func aPartNothingElseReads() throws {
        let readers = [
            // a handler hears it
            ("  - on: refresh\n    set: { count: count + 1 }", "  - on: opened\n    set: { count: count + 1 }"),
            // another stream samples it
            ("  results:\n    stream: query\n    ops:\n", "  results:\n    stream: query\n    ops:\n      - withLatestFrom: opened\n"),
        ]
        for (original, changed) in readers {
            let text = Self.screen.replacingOccurrences(of: original, with: changed)
            #expect(text != Self.screen)
            guard let (cells, spec) = try? analysed(text) else {
                Issue.record("the variant does not check: \(changed)")
                continue
            }
            #expect(cells.sinkPart(of: try #require(spec.node(named: "selection")), gestures: []) == nil, "\(changed)")
        }
    }

    /// A query whose one listener is a `flatMapLatest` call restarts it; with operators of its own
    /// inside the request, or another listener, it does not.
    @Test func aQueryRestartsItsRequest() throws {
        let (cells, spec) = try analysed(Self.screen)
        let query = try #require(spec.node(named: "query"))
        let restart = try #require(cells.restartedRequest(by: query))
        #expect(restart.reads.isEmpty)
        #expect(cells.restartedRequest(by: try #require(spec.node(named: "selection"))) == nil)

        let inner = Self.screen.replacingOccurrences(of: "- flatMapLatest: { call: api.search, with: { q: \"$0\" } }",
                                                     with: "- flatMapLatest: { call: api.search, with: { q: \"$0\" }, ops: [{ map: \"$0\" }] }")
        #expect(inner != Self.screen)
        let (innerCells, innerSpec) = try analysed(inner)
        #expect(innerCells.restartedRequest(by: try #require(innerSpec.node(named: "query"))) == nil)
        let merged = Self.screen.replacingOccurrences(of: "flatMapLatest: { call", with: "flatMap: { call")
        #expect(merged != Self.screen)
        let (mergedCells, mergedSpec) = try analysed(merged)
        #expect(mergedCells.restartedRequest(by: try #require(mergedSpec.node(named: "query"))) == nil)
        let echoed = Self.screen.replacingOccurrences(of: "handlers:\n", with: "handlers:\n  - on: query\n    set: { count: 1 }\n")
        #expect(echoed != Self.screen)
        let (echoedCells, echoedSpec) = try analysed(echoed)
        #expect(echoedCells.restartedRequest(by: try #require(echoedSpec.node(named: "query"))) == nil)
    }

    /// The shipped screens: completion's cell selection is a part, events' footer refresh is not,
    /// and weather's search text restarts its request.
    @Test func theShippedScreensHaveTheirParts() throws {
        let completion = try #require(SpecLoader.load(path: PackagePaths.root + "/specs/completion.yaml").spec)
        let completionCells = DigestCells(ScreenProgram(completion), writtenByMoves: [])
        #expect(completionCells.sinkPart(of: try #require(completion.node(named: "selection")), gestures: []) != nil)
        let events = try #require(SpecLoader.load(path: PackagePaths.root + "/specs/events.yaml").spec)
        let eventCells = DigestCells(ScreenProgram(events), writtenByMoves: [])
        #expect(eventCells.sinkPart(of: try #require(events.node(named: "footerRefresh")), gestures: []) == nil)
        let weather = try #require(SpecLoader.load(path: PackagePaths.root + "/specs/weather.yaml").spec)
        let weatherCells = DigestCells(ScreenProgram(weather), writtenByMoves: [])
        #expect(weatherCells.restartedRequest(by: try #require(weather.node(named: "searchText"))) != nil)
    }

    /// An operator after the request keeps a state of its own that a restart leaves as it is (a
    /// `delay`'s element on its way, a `skip`'s count): not a restart. Explored taking every
    /// known move anyway, such a screen reaches every state it knew (found by review: with the
    /// `delay`, a new request while the delayed answer was on its way was taken for a state
    /// without it).
    @Test func anOperatorAfterTheRequestIsNoRestart() throws {
        let delayed = Self.screen.replacingOccurrences(of: "      - flatMapLatest: { call: api.search, with: { q: \"$0\" } }\n",
                                                       with: "      - flatMapLatest: { call: api.search, with: { q: \"$0\" } }\n      - delay: 200ms\n")
        #expect(delayed != Self.screen)
        let (cells, spec) = try analysed(delayed + "\nexplore:\n  inputs: { query: [a] }\n  waits: [0ms, 400ms]\n")
        #expect(cells.restartedRequest(by: try #require(spec.node(named: "query"))) == nil)
        var o = ExploreOptions()
        o.depth = 6
        o.maxSeconds = 600
        o.verifiesPredictions = true
        let r = Explorer.explore(spec, options: o)
        #expect(r.predictionMismatches == 0)
        o.verifiesPredictions = false
        o.predicts = false
        let every = Explorer.explore(spec, options: o)
        #expect(r.distinctStates == every.distinctStates && r.transitions == every.transitions)
    }

    /// A derived value inside the part that also reads the rest would change with the rest: not
    /// a part (found by review).
    @Test func aPartsDerivedValueReadsOnlyThePart() throws {
        let text = Self.screen.replacingOccurrences(of: "outputs:\n", with: "outputs:\n  header: String(count)\n")
        #expect(text != Self.screen)
        let (cells, spec) = try analysed(text)
        #expect(cells.sinkPart(of: try #require(spec.node(named: "selection")), gestures: []) != nil)
        let mixed = Self.screen.replacingOccurrences(of: "  opened:\n    stream: selection\n    ops: [{ map: \"$0.name\" }]\n",
                                                     with: "  opened:\n    stream: selection\n    initial: \"\"\n    ops: [{ map: \"$0.name\" }]\n  header: opened + String(count)\n")
        #expect(mixed != Self.screen)
        let (mixedCells, mixedSpec) = try analysed(mixed)
        #expect(mixedCells.sinkPart(of: try #require(mixedSpec.node(named: "selection")), gestures: []) == nil)
    }
}
