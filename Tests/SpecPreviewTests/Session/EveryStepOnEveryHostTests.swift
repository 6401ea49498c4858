import Foundation
import ScreenSpec
@testable import SpecPreview
import SpecRuntime
import SpecTesting
import Testing

/// Every kind of step played on every host that plays scenarios — the virtual runner
/// (`specrun run`), the live player (`specrun run --live`) and the preview's player — gets the
/// same verdicts: the same steps shown, the same expectations failed with the same messages at
/// the same lines, the same invariant breaks. All three go through one judge
/// (`ScenarioJudge`); this test is what keeps a host from judging on its own again (the live
/// player once passed every `expect: <Bool expression>`).
///
/// The kinds are enumerated from `StepPlan.Name`, which names every case of the step enum: a new
/// kind fails this test until the spec below plays it, held and broken where it judges. A
/// gesture on a row (`tap: { rows.bumpButton: { row: 1 } }`) is the row's input sent to the row,
/// a `sendRow` step, and `send:` to a row's action an `executeRow` step: each played here on a
/// row there and on a row not there.
@Suite("Every step on every host")
struct EveryStepOnEveryHostTests {
    static let spec = """
        screen: EveryStep

        types:
          Line: { id: Int }
          Move: { from: Int, to: Int }

        state:
          lines: { type: "[Line]", initial: [{ id: 1 }] }
          edits: { type: Int, initial: 0 }
          touches: { type: "[String]", initial: [] }

        viewModels:
          LineRow:
            params: { line: Line }
            inputs: { bump: event, mark: event }
            state: { bumps: { type: Int, initial: 0 } }
            actions:
              save: { trigger: mark, work: { call: items.remove, with: { id: line.id } } }
            outputs:
              saving: save.executing
            handlers:
              - { on: bump, set: { bumps: bumps + 1 } }
            view:
              bumpButton: { button: { tap: bump } }

        cells:
          rows: { viewModel: LineRow, for: lines }

        inputs:
          email: { type: String, default: "" }
          confirm: event
          results: Int
          level: { type: Double, default: 0.0 }
          deletedAt: Int
          movedTo: Move
          grabbed: event
          letGo: event

        handlers:
          - { on: deletedAt, set: { edits: edits + 1 } }
          - { on: movedTo, set: { edits: edits + 1 } }
          - { on: grabbed, set: { touches: 'touches + ["down"]' } }
          - { on: letGo, set: { touches: 'touches + ["up"]' } }

        outputs:
          canLogin: email.count >= 3
          doubled: { stream: results, ops: [ { map: "$0 * 2" } ] }

        actions:
          login:
            trigger: confirm
            enabledIf: canLogin
            work: { call: auth.signIn, with: { email: email } }
          remove:
            input: Int
            work: { call: items.remove, with: { id: $0 } }

        invariants:
          shortEmail: email.count < 12

        services:
          auth.signIn:
            returns: Int
            params: { email: String }
            latency: 1s
            result: 7
          items.remove:
            returns: Void
            params: { id: Int }
            latency: 1s

        view:
          emailField: { textField: { text: { twoWay: email } } }
          confirmButton: { button: { action: login } }
          levelSlider: { slider: { value: { twoWay: level }, touchDown: grabbed, touchUpInside: letGo } }
          lineTable: { table: { rows: lines, itemDeleted: deletedAt, itemMoved: movedTo } }

        scenarios:
          - name: every kind of step, held
            steps:
              - type: { emailField: "ann" }
              - expect: { canLogin: true }
              - expect: email.count == 3
              - slide: { levelSlider: 0.5 }
              - expect: { level: 0.5 }
              - tap: confirmButton
              - send: { remove: 3 }
              - expect: { login.executing: true }
              - wait: 1100ms
              - expect: { login.elements: 7, login.executing: false, remove.executing: false }
              - expect: { auth.signIn.calls: 1 }
              - set: { email: "bo" }
              - expect: { canLogin: false }
              - subscribe: { late: doubled }
              - send: { results: 2 }
              - expect: { doubled: 4 }
              - dispose: late
              - send: { results: 3 }
              - expect: { doubled: 6 }
              - complete: login
              - complete: results
              - expect: { doubled: completed }
              - expect: level == 0.5
              - drag: { levelSlider: [0.2, 0.7] }
              - release: levelSlider
              - expect: { level: 0.7, touches: [down, up], levelSlider.isTracking: false }
              - send: { rows.bump: { row: 1 } }
              - expect: rows.first?.bumps == 1
              - tap: { rows.bumpButton: { row: 1 } }
              - expect: rows.first?.bumps == 2
              - send: { rows.save: { row: 1 } }
              - expect: rows.first?.saving == true
              - delete: { lineTable: 0 }
              - move: { lineTable: { from: 0, to: 0 } }
              - expect: { edits: 2 }

          - name: every kind of step, broken
            # The sign-in must still be running at the end on every host: on real time, a loaded
            # machine can take a second between two steps, so its answer is put far away.
            services:
              auth.signIn: { result: 7, latency: 600s }
            steps:
              - type: { emailField: "someone@example.com" }
              - expect: { canLogin: false }
              - expect: email.count == 5
              - send: confirm
              - expect: { login.executing: false }
              - wait: 100ms
              - expect: { login.elements: 8 }
              - set: { email: "x" }
              - set: { email: "another@example.com" }
              - tap: confirmButton
              - expect: { auth.signIn.calls: 2 }
              - send: { results: 2 }
              - expect: { doubled: 5 }
              - fail: { results: http(500) }
              - expect: { doubled: completed }
              - expect: email.count < 3
              - press: levelSlider
              - expect: { touches: [], levelSlider.isTracking: true }
              - send: { rows.bump: { row: 2 } }
              - expect: rows.first?.bumps == 1
              - tap: { rows.bumpButton: { row: 2 } }
              - expect: rows.first?.bumps == 2
              - send: { rows.save: { row: 2 } }
              - expect: rows.first?.saving == true
              - delete: { lineTable: 4 }
              - move: { lineTable: { from: 0, to: 3 } }
              - expect: { edits: 2 }

        """

