import ScreenSpec
import SpecRuntime
@testable import SpecTools
import SpecTesting
import Testing

/// On a screen with stream outputs, sending an input the value it already has (and emitted) is
/// known to change nothing when only derived values, `map`s and `filter`s of the element alone
/// (a `navigate:`) follow it (`DigestCells.repeatsChangeNothing(_:)`): breadth-first search then
/// takes the move's state as known instead of taking the step.
@Suite struct RepeatedInputPredictionTests {
    static let specs = SpecFinder.specs(in: [PackagePaths.root + "/specs"])

    /// Every predicted move, from the first few hundred states of every shipped spec (breadth
    /// first), taken anyway: it reaches the digest predicted. On the completion screen, selecting
    /// a goal's cell again (a navigation) is among them; on the events screen, tapping a row's
    /// avatar again (a row's event).
    @Test(arguments: specs)
    func everyPredictedMoveReachesThePredictedDigest(_ path: String) throws {
        let spec = try #require(SpecLoader.load(path: path).spec)
        let driver = ExplorationDriver(spec: spec, maxEventsPerStep: 10_000)
        let moves = driver.alphabet.moves.count
        guard moves > 0, driver.startFinding == nil else { return }
        var queue = [try #require(driver.save())]
        var seen: Set<UInt64> = [driver.stateHash()]
        var repeats = 0
        var next = 0
        while next < queue.count && next < 300 {
            let state = queue[next]
            next += 1
            driver.restore(state)
            driver.prepareExpansion()
            let predicted = (0..<moves).map { driver.predictedHash($0) }
            for m in 0..<moves {
                driver.restore(state)
                let found = driver.apply(PathStep(move: m, choice: 0))
                let digest = driver.stateHash()
                if let p = predicted[m] {
                    #expect(found == nil && p == digest, "\(path): move \(m) (\(driver.alphabet.moves[m])) from state \(next - 1)")
                    if driver.predictions[m]?.repeatOnly == true { repeats += 1 }
                }
                if found == nil, seen.insert(digest).inserted, let saved = driver.save() { queue.append(saved) }
            }
        }
        if path.hasSuffix("/completion.yaml") {
            #expect(repeats > 100, "\(repeats) repeated selections predicted")
        }
    }

    private static let screen = """
    screen: Repeats
    inputs:
      pick: Int
      tap: event
      limit: { type: Int, default: 3 }
    state:
      count: { type: Int, initial: 0 }
    outputs:
      shown: { stream: pick, ops: [{ map: "$0 + 1" }, { filter: "$0 > 1" }] }
      capped: { stream: pick, ops: [{ filter: "$0 < limit" }] }
    handlers:
      - on: tap
        set: { count: count + 1 }
    """

    /// What follows an input decides: a `map` and `filter` of the element alone do, a `filter`
    /// reading another node or a handler do not.
    @Test func onlyMapsAndFiltersOfTheElementAloneFollowARepeat() throws {
        let spec = try Fixtures.checked(Self.screen.replacingOccurrences(of: "\n  capped: { stream: pick, ops: [{ filter: \"$0 < limit\" }] }", with: ""))
        let program = ScreenProgram(spec)
        let cells = DigestCells(program, writtenByMoves: [])
        #expect(cells.repeatsChangeNothing(try #require(spec.node(named: "pick"))))
        #expect(!cells.repeatsChangeNothing(try #require(spec.node(named: "tap"))))

        // A derived value computed from it that a stateful operator hears: NaN is not equal to
        // itself, so writing `total` its value 0 again makes `ratio` emit NaN again, and `hits`
        // counts it (found by review).
        let nan = try Fixtures.checked("""
            screen: NaN
            inputs:
              total: { type: Int, default: 0 }
              pick: Int
            outputs:
              ratio: Double(total) / Double(total)
              hits: { stream: ratio, ops: [{ scan: { seed: "0", accumulator: "$0 + 1" } }] }
              shown: { stream: pick, ops: [{ map: "$0 + 1" }] }
            """)
        let nanCells = DigestCells(ScreenProgram(nan), writtenByMoves: [])
        #expect(!nanCells.repeatsChangeNothing(try #require(nan.node(named: "total"))))
        #expect(nanCells.repeatsChangeNothing(try #require(nan.node(named: "pick"))))

        let reading = try Fixtures.checked(Self.screen)
        let readingCells = DigestCells(ScreenProgram(reading), writtenByMoves: [])
        #expect(!readingCells.repeatsChangeNothing(try #require(reading.node(named: "pick"))))
    }
}
