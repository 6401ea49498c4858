import ScreenSpec
import SpecRuntime
@testable import SpecTools
import SpecTesting
import Testing

/// A table's selection (`select:`, a gesture that only fires the table's `rowSelected` input) and
/// a row's event that changes nothing in its row (`items.avatarTap`) are sends of a row read from
/// the state: breadth-first search predicts them repeated, and takes the part of the screen they
/// drive alone apart from the rest, keyed by the row they carry (see docs/explore.md,
/// "Strategies"). Each must explore exactly what taking every move explores.
@Suite struct RowMoveShortcutTests {
    /// Two rows, a table selecting them, a button on each row, a reload that replaces the list
    /// (row 2 renamed, row 1 gone, row 3 new) after 300 ms: what is selected or opened depends on
    /// the rows of the state.
    static let screen = """
    screen: Rows
    types:
      Item: { id: Int, name: String }
    inputs:
      reload: event
      selection: ItemRow
    state:
      items: { type: "[Item]", initial: [{ id: 1, name: a }, { id: 2, name: b }] }
    viewModels:
      ItemRow:
        params: { item: Item }
        inputs:
          open: event
        outputs:
          title: item.name
        view:
          openButton: { button: { tap: open } }
    cells:
      rows: { viewModel: ItemRow, for: items }
    outputs:
      loaded:
        stream: reload
        ops:
          - flatMapLatest: { call: api.items }
      opened:
        stream: rows.open
        ops: [{ map: "$0.title" }]
      chosen:
        stream: selection
        ops: [{ map: "$0.item.name" }]
    handlers:
      - on: loaded
        set: { items: loaded }
    services:
      api.items:
        returns: "[Item]"
        latency: 300ms
        result: [{ id: 2, name: b2 }, { id: 3, name: c }]
    view:
      list: { table: { rows: rows, rowSelected: selection } }
    scenarios:
      - name: selects and opens
        steps:
          - select: { list: 0 }
          - tap: { rows.openButton: { row: 2 } }
          - send: reload
          - wait: 300ms
          - select: { list: 1 }
          - tap: { rows.openButton: { row: 3 } }
    """

    private func explored(_ spec: CheckedSpec, predicts: Bool, verifies: Bool = false) -> ExploreResult {
        var o = ExploreOptions()
        o.depth = 7
        o.maxSteps = 400_000
        o.maxSeconds = 600
        o.workers = 1
        o.predicts = predicts
        o.verifiesPredictions = verifies
        return Explorer.explore(spec, options: o)
    }

