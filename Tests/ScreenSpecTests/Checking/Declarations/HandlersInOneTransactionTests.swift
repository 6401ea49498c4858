import ScreenSpec
import Testing

/// Two handlers that run in one transaction compute their values from the state before it, and
/// the later write replaces the earlier (RxSwift's subscribers run one after the other instead).
/// A first user's play/pause lost its write this way without a word: the checker now warns.
@Suite struct HandlersInOneTransactionTests {
    @Test func aHandlerRunByAnotherHandlersWriteSettingTheSameStateIsOneWarning() {
        let loaded = SpecLoader.load(text: """
            screen: HandlerChain
            inputs:
              tap: event
              position: { type: Int, default: 0 }
            state:
              playing: { type: Bool, initial: false }
            handlers:
              - on: tap
                set: { playing: "!playing", position: position }
              - on: position
                set: { playing: playing && position < 10 }

            """, path: "t.yaml")
        #expect(loaded.spec != nil)
        #expect(loaded.renderDiagnostics() == """
            t.yaml:11:12: warning: 'playing' is set by the handler on 'tap' and by the handler on 'position' in the same transaction
               |
            11 |     set: { playing: playing && position < 10 }
               |            ^~~~~~~
            t.yaml:9:12: note: the handler on 'position' runs because the handler on 'tap' sets 'position'; each computes its values from the state before the transaction, and the later write replaces the other
              |
            9 |     set: { playing: "!playing", position: position }
              |            ^~~~~~~
            help: set 'playing' in one handler, from the values that handler reads

            """)
        #expect(loaded.diagnostics.map(\.id) == ["handlers-one-transaction"])
    }

    /// An eleventh first user's 12: a tap while the save runs is refused in the tap's transaction,
    /// so a handler on the action's errors and one on its trigger both write the toggle from the
    /// state before it, where RxSwift flips it twice. Leaving the refusal out is quiet.
    @Test func aHandlerOnTheErrorsOfAnActionItsEventTriggersIsWarnedUnlessItLeavesRefusalsOut() {
        let spec = """
            screen: Fav
            inputs:
              favoriteTap: event
            state:
              favorite: { type: Bool, initial: false }
            actions:
              saveFavorite: { trigger: favoriteTap, work: { call: api.save, with: { on: "!favorite" } } }
            handlers:
              - on: favoriteTap
                set: { favorite: "!favorite" }
              - on: saveFavorite.errors
                set: { favorite: "!favorite" }
            services:
              api.save: { returns: Bool, params: { on: Bool }, latency: 1s, echo: on }

            """
        let loaded = SpecLoader.load(text: spec, path: "t.yaml")
        #expect(loaded.diagnostics.map(\.message) == ["'favorite' is set by the handler on 'favoriteTap' and by the handler on 'saveFavorite.errors' in the same transaction"])
        #expect(loaded.diagnostics.first?.notes.first?.message.hasPrefix("when 'favoriteTap' triggers 'saveFavorite' while it runs (or is disabled), 'saveFavorite.errors' emits 'notEnabled'") == true)
        #expect(loaded.diagnostics.first?.fixIt == "leave the refusal out: 'if: saveFavorite.errors != .notEnabled' on the handler on 'saveFavorite.errors'")
        let guarded = spec.replacingOccurrences(of: "  - on: saveFavorite.errors\n", with: "  - on: saveFavorite.errors\n    if: saveFavorite.errors != .notEnabled\n")
        #expect(SpecLoader.load(text: guarded, path: "t.yaml").diagnostics.isEmpty)
        // A handler on the refusals alone is the conflicting case.
        let refusalsOnly = spec.replacingOccurrences(of: "  - on: saveFavorite.errors\n", with: "  - on: saveFavorite.errors\n    if: saveFavorite.errors == .notEnabled\n")
        #expect(SpecLoader.load(text: refusalsOnly, path: "t.yaml").diagnostics.map(\.id) == ["handlers-one-transaction"])
    }

    @Test func readingWhatAnEarlierHandlerOfTheTransactionSetsIsAWarningAtTheRead() {
        let loaded = SpecLoader.load(text: """
            screen: S
            inputs:
              tap: event
            state:
              count: { type: Int, initial: 0 }
              shown: { type: String, initial: "" }
            handlers:
              - on: tap
                set: { count: count + 1 }
              - on: tap
                set: { shown: '"\\(count)"' }

            """, path: "t.yaml")
        #expect(loaded.diagnostics.map(\.message) == ["the handler on 'tap' reads 'count' as it was before the handler on 'tap' sets it"])
        #expect(loaded.diagnostics.first?.range.start.line == 11)
    }

    @Test func handlersOfDifferentTransactionsOrOnTheSetNameAloneAreQuiet() {
        // Different triggers; a handler reading the name it runs on reads the new value; the
        // first of two handlers on one name reads nothing the second sets before it.
        let loaded = SpecLoader.load(text: """
            screen: S
            inputs:
              a: event
              b: event
              position: { type: Int, default: 0 }
            state:
              count: { type: Int, initial: 0 }
              last: { type: Int, initial: 0 }
            handlers:
              - on: a
                set: { count: count + 1, position: 3 }
              - on: b
                set: { count: 0 }
              - on: position
                set: { last: position }
              - on: position
                set: { last: last + 1 }

            """, path: "t.yaml")
        #expect(loaded.diagnostics.map(\.message) == ["'last' is set by the handler on 'position' and by the handler on 'position' in the same transaction"])
    }
}
