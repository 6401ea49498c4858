import ScreenSpec
import SpecRuntime
@testable import SpecRuntime
import Testing

/// Plays scenario 0 of a spec written inline.
private func play(_ yaml: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Timeline {
    let loaded = SpecLoader.load(text: yaml, path: "t.yaml")
    #expect(loaded.diagnostics.isEmpty, "\(loaded.renderDiagnostics())", sourceLocation: sourceLocation)
    let spec = try #require(loaded.spec, sourceLocation: sourceLocation)
    return ScenarioRunner.run(spec, scenario: 0)
}

extension Timeline {
    /// The values node `name` emitted, in order.
    fileprivate func values(_ name: String) -> [Value] {
        entries.compactMap { if case .emission(_, name, let v) = $0 { v } else { nil } }
    }

    fileprivate var stepTexts: [String] {
        entries.compactMap { if case .step(_, let text) = $0 { text } else { nil } }
    }

    fileprivate var failures: Int {
        entries.filter { if case .failure = $0 { true } else { false } }.count
    }
}

/// What a binding delivers to a component: each element of a stream, a value when it changes, and
/// a value again after the person changed the control and the view model wrote what it keeps.
@Suite("Binding delivery")
struct BindingDeliveryTests {
    private let clamp = """
        screen: Clamp
        inputs:
          stepped: Double
        state:
          seats: { type: Int, initial: 1 }
          maxSeats: { type: Int, initial: 1 }
        handlers:
          - on: stepped
            set: { seats: 'min(Int(stepped), maxSeats)' }
        view:
          seatsStepper: { stepper: { minimumValue: 1, maximumValue: 10, value: Double(seats), valueChanged: stepped } }
        invariants:
          stepperShowsSeats: seatsStepper.value == Double(seats)

        """

    @Test func aRefusedStepGoesBackToWhatTheViewModelKeeps() throws {
        let t = try play(clamp + """
            scenarios:
              - name: s
                steps:
                  - step: { seatsStepper: 2 }
                  - expect: { seats: 1, seatsStepper.value: 1.0 }
            """)
        #expect(t.values("seatsStepper.value") == [.double(1), .double(2), .double(1)])
        #expect(t.failures == 0, "\(t.entries)")
    }

    @Test func aLossyTwoWayConversionShowsTheConvertedValue() throws {
        let t = try play("""
            screen: Level
            inputs:
              level: { type: Int, default: 0 }
            view:
              s: { slider: { minimumValue: 0, maximumValue: 10, value: { twoWay: level, get: Double(level), set: Int(s.value) } } }
            scenarios:
              - name: s
                steps:
                  - slide: { s: 2.5 }
                  - expect: { level: 2, s.value: 2.0 }
                  - slide: { s: 2.4 }
                  - expect: { level: 2, s.value: 2.0 }
            """)
        // The first slide changes `level`, whose new value reaches the slider in the same
        // transaction; the second writes `level` equal, and the slider goes back at its end.
        #expect(t.values("s.value") == [.double(0), .double(2), .double(2.4), .double(2)])
        #expect(t.failures == 0, "\(t.entries)")
    }

    /// Nothing the binding reads is written: in RxSwift nothing reaches the binding, and the
    /// switch keeps the person's value until the view model writes one.
    @Test func aControlWhoseChangeWritesNothingItShowsKeepsThePersonsValue() throws {
        let t = try play("""
            screen: Toggle
            inputs:
              toggled: Bool
            state:
              saved: { type: Bool, initial: false }
              changes: { type: Int, initial: 0 }
            handlers:
              - on: toggled
                set: { changes: changes + 1 }
            view:
              sw: { switch: { isOn: saved, valueChanged: toggled } }
            scenarios:
              - name: s
                steps:
                  - toggle: { sw: true }
                  - expect: { sw.isOn: true, saved: false, changes: 1 }
            """)
        #expect(t.values("sw.isOn") == [.bool(false), .bool(true)])
        #expect(t.failures == 0, "\(t.entries)")
    }

    /// The departure from RxSwift: an equal write in a later transaction (not the person's)
    /// reaches no binding, as a derived value emits only when it changes; RxSwift's relay would
    /// turn the switch back.
    @Test func anEqualWriteInALaterTransactionIsNotReapplied() throws {
        let t = try play("""
            screen: Toggle
            inputs:
              toggled: Bool
              reload: event
            state:
              saved: { type: Bool, initial: false }
            handlers:
              - on: reload
                set: { saved: "saved && false" }
            view:
              sw: { switch: { isOn: saved, valueChanged: toggled } }
            scenarios:
              - name: s
                steps:
                  - toggle: { sw: true }
                  - send: reload
                  - expect: { sw.isOn: true, saved: false }
            """)
        #expect(t.values("sw.isOn") == [.bool(false), .bool(true)])
        #expect(t.failures == 0, "\(t.entries)")
    }

    @Test func aSignalBoundToAPropertyDeliversEveryElement() throws {
        let t = try play("""
            screen: Scroll
            inputs:
              send: event
            outputs:
              scrollToBottom: { stream: send, ops: [ { map: "7" } ] }
              first: { stream: send, ops: [ { map: "0" } ] }
              requests: { stream: send }
            view:
              scroller: { component: { properties: { scrolledTo: Int, top: Int, scrollRequests: Void } } }
            bindings:
              - bind: scrollToBottom
                to: scroller.scrolledTo
              - bind: first
                to: scroller.top
              - bind: requests
                to: scroller.scrollRequests
            scenarios:
              - name: s
                steps:
                  - send: send
                  - send: send
            """)
        #expect(t.values("scroller.scrolledTo") == [.int(0), .int(7), .int(7)])
        #expect(t.values("scroller.top") == [.int(0), .int(0), .int(0)])
        #expect(t.values("scroller.scrollRequests") == [.void, .void, .void])
    }

    @Test func aPropertyBoundToAValueIsAppliedWhenItChanges() throws {
        let t = try play("""
            screen: Half
            inputs:
              send: event
            state:
              n: { type: Int, initial: 0 }
            handlers:
              - on: send
                set: { n: n + 1 }
            outputs:
              half: n / 2
            view:
              counter: { component: { properties: { shown: Int } } }
            bindings:
              - bind: half
                to: counter.shown
            scenarios:
              - name: s
                steps:
                  - send: send
                  - send: send
                  - send: send
            """)
        #expect(t.values("counter.shown") == [.int(0), .int(1)])
    }

    @Test func aTapOnAHiddenButtonReachesNothing() throws {
        let t = try play("""
            screen: Retry
            inputs:
              failed: { type: Bool, default: false }
              retry: event
            state:
              retries: { type: Int, initial: 0 }
            handlers:
              - on: retry
                set: { retries: retries + 1 }
            view:
              retryButton: { button: { tap: retry, isHidden: "!failed" } }
            scenarios:
              - name: s
                steps:
                  - tap: retryButton
                  - expect: { retries: 0 }
                  - set: { failed: true }
                  - tap: retryButton
                  - expect: { retries: 1 }
            """)
        #expect(t.stepTexts.contains("tap retryButton — ignored, the button is hidden"))
        #expect(t.stepTexts.filter { $0 == "tap retryButton" }.count == 1)
        #expect(t.failures == 0, "\(t.entries)")
    }
}