    private func expectSame(_ spec: CheckedSpec, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let known = explored(spec, predicts: true), taken = explored(spec, predicts: false)
        #expect(known.distinctStates == taken.distinctStates && known.transitions == taken.transitions, "\(what): states and transitions",
                sourceLocation: sourceLocation)
        #expect(known.stop == taken.stop && known.depthReached == taken.depthReached, "\(what): stop", sourceLocation: sourceLocation)
        #expect(known.counterexample?.scenarioYAML == taken.counterexample?.scenarioYAML, "\(what): counterexample", sourceLocation: sourceLocation)
        let verified = explored(spec, predicts: true, verifies: true)
        #expect(verified.predictionMismatches == 0, "\(what): \(verified.predictionMismatches) known moves reached another state",
                sourceLocation: sourceLocation)
    }

    /// The row's button drives a part and is predicted repeated; the reload is the rest's. The
    /// table's `select:` fires the table's own `rowSelected` stream as well as `selection`, in one
    /// transaction with one row: the two drive one part together, predicted repeated when both
    /// hold the row already. Neither alone is a part, since the gesture fires the other too.
    @Test func theRowsButtonDrivesAPart() throws {
        let spec = try Fixtures.checked(Self.screen)
        let driver = ExplorationDriver(spec: spec, maxEventsPerStep: 10_000)
        let alphabet = driver.alphabet
        var gestureParts = 0, rowParts = 0
        for (k, input) in alphabet.inputs.enumerated() {
            switch input {
            case .gesture(let g) where alphabet.gestures[g].gesture.verb == "select":
                let gesture = alphabet.gestures[g].gesture
                #expect(gesture.events.count == 2)
                #expect(driver.partOfInput[k] >= 0 && driver.inputPredictionIsRepeat(k))
                let cells = DigestCells(ScreenProgram(spec), writtenByMoves: [], gestures: alphabet.gestures.map(\.gesture))
                let events = gesture.events.sorted()
                #expect(cells.sinkPart(of: events, gestures: alphabet.gestures.map(\.gesture)) != nil)
                for event in events { #expect(cells.sinkPart(of: event, gestures: alphabet.gestures.map(\.gesture)) == nil) }
                gestureParts += 1
            case .sendRow:
                #expect(driver.partOfInput[k] >= 0)
                rowParts += 1
            case .send(let node, _) where spec.nodes[node].name == "reload":
                #expect(driver.partOfInput[k] < 0)
            default: break
            }
        }
        #expect(gestureParts == 2 && rowParts == 3, "\(gestureParts) selections, \(rowParts) row events")
        #expect(driver.parts.count == 2)
        // Without the row in the part's key, opening row 2 after the reload (renamed) would be
        // taken for opening it before: states would be missed, and a known move would reach
        // another state.
        let repeated = alphabet.moves.indices.filter { driver.predictions[$0]?.repeatOnly == true }
        #expect(repeated.count == 5 * Set(alphabet.waitOf).count, "\(repeated.count) moves predicted repeated")
        expectSame(spec, "rows")
    }

    /// A row's event that a handler of the row hears, or that triggers the row's action, changes
    /// the row: no part, no repeat. With a NaN in the row (a `Double` output of 0 / 0), the rows
    /// written back are not equal to themselves, so a stream of them hears the event: the part's
    /// step is taken, not known.
    @Test func aRowEventThatChangesTheRowIsTaken() throws {
        let counted = Self.screen.replacingOccurrences(of: "    outputs:\n      title: item.name\n", with: """
                state:
                  opens: { type: Int, initial: 0 }
                handlers:
                  - on: open
                    set: { opens: opens + 1 }
                outputs:
                  title: item.name

            """)
        #expect(counted != Self.screen)
        let countedSpec = try Fixtures.checked(counted)
        let countedDriver = ExplorationDriver(spec: countedSpec, maxEventsPerStep: 10_000)
        for (k, input) in countedDriver.alphabet.inputs.enumerated() {
            if case .sendRow = input { #expect(countedDriver.partOfInput[k] < 0 && countedDriver.inputPredictionIsRepeat(k) == false) }
        }
        expectSame(countedSpec, "a row event with a handler")

        let nan = Self.screen.replacingOccurrences(of: "      title: item.name\n", with: """
                  title: item.name
                  ratio: Double(item.id - item.id) / Double(item.id - item.id)

            """).replacingOccurrences(of: "  chosen:\n", with: """
              rowWrites:
                stream: rows
                ops: [{ scan: { seed: "0", accumulator: "$0 + 1" } }]
              chosen:

            """)
        #expect(nan != Self.screen)
        let nanSpec = try Fixtures.checked(nan)
        let nanDriver = ExplorationDriver(spec: nanSpec, maxEventsPerStep: 10_000)
        #expect(nanDriver.alphabet.inputs.indices.contains { k in
            if case .sendRow = nanDriver.alphabet.inputs[k] { nanDriver.partOfInput[k] >= 0 } else { false }
        })
        expectSame(nanSpec, "rows holding a NaN")
    }

    /// A tap on a row's button disabled on that row (`enabled:` over the row: row 2 is disabled
    /// while it is named `b`, enabled once the reload renames it `b2`) is ignored: it is known to
    /// change nothing, and its part's step is keyed as a tap on no row. Exploring with and without
    /// the shortcuts finds the same, without a violation and with one (the reload's row 3; an
    /// invariant cannot read the stream the tap feeds).
    @Test func aTapOnAButtonDisabledOnItsRowIsKnownToDoNothing() throws {
        let gated = Self.screen.replacingOccurrences(of: "openButton: { button: { tap: open } }",
                                                     with: #"openButton: { button: { tap: open, enabled: 'item.name != "b"' } }"#)
        #expect(gated != Self.screen)
        let spec = try Fixtures.checked(gated)
        let driver = ExplorationDriver(spec: spec, maxEventsPerStep: 10_000)
        let alphabet = driver.alphabet
        var byRow: [Value: Int] = [:]
        for (k, input) in alphabet.inputs.enumerated() {
            guard case .sendRow(_, _, let row, _, let gesture) = input else { continue }
            #expect(gesture != nil && driver.partOfInput[k] >= 0 && driver.inputPredictionIsRepeat(k))
            byRow[row] = k
        }
        let one = try #require(byRow[.int(1)]), two = try #require(byRow[.int(2)]), three = try #require(byRow[.int(3)])
        // The tap fires the event alone; a gesture that writes the component's value (a stepper's
        // step) or fires more than the event is no such move.
        guard case .sendRow(let c, let i, _, _, let tap?) = alphabet.inputs[one] else { throw CancellationError() }
        let cells = DigestCells(driver.graph.program, writtenByMoves: [])
        #expect(cells.rowMoveFiresOnly(cells: c, input: i, gesture: tap) != nil)
        var stepped = tap
        stepped.writes = true
        var twice = tap
        twice.events += tap.events
        #expect(cells.rowMoveFiresOnly(cells: c, input: i, gesture: stepped) == nil && cells.rowMoveFiresOnly(cells: c, input: i, gesture: twice) == nil)
        driver.prepareExpansion()
        // Nothing opened yet: a tap on row 1 opens it, on row 2 (disabled) or row 3 (not there)
        // does nothing.
        #expect(!driver.expansion.repeats[one] && driver.expansion.repeats[two] && driver.expansion.repeats[three])
        #expect(driver.expansion.partFrom[two] == driver.expansion.partFrom[three] && driver.expansion.partFrom[one] != driver.expansion.partFrom[two])
        #expect(driver.expansion.partUsable[one] && driver.expansion.partUsable[two])
        expectSame(spec, "a row's button disabled on a row")
        #expect(explored(spec, predicts: true).counterexample == nil)

        let broken = gated.replacingOccurrences(of: "view:\n  list:", with: """
            invariants:
              neverLoadsRow3: '!items.contains { $0.id == 3 }'
            view:
              list:
            """)
        #expect(broken != gated)
        let brokenSpec = try Fixtures.checked(broken)
        let found = try #require(explored(brokenSpec, predicts: true).counterexample)
        #expect(found.scenarioYAML.contains("send: reload"), "\(found.scenarioYAML)")
        expectSame(brokenSpec, "a row's button disabled on a row, and an invariant the reload breaks")
    }

    /// The events screen: its rows' avatar taps drive a part, and so do its table's selections,
    /// and exploring it to depth 5 with them finds what taking every move finds.
    @Test func theEventsScreensAvatarsAreAPart() throws {
        let spec = try #require(SpecLoader.load(path: PackagePaths.root + "/specs/events.yaml").spec)
        let driver = ExplorationDriver(spec: spec, maxEventsPerStep: 10_000)
        let alphabet = driver.alphabet
        let driven = alphabet.inputs.indices.filter { k in
            switch alphabet.inputs[k] {
            case .sendRow: true
            case .gesture(let g): alphabet.gestures[g].gesture.verb == "select"
            default: false
            }
        }
        #expect(driven.contains { if case .gesture = alphabet.inputs[$0] { true } else { false } })
        #expect(driven.contains { if case .sendRow = alphabet.inputs[$0] { true } else { false } })
        for k in driven { #expect(driver.partOfInput[k] >= 0 && driver.inputPredictionIsRepeat(k)) }
        var o = ExploreOptions()
        o.depth = 5
        o.maxSeconds = 600
        o.maxSteps = 2_000_000
        o.workers = 1
        let known = Explorer.explore(spec, options: o)
        o.predicts = false
        let taken = Explorer.explore(spec, options: o)
        #expect(known.distinctStates == taken.distinctStates && known.transitions == taken.transitions && known.stop == taken.stop)
        #expect(known.stepsRun * 100 < known.transitions * 30, "\(known.stepsRun) steps for \(known.transitions) transitions")
    }
}

extension ExplorationDriver {
    /// Whether input `k`'s moves are predicted when repeated (tests).
    func inputPredictionIsRepeat(_ k: Int) -> Bool {
        alphabet.inputOf.indices.contains { alphabet.inputOf[$0] == k && predictions[$0]?.repeatOnly == true }
    }
}