    // Live, real time passes between steps: a service's answer must come well after the step
    // that calls it and well before the wait that expects it (1 s against a wait of 1.1 s), or a
    // busy machine would change the order. The two calls take the same second, so they answer in
    // the order they were made on every host (a 20 ms answer once came before the next step on a
    // loaded machine, where a virtual run has it during the wait). A zero latency answers at the end of
    // the step's job live and only at the next wait in a virtual run (see the report of
    // issue 35): no service here answers in 0 ms.

    /// A timeline entry without its time: the live host stamps real milliseconds.
    static func verdicts(_ entries: [Timeline.Entry]) -> [String] {
        entries.map { entry in
            switch entry {
            case .emission(_, let name, let value): "\(name) \(ValueFormatter.text(value))"
            case .step(_, let text): "▶ \(text)"
            case .failure(_, let message, _, let line): "✗ \(message) (line \(line))"
            case .runtimeError(_, let message): "! \(message)"
            case .end(_, let name, let end): "\(name) \(end.text)"
            case .cancel(_, let name, let call): "\(name) ⊘ \(call)"
            case .call(_, let service, _, let arguments): "\(service) ↗ \(arguments.map(ValueFormatter.text))"
            }
        }
    }

    static func failures(_ entries: [Timeline.Entry]) -> [String] {
        verdicts(entries).filter { $0.hasPrefix("✗") }
    }

    @Test func everyStepKindGetsTheSameVerdictsOnTheVirtualLiveAndPreviewHosts() async throws {
        let path = try CLI.temporarySpec(Self.spec, name: "every-step.yaml")
        let loaded = SpecLoader.load(path: path)
        #expect(loaded.diagnostics.isEmpty, "\(loaded.renderDiagnostics())")
        let spec = try #require(loaded.spec)

        // Every kind of step is played, and every kind that judges both holds and fails.
        let steps = spec.scenarios.flatMap(\.steps)
        #expect(Set(steps.map(\.name)) == Set(StepPlan.Name.allCases), "a kind of step this test does not play")
        let virtual = spec.scenarios.indices.map { ScenarioRunner.run(spec, scenario: $0) }
        let failedLines = Set(virtual.flatMap(\.entries).compactMap { entry -> Int? in
            if case .failure(_, _, _, let line) = entry { return line }
            return nil
        })
        for name in StepPlan.Name.allCases where steps.contains(where: { $0.name == name && $0.part == .judge }) {
            let lines = steps.filter { $0.name == name }.map(\.range.start.line)
            #expect(lines.contains { failedLines.contains($0) }, "no '\(name)' step fails")
            #expect(lines.contains { !failedLines.contains($0) }, "no '\(name)' step holds")
        }
        // An invariant broken by an acting step is reported after it, at its line.
        #expect(Self.failures(virtual[1].entries).contains { $0.contains("invariant 'shortEmail' does not hold after 'type") })

        for (k, expected) in virtual.enumerated() {
            let live = await LiveScenarioPlayer.run(spec, scenario: k, providers: [:])
            #expect(Self.verdicts(live.entries) == Self.verdicts(expected.entries), "live, \(spec.scenarios[k].name)")

            let session = try PreviewSession(path: path)
            session.receive(#"{"op":"play","scenario":\#(k)}"#)
            while let p = session.sync({ $0.playback }), p.position < p.scenario.steps.count {
                session.receive(#"{"op":"forward"}"#)
            }
            let previewed = session.sync { $0.entries }
            #expect(Self.verdicts(previewed) == Self.verdicts(expected.entries), "preview, \(spec.scenarios[k].name)")
            // The page's per-step verdicts are the judged steps' failures, in order.
            let perStep = session.sync { $0.playback?.failures.compactMap { $0 } } ?? []
            let judged = Self.failures(expected.entries).filter { !$0.contains("invariant '") }
            #expect(perStep.count == judged.count)
        }
    }
}
