import Foundation
import ScreenSpec
import SpecRuntime
@testable import SpecTools
import Testing

/// The author's report, wrong result 1: a survivor in a node a timer drives names the scenario
/// whose timeline shows it, though no step came before (a `wait:` records none).
@Suite("Mutation: what a timer drives is exercised")
struct TimerExerciseTests {
    /// `specrun mutate` on `spec`, written as `NAME.yaml` in a folder of its own (removed after).
    static func mutate(_ name: String, _ spec: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> SpecMutation {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-mutate-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent(name + ".yaml").path
        try spec.write(toFile: path, atomically: true, encoding: .utf8)
        guard case .success(let result) = MutationRun.run(specPath: path) else {
            throw MutateFailure(spec: name)
        }
        return result
    }

    struct MutateFailure: Error { let spec: String }

    @Test func aSurvivorInATimerDrivenStreamNamesTheScenarioThatWaitedForIt() throws {
        let result = try Self.mutate("ex2", """
            screen: Ex2
            state:
              polls: { type: Int, initial: 0 }
            outputs:
              polled: { interval: 10s, ops: [ { flatMapLatest: { call: api.x } } ] }
            handlers:
              - on: polled
                set: { polls: "min(polls + 1, 5)" }
            services:
              api.x: { returns: Int, latency: 100ms, result: 1 }
            scenarios:
              - name: polls
                steps:
                  - wait: 10100ms
                  - expect: { polled: 1 }
            """)
        let survivors = result.outcomes.filter { $0.status == .survived }
        let switched = try #require(survivors.first { $0.mutant.change == "flatMapLatest -> flatMap" })
        #expect(switched.shouldCatch == ["polls"])
        // The handler on the timer-driven stream: its bound `5` changed is not noticed (one poll
        // never reaches it), and the scenario that ran the handler is named.
        let handler = survivors.filter { $0.mutant.declaration == "polled" && $0.mutant.change != "flatMapLatest -> flatMap" }
        #expect(!handler.isEmpty)
        #expect(handler.allSatisfy { $0.shouldCatch == ["polls"] }, "\(handler.map(\.shouldCatch))")
    }

    /// A second first user's report: a survivor in a handler on an input a table's selection
    /// fires said "no scenario exercises 'picked'", though a `select:` step fed it (the timeline
    /// prints the step, not the input). The scenario that ran the handler is named.
    @Test func aSurvivorInAHandlerOnASelectedRowNamesTheScenarioThatSelected() throws {
        let result = try Self.mutate("hint", """
            screen: Hint
            types:
              Item: { id: Int, rank: Int }
            inputs:
              picked: Item
            state:
              items: { type: "[Item]", initial: [{ id: 1, rank: 0 }, { id: 2, rank: 1 }, { id: 3, rank: 2 }] }
            handlers:
              - on: picked
                set: { items: 'items.filter { $0.id != picked.id }.map { q in q.rank > picked.rank ? q.with(rank: q.rank - 1) : q }' }
            view:
              list: { table: { rows: items, rowSelected: picked } }
            scenarios:
              - name: selecting the middle row removes it and closes the gap
                steps:
                  - select: { list: 1 }
                  - expect: { items: [{ id: 1, rank: 0 }, { id: 3, rank: 1 }] }
            """)
        let survivors = result.outcomes.filter { $0.status == .survived && $0.mutant.declaration == "picked" }
        #expect(!survivors.isEmpty)
        #expect(survivors.allSatisfy { $0.shouldCatch == ["selecting the middle row removes it and closes the gap"] }, "\(survivors.map(\.shouldCatch))")
    }

    /// A tenth first user's D5: a survivor in the second of two handlers on one stream named every
    /// scenario whose timeline showed the stream (12 names), though one scenario alone ran that
    /// handler; a survivor in one branch of a `? :` named scenarios that never evaluated it.
    @Test func aSurvivorNamesOnlyTheScenariosThatRanItsHandlerOrChoice() throws {
        let result = try Self.mutate("track", """
            screen: Track
            inputs:
              tick: event
              reset: event
            state:
              position: { type: Int, initial: 0 }
              laps: { type: Int, initial: 0 }
            outputs:
              label: '"\\(position)"'
            handlers:
              - on: tick
                if: position < 2
                set: { position: position + 1 }
              - on: tick                        # the end of a lap
                if: position >= 2
                set: { position: 0, laps: 'laps < 10 ? laps + 1 : laps' }
              - on: reset
                set: { position: 0 }
            scenarios:
              - name: one tick
                steps:
                  - send: tick
                  - expect: { position: 1 }
              - name: a lap
                steps:
                  - send: tick
                  - send: tick
                  - send: tick
                  - expect: { position: 0 }
              - name: reset
                steps:
                  - send: reset
                  - expect: { position: 0 }
            """)
        let survivors = result.outcomes.filter { $0.status == .survived }
        // `laps + 1` and the bound `10`: only 'a lap' ran the lap handler and its '? :'.
        let lap = survivors.filter { $0.mutant.range.start.line == 16 }
        #expect(!lap.isEmpty, "\(survivors.map(\.mutant.change))")
        #expect(lap.allSatisfy { $0.shouldCatch == ["a lap"] }, "\(lap.map { ($0.mutant.change, $0.shouldCatch) })")
        // The first handler's guard is evaluated by every tick: both scenarios that tick.
        let guarded = survivors.filter { $0.mutant.range.start.line == 12 }
        #expect(!guarded.isEmpty, "\(survivors.map(\.mutant.change))")
        #expect(guarded.allSatisfy { $0.shouldCatch == ["one tick", "a lap"] }, "\(guarded.map { ($0.mutant.change, $0.shouldCatch) })")
    }

    /// An eleventh first user's 15: a survivor in a function a derived output calls, whose value
    /// never changes after the start, said no scenario exercised it; every scenario computes it then.
    @Test func aSurvivorInWhatEveryScenarioComputesAtTheStartNamesThemAll() throws {
        let result = try Self.mutate("price", """
            screen: Price
            inputs:
              tap: event
            state:
              cents: { type: Int, initial: 1999 }
              taps: { type: Int, initial: 0 }
            functions:
              fromCents:
                params: { c: Int }
                returns: String
                body: '"$\\(c / 100)"'
            outputs:
              label: fromCents(cents)
            handlers:
              - on: tap
                set: { taps: taps + 1 }
            scenarios:
              - name: taps
                steps:
                  - send: tap
                  - expect: { taps: 1 }
              - name: nothing
                steps:
                  - expect: { taps: 0 }
            """)
        let survivors = result.outcomes.filter { $0.status == .survived && $0.mutant.declaration == "fromCents" }
        #expect(!survivors.isEmpty)
        #expect(survivors.allSatisfy { $0.shouldCatch == ["taps", "nothing"] }, "\(survivors.map(\.shouldCatch))")
    }

    /// A twelfth first user's 4 and 5: a survivor in a `Void` service's latency said no scenario
    /// reached it, though a scenario called it (a call's line shows its service now); one in a
    /// service's case named scenarios that never got that case.
    @Test func aSurvivorInAServiceNamesTheScenariosThatCalledItOrGotItsCase() throws {
        let result = try Self.mutate("slots", """
            screen: Slots
            inputs:
              day: String
              delete: event
            outputs:
              slots: { stream: day, ops: [ { flatMapLatest: { call: api.slots, with: { day: $0 } } } ] }
            actions:
              remove: { trigger: delete, work: { call: api.delete } }
            services:
              api.delete: { returns: Void, latency: 200ms }
              api.slots:
                returns: Int
                params: { day: String }
                cases:
                  - when: { day: mon }
                    value: 3
                  - when: { day: tue }
                    value: 5
                result: 0
            scenarios:
              - name: monday
                steps:
                  - send: { day: mon }
                  - wait: 1s
              - name: tuesday
                steps:
                  - send: { day: tue }
                  - send: delete
                  - wait: 1s
            """)
        func catching(_ line: Int) -> [[String]] { result.outcomes.filter { $0.status == .survived && $0.mutant.range.start.line == line }.map(\.shouldCatch) }
        // `succeeds -> fails`, and the latency halved and doubled.
        #expect(catching(10) == [["tuesday"], ["tuesday"], ["tuesday"]], "\(result.outcomes.map { ($0.mutant.range.start.line, $0.mutant.change, $0.shouldCatch) })")
        #expect(catching(15) == [["monday"]])
        #expect(catching(17) == [["tuesday"]])
        #expect(catching(19) == [[]])
    }
}
