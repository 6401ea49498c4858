import ScreenSpec
import Testing

/// Issue 39 item 4: an action's `with:` reads a name other than its trigger's as it was before a
/// handler on that trigger sets it; where it reads such a value the checker warns, with the fix.
@Suite struct ValueBeforeHandlerTests {
    private static func spec(with argument: String, handlerValue: String = "darkModeChanged") -> String {
        """
        screen: S
        inputs:
          darkModeChanged: Bool
        state:
          darkMode: { type: Bool, initial: false }
        handlers:
          - on: darkModeChanged
            set: { darkMode: \(handlerValue) }
        actions:
          save: { trigger: darkModeChanged, work: { call: api.save, with: { value: \(argument) } } }
        services:
          api.save: { returns: Bool, params: { value: Bool }, echo: value }

        """
    }

    @Test func readingWhatAHandlerOnTheTriggerSetsIsOneWarningWithTheFix() {
        let loaded = SpecLoader.load(text: Self.spec(with: "darkMode"), path: "t.yaml")
        #expect(loaded.spec != nil)
        #expect(loaded.renderDiagnostics() == """
            t.yaml:10:76: warning: 'with:' reads 'darkMode' as it was before the handler on 'darkModeChanged' sets it
               |
            10 |   save: { trigger: darkModeChanged, work: { call: api.save, with: { value: darkMode } } }
               |                                                                            ^~~~~~~~
            t.yaml:8:12: note: the handler sets it in the same step; the call sees the new value from the next execution on
              |
            8 |     set: { darkMode: darkModeChanged }
              |            ^~~~~~~~
            help: read the new value from the trigger: 'value: darkModeChanged'

            """)
        #expect(loaded.diagnostics.map(\.id) == ["value-before-handler"])
    }

    @Test func aHandlerComputingTheValueGetsTheGeneralFix() {
        let loaded = SpecLoader.load(text: Self.spec(with: "'!darkMode'", handlerValue: "'!darkModeChanged'"), path: "t.yaml")
        #expect(loaded.diagnostics.map(\.fixIt) == ["compute the new value from 'darkModeChanged' in 'with:' as the handler does"])
    }

    @Test func readingTheTriggerOrAValueNoHandlerOnItSetsIsQuiet() {
        #expect(SpecLoader.load(text: Self.spec(with: "darkModeChanged"), path: "t.yaml").diagnostics.isEmpty)
        #expect(SpecLoader.load(text: Self.spec(with: "true"), path: "t.yaml").diagnostics.isEmpty)
    }

    /// An eleventh first user's 11: `with: { on: "!favorite" }` beside `set: { favorite: "!favorite" }`
    /// computes the new value, as the handler does: the warning, whose fix was that, is not given.
    @Test func computingWhatTheHandlerWritesIsQuiet() {
        #expect(SpecLoader.load(text: Self.spec(with: "'!darkMode'", handlerValue: "'!darkMode'"), path: "t.yaml").diagnostics.isEmpty)
        #expect(SpecLoader.load(text: Self.spec(with: "'!darkMode'", handlerValue: "'!darkMode || darkModeChanged'"), path: "t.yaml")
            .diagnostics.map(\.id) == ["value-before-handler"])
    }

    /// A fifth first user's T2: the same rule for a stream's `withLatestFrom` and `sample`, whose
    /// outcome in RxSwift depends on the order of subscription.
    private static func streamSpec(handlers: String, outputs: String) -> String {
        """
        screen: S
        inputs:
          removed: Int
          tick: event
        state:
          pending: { type: "Int?", initial: null }
        handlers:
        \(handlers)
        outputs:
        \(outputs)

        """
    }

    @Test func aStreamSamplingWhatAHandlerOnItsEventSetsIsOneWarningWithTheRxSwiftReasonAndTheFixes() {
        let loaded = SpecLoader.load(text: Self.streamSpec(handlers: """
              - on: removed
                set: { pending: removed }
            """, outputs: """
              previous: { stream: removed, ops: [ { withLatestFrom: pending } ] }
            """), path: "t.yaml")
        #expect(loaded.spec != nil)
        #expect(loaded.renderDiagnostics() == """
            t.yaml:11:57: warning: 'withLatestFrom' in 'previous' reads 'pending' as it was before the handler on 'removed' sets it
               |
            11 |   previous: { stream: removed, ops: [ { withLatestFrom: pending } ] }
               |                                                         ^~~~~~~
            t.yaml:9:12: note: the handler sets it in the same transaction, after the read; in RxSwift the order of subscription decides: \
            a subscriber of 'removed' set up before 'previous' that accepts into 'pending' makes 'withLatestFrom' read the new value
              |
            9 |     set: { pending: removed }
              |            ^~~~~~~
            help: read the new value from 'removed' itself; or, to mean the value before in RxSwift too, set 'pending' in a handler on \
            'previous', which runs after the read in any order, as '.do(onNext:)' after 'withLatestFrom' does

            """)
        #expect(loaded.diagnostics.map(\.id) == ["value-before-handler"])
    }

    @Test func theEventIsFollowedThroughStreamsOfTheSameTransactionAndSampleIsWarnedToo() {
        let loaded = SpecLoader.load(text: Self.streamSpec(handlers: """
              - on: removed
                set: { pending: removed + 1 }
            """, outputs: """
              ids: { stream: removed, ops: [ { filter: $0 > 0 } ] }
              merged: { stream: tick, ops: [ { map: "0" }, { merge: ids }, { withLatestFrom: pending } ] }
              sampled: { stream: pending, ops: [ { sample: ids } ] }
            """), path: "t.yaml")
        #expect(loaded.diagnostics.map(\.message) == [
            "'withLatestFrom' in 'merged' reads 'pending' as it was before the handler on 'removed' sets it",
            "'sample' in 'sampled' reads 'pending' as it was before the handler on 'removed' sets it",
        ])
        #expect(loaded.diagnostics.first?.fixIt?.hasPrefix("compute the new value from 'removed' as the handler does;") == true)
    }

    @Test func aHandlerOnTheSamplingStreamOrAReadInALaterTransactionIsQuiet() {
        // The write follows the read in any order; a request, or a wait, hands the element on later.
        let loaded = SpecLoader.load(text: Self.streamSpec(handlers: """
              - on: previous
                set: { pending: previous }
              - on: tick
                set: { pending: 1 }
            """, outputs: """
              previous: { stream: removed, ops: [ { withLatestFrom: pending } ] }
              later: { stream: tick, ops: [ { delay: 10ms }, { withLatestFrom: pending } ] }
              called: { stream: tick, ops: [ { flatMapLatest: { just: "1" } }, { withLatestFrom: pending } ] }
            """), path: "t.yaml")
        #expect(loaded.spec != nil, "\(loaded.renderDiagnostics())")
        #expect(loaded.diagnostics.isEmpty, "\(loaded.renderDiagnostics())")
    }
}

