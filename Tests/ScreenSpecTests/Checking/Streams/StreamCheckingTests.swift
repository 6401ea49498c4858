import ScreenSpec
import SpecRuntime
import Testing

/// Loads `yaml` and returns its errors as `line:col: message`, in order.
private func errors(_ yaml: String) -> [String] {
    let loaded = SpecLoader.load(text: yaml, path: "/nonexistent-folder/t.yaml")
    return loaded.diagnostics.filter { $0.severity == .error }.map { "\($0.range.start.line):\($0.range.start.column): \($0.message)" }
}

@Suite struct StreamCheckingTests {
    static let header = """
    screen: T
    types:
      Segment: [received, performed]
      Goal: { id: Int, title: String }
    params:
      goal: Goal
    inputs:
      xs: Int
      seg: { type: Segment, default: received }
    services:
      api.get: { returns: Int, params: { page: Int }, result: 1 }
    outputs:

    """

    @Test func operatorsAreTypedAndLocated() {
        let yaml = Self.header + """
          a:
            stream: xs
            ops:
              - filter: "$0 + 1"
              - debounse: 3ms
          b: { stream: xs, ops: [ { scan: { seed: "0", accumulator: "$0 + $2" } } ] }
          c: { stream: xs, ops: [ { catch: '"zero"' } ] }
        """
        #expect(errors(yaml) == [
            "16:18: expected 'Bool', found 'Int'",
            "17:9: unknown operator 'debounse'; did you mean 'debounce'?",
            "18:67: this expression has 2 arguments ('$0', '$1'); found '$2'",
            "19:37: expected 'Int', found 'String'",
        ])
    }

    @Test func requestArgumentsMatchTheServiceParams() {
        let yaml = Self.header + """
          c: { stream: xs, ops: [ { flatMapLatest: { call: api.get, with: { pag: "$0" } } } ] }
          d: { stream: xs, ops: [ { flatMapLatest: { call: api.get, with: { page: "seg" } } } ] }
          e: { stream: xs, ops: [ { flatMap: { call: api.gett, with: { page: "$0" } } } ] }
        """
        // 'pag' stands for 'page': one mistake, not also a missing argument.
        #expect(errors(yaml) == [
            "13:69: service 'api.get' has no parameter 'pag'; did you mean 'page'?",
            "14:76: expected 'Int', found 'Segment'",
            "15:46: unknown service 'api.gett'; did you mean 'api.get'?",
        ])
    }

    @Test func implicitEnumMembersAndRecordsNeedTheirTypes() {
        let yaml = Self.header + """
          e: seg == .recieved
          f: .received
          g: 'Goal(id: 1, titel: "x")'
          h: "Goal(id: 1)"
          ok: 'seg == .received && Goal(id: 1, title: "a").title == "a"'
        """
        #expect(errors(yaml) == [
            "13:13: 'Segment' has no case 'recieved'; did you mean 'received'?",
            "14:6: '.received' needs an enum type from its context, as in 'segment == .received'",
            "15:19: 'Goal' has no field 'titel'; did you mean 'title'?",
            "16:7: 'Goal(...)' is missing field 'title' of type 'String'",
        ])
    }

    @Test func navigationChecksTheTargetsParams() {
        let yaml = Self.header + """
          self: { navigate: { to: T, params: { goal: "Goal(id: $0, title: \\"t\\")" } }, on: xs }
          wrongType: { navigate: { to: T, params: { goal: $0 } }, on: xs }
          missing: { navigate: { to: T }, on: xs }
          elsewhere: { navigate: { to: Nowhere }, on: xs }
        """
        #expect(errors(yaml) == [
            "14:51: parameter 'goal' of screen 'T' is 'Goal', found 'Int'",
            "15:24: screen 'T' needs parameter 'goal' of type 'Goal'",
            "16:32: cannot look for screen 'Nowhere' beside this spec: it was loaded from text, with no resolver to read other specs",
        ])
    }

    @Test func scenariosNeedParamValuesAndKnownServices() {
        let yaml = Self.header + """
          title: goal.title
        scenarios:
          - name: without params
            steps: []
          - name: with params
            params: { goal: { id: 1, title: a } }
            services:
              api.gte: { result: 2 }
            steps:
              - expect: { title: a }
        """
        #expect(errors(yaml) == [
            "15:11: scenario 'without params' needs a value for parameter 'goal' of type 'Goal'",
            "20:7: unknown service 'api.gte'; did you mean 'api.get'?",
        ])
    }

    @Test func operatorParametersHaveTheirTypes() {
        let yaml = Self.header + """
          a: { stream: xs, ops: [ { take: soon } ] }
          b: { stream: xs, ops: [ { sample: { with: xs, defaultValue: '"x"' } } ] }
          c: { stream: xs, ops: [ { distinctUntilChanged: "$0.count" } ] }
          d: { stream: xs, ops: [ { retry: 2 } ] }
          e: { stream: xs, ops: [ { switchLatest: [xs, seg] } ] }
          f: { interval: 0ms }
          g: { stream: xs, ops: [ { catch: { stream: seg } } ] }
        """
        #expect(errors(yaml) == [
            "13:35: 'take' needs a count of 0 or more or a duration such as '300ms', found 'soon'",
            "14:64: expected 'Int', found 'String'",
            "15:55: 'Int' has no member 'count'",
            "16:27: 'retry' resubscribes to its upstream, which only a request's inner stream can replay; a screen's inputs and outputs are hot",
            "17:48: 'switchLatest' needs streams of one type: 'xs' carries 'Int', 'seg' carries 'Segment'",
            "18:18: 'interval' needs a period above 0ms, such as '1s'",
            "19:46: 'catch' falls back to a stream of the same type: the stream carries 'Int' here, 'seg' carries 'Segment'",
        ])
    }

    @Test func innerOperatorsAreCheckedAgainstTheServiceType() {
        let yaml = Self.header + """
          a: { stream: xs, ops: [ { flatMap: { call: api.get, with: { page: $0 }, ops: [ { map: "$0 + true" } ] } } ] }
          b: { stream: xs, ops: [ { flatMapLatest: { call: api.get, with: { page: $0 }, ops: [ { concat: xs } ] } } ] }
          c: { stream: xs, ops: [ { concatMap: { call: api.get, with: { page: $0 }, failures: maybe } } ] }
          d: { stream: xs, ops: [ { flatMap: { call: api.get, with: { page: $0 }, ops: [ { startWith: '"…"' } ] } } ] }
        """
        #expect(errors(yaml) == [
            "13:90: '+' cannot combine 'Int' and 'Bool'",
            "14:88: 'concat' cannot be used inside a request's 'ops:'; there an inner stream listens to the screen only through 'takeUntil', 'withLatestFrom', 'combineLatest', 'sample' and 'merge'",
            "15:87: 'failures:' is 'pass' (a failed call travels as a failure to '<name>.errors' and the stream goes on) or 'end' (it ends the stream with an error, as in RxSwift), found 'maybe'",
            "16:96: expected 'Int', found 'String'",
        ])
    }

    // Issue 39 item 1: an inner stream made by `just`, `empty`, `never`, `error`, `timer` or
    // `interval`, typed and located as a call is.
    @Test func innerStreamsThatAreNotCallsAreCheckedAndLocated() {
        let yaml = Self.header + """
          a: { stream: xs, ops: [ { flatMapLatest: { just: '$0 * 10', with: { page: 1 } } } ] }
          b: { stream: xs, ops: [ { flatMapLatest: { call: api.get, just: '1' } } ] }
          c: { stream: xs, ops: [ { flatMapLatest: { ops: [] } } ] }
          d: { stream: xs, ops: [ { flatMap: { error: '$0' } } ] }
          e: { stream: xs, ops: [ { flatMap: { interval: 0ms } } ] }
          f: { stream: xs, ops: [ { concatMap: { never: 3 } } ] }
          g: { stream: xs, ops: [ { flatMap: { empty, period: 1s } } ] }
          h: { stream: xs, ops: [ { flatMap: { timer: 1s, ops: [ { map: '$0 + true' } ] } } ] }
          i: { stream: xs, ops: [ { flatMap: { jsut: '1' } } ] }
          j: { stream: xs, ops: [ { flatMap: { just: '$0 > 1', ops: [ { map: '$0 + 1' } ] } } ] }
        """
        #expect(errors(yaml) == [
            "13:69: 'with:' gives a service call its arguments; 'just' takes none",
            "14:44: 'flatMapLatest' has one inner stream, found 'call:' and 'just:'",
            "15:44: 'flatMapLatest' needs its inner stream: 'call:' naming a service, or 'just:', 'empty', 'never', 'error:', 'timer:' or 'interval:'",
            "16:48: expected 'Error', found 'Int'",
            "17:50: 'interval' needs a period above 0ms, such as '1s'",
            "18:49: 'never' takes no value",
            "19:55: 'period:' goes with 'timer:'",
            // A timer's elements are Ints; `just`'s are its expression's type.
            "20:66: '+' cannot combine 'Int' and 'Bool'",
            "21:40: unknown key 'jsut' in 'flatMap'; did you mean 'just'?",
            "22:71: '+' cannot combine 'Bool' and 'Int'",
        ])
    }

    // Issue 39 item 1: a choice between inner streams, its two branches of one type.
    @Test func aChoiceOfInnerStreamsIsCheckedAndLocated() {
        let yaml = Self.header + """
          a: { stream: xs, ops: [ { flatMapLatest: { if: '$0 > 1', then: { just: '"none"' }, else: { call: api.get, with: { page: $0 } } } } ] }
          b: { stream: xs, ops: [ { flatMapLatest: { if: '$0 > 1', then: { call: api.get, with: { page: $0 } }, else: { timer: 1s } } } ] }
          c: { stream: xs, ops: [ { flatMapLatest: { if: '$0 > 1', then: { call: api.get, with: { page: $0 } }, else: { just: 'true' } } } ] }
          d: { stream: xs, ops: [ { flatMapLatest: { if: '$0', then: empty, else: never } } ] }
          e: { stream: xs, ops: [ { flatMapLatest: { if: '$0 > 1', then: { just: '1' } } } ] }
          f: { stream: xs, ops: [ { flatMapLatest: { if: '$0 > 1', just: '1', then: empty, else: never } } ] }
          g: { stream: xs, ops: [ { flatMapLatest: { if: '$0 > 1', then: { just: '[]' }, else: { call: api.get, with: { page: $0 } } } } ] }
          h: { stream: xs, ops: [ { flatMap: { if: '$0 > 1', then: { interval: 1s }, else: { just: '"a"' } } } ] }
          i: { stream: xs, ops: [ { flatMap: { if: '$0 > 1', then: { just: '1' }, else: { call: api.get, with: { page: $0 }, ops: [ { map: '$0' } ] } } } ] }
        """
        #expect(errors(yaml) == [
            "13:75: this 'just:' carries 'String' where the other inner stream of the choice carries 'Int'",
            "15:120: this 'just:' carries 'Bool' where the other inner stream of the choice carries 'Int'",
            "16:51: expected 'Bool', found 'Int'",
            "17:44: 'flatMapLatest' chooses its inner stream with 'if:', 'then:' and 'else:'; 'else:' is missing",
            "18:66: 'just:' goes inside 'then:' or 'else:' when the request chooses its inner stream with 'if:'",
            // `[]` is read as the call's `Int`, which no list is.
            "19:75: an empty list '[]' needs a list type from its context",
            "20:93: this 'just:' carries 'String' where the other inner stream of the choice carries 'Int'",
        ])
    }

    // Issue 39: a branch's own `ops:`, typed from its inner stream; the branches meet after them.
    @Test func aChoiceBranchIsTypedThroughItsOwnOperators() {
        let yaml = Self.header + """
          a: { stream: xs, ops: [ { flatMap: { if: '$0 > 1', then: { just: '0', ops: [ { map: '$0 + 1' } ] }, else: { call: api.get, with: { page: $0 }, ops: [ { map: '"p\\($0)"' } ] } } } ] }
          b: { stream: xs, ops: [ { flatMap: { if: '$0 > 1', then: { just: '1', as: n }, else: empty } } ] }
          c: { stream: xs, ops: [ { flatMap: { if: '$0 > 1', then: { just: '1' }, else: { call: api.get, with: { page: $0 }, failures: end } } } ] }
          d: { stream: xs, ops: [ { flatMap: { if: '$0 > 1', then: { just: '1', ops: [ { map: '$0 + true' } ] }, else: empty } } ] }
          e: { stream: xs, ops: [ { flatMap: { if: '$0 > 1', then: { error: '.http(400)', ops: [ { catchAndReturn: '0' } ] }, else: { call: api.get, with: { page: $0 } } } } ] }
          f: { stream: xs, ops: [ { flatMap: { as: n, if: 'n > 1', then: { just: 'n', ops: [ { map: '$0 + n' } ] }, else: empty, ops: [ { map: '$0 * 2' } ] } } ] }
          g: { stream: xs, ops: [ { flatMap: { if: '$0 > 1', then: { just: '1', ops: [ { debounse: 1ms } ] }, else: empty } } ] }
          h: { stream: e, ops: [ { map: '$0 + 1' } ] }
          i: { stream: f, ops: [ { map: '$0 + 1' } ] }
        """
        // `e`, `f` and what reads them check: an `error:` branch's operators are typed from the
        // other's `Int`, and `n` (the `as:` name) reads inside a branch's own operators.
        #expect(errors(yaml) == [
            "13:109: 'then:' carries 'Int' after its own 'ops:' and 'else:' carries 'String' after its own 'ops:': the inner streams of a choice carry one type",
            "14:73: a branch of 'if:' has no 'as:' of its own: the element is named once, for the conditions and every branch",
            "15:118: a branch of 'if:' has no 'failures:' of its own: a branch's own 'ops:' may catch its errors (as 'catchAndReturn:'), "
                + "and 'failures:' beside the first 'if:' says what the others do",
            "16:88: '+' cannot combine 'Int' and 'Bool'",
            "19:82: unknown operator 'debounse'; did you mean 'debounce'?",
        ])
    }

    // Issue 20 item 1: a request's `ops:` listen to the screen, typed as outside; issue 27 item 3:
    // `as:` names the element that started the call.
    @Test func innerOperatorsListenToTheScreenAndReadTheirElement() {
        let yaml = Self.header + """
          a: { stream: xs, ops: [ { flatMapLatest: { call: api.get, with: { page: $0 }, ops: [ { takeUntil: seg }, { merge: xs } ] } } ] }
          b: { stream: xs, ops: [ { flatMap: { call: api.get, with: { page: p }, as: p, ops: [ { combineLatest: { with: seg, combine: "p + $1" } } ] } } ] }
          c: { stream: xs, ops: [ { flatMap: { call: api.get, with: { page: $0 }, ops: [ { withLatestFrom: xs }, { sample: seg } ] } } ] }
          d: { stream: xs, ops: [ { flatMap: { call: api.get, with: { page: $0 }, ops: [ { merge: seg } ] } } ] }
        """
        #expect(errors(yaml) == [
            "14:128: '+' cannot combine 'Int' and 'Segment'",
            "16:91: 'merge' needs streams of one type: 'api.get' carries 'Int' here, 'seg' carries 'Segment'",
        ])
    }

    // Hostile uses: an inner `takeUntil` on the output itself, a cycle through a request's ops,
    // an `as:` name that hides a screen name, the name read after the request.
    @Test func hostileInnerListeningIsLocated() {
        let loaded = SpecLoader.load(text: Self.header + """
          a: { stream: xs, ops: [ { flatMapLatest: { call: api.get, with: { page: $0 }, ops: [ { takeUntil: a } ] } } ] }
          b: { stream: xs, ops: [ { flatMapLatest: { call: api.get, with: { page: $0 }, ops: [ { takeUntil: c } ] } } ] }
          c: { stream: b, ops: [ { map: "$0 + 1" } ] }
          d: { stream: xs, ops: [ { flatMap: { call: api.get, with: { page: $0 }, as: xs, ops: [ { map: "xs" } ] } } ] }
          e: { stream: xs, ops: [ { flatMap: { call: api.get, with: { page: $0 }, as: p } }, { map: "p" } ] }
        """, path: "/nonexistent-folder/t.yaml")
        let found = loaded.diagnostics.filter { $0.severity == .error }.map {
            "\($0.range.start.line):\($0.range.start.column): \($0.message) | \($0.notes.map(\.message).joined()) \($0.fixIt ?? "")"
        }
        #expect(found == [
            "13:101: 'a' cannot be its own source | stop it on another stream, such as an input 'cancel', or on a condition with 'takeWhile: EXPR' ",
            "15:3: dependency cycle: 'c' -> 'b' -> 'c' | 'b' is part of the cycle each value here is computed from the others at the same instant; "
                + "break the loop by keeping one of them in 'state:' that a handler sets, or by reading it in a stream with 'withLatestFrom', which sees the value before the change",
            "16:79: 'as: xs' would hide the screen's input value stream 'xs' inside the request |  choose another name for the element, as in 'as: x'",
            "17:86: 'p' names the element of the request before only inside that request's 'with:' and 'ops:' |  move this operator into the request's 'ops:'",
        ])
    }

    @Test func endStepsNameInputStreamsAndKnownFailures() {
        let yaml = Self.header + """
          out: { stream: xs, ops: [ { take: 1 } ] }
        scenarios:
          - name: s
            params: { goal: { id: 1, title: a } }
            steps:
              - complete: out
              - complete: seg
              - fail: { xs: timedOut }
              - fail: xs
              - complete: xs
              - fail: { xs: http(404) }
              - expect: { out: completed, xs: { error: http(404) } }
              - expect: { out: { error: nope } }
        """
        #expect(errors(yaml) == [
            "18:19: 'complete:' ends an input event or value stream, but 'out' is an output stream; an output ends when its source or one of its operators ends it",
            "19:19: 'complete:' ends an input event or value stream, but 'seg' is an input property; a property always has a value and never ends",
            "20:21: unknown failure 'timedOut'; did you mean 'timeout'?",
            "21:15: 'fail:' ends one input with an error, as in 'fail: { results: http(404) }', found a scalar",
            "25:33: unknown failure 'nope'",
        ])
    }

    @Test func sequenceServicesAreOrderedAndEndOnce() {
        let yaml = """
        screen: T
        services:
          a: { returns: Int, sequence: [ { at: 10ms, value: 1 }, { at: 5ms, value: 2 } ] }
          b: { returns: Int, sequence: [ { at: 10ms, complete: true }, { at: 15ms, value: 2 } ] }
          c: { returns: Int, sequence: [ { at: 10ms, vale: 1 } ] }
          d: { returns: Int, sequence: [ { value: 1 } ] }
          e: { returns: Int, result: 1, sequence: [] }
        """
        #expect(errors(yaml) == [
            "3:58: events of a sequence come in time order: 5ms comes after 10ms",
            "4:64: a sequence sends nothing after it completes or fails",
            "5:46: unknown key 'vale' in a sequence event; did you mean 'value'?",
            "6:34: an event of a sequence needs 'at:' and one of 'value:', 'complete:' or 'fail:'",
            "7:43: service 'e' takes one of 'result:', 'results:', 'fails:', 'sequence:' or 'echo:', found 'result:' and 'sequence:'",
        ])
    }

    @Test func emptyOrOutOfRangeArgumentsAreReported() {
        let yaml = Self.header + """
          a: { stream: xs, ops: [ { switchLatest: [] } ] }
          b: { stream: xs, ops: [ { merge: [] } ] }
          c: { stream: xs, ops: [ { flatMap: { call: api.get, with: { page: $0 }, ops: [ { retry: 0 } ] } } ] }
          d: { timer: 1s, period: 0ms }
        scenarios:
          - name: s
            params: { goal: { id: 1, title: a } }
            steps:
              - complete: nothere
              - complete: ~
        """
        #expect(errors(yaml) == [
            "13:43: 'switchLatest' needs at least one stream to choose from, as in '[a, b]'",
            "14:36: 'merge' needs at least one stream, as in 'merge: other'",
            "15:91: 'retry' needs a count of subscriptions in all, 1 or more, found '0'",
            "16:27: 'period' needs a period above 0ms, such as '1s'",
            "21:19: unknown name 'nothere' in 'complete:'",
            "22:19: expected an input name, found nothing",
        ])
    }

    @Test func retryWithAConditionAndADelayIsChecked() {
        let yaml = Self.header + """
          a: { stream: xs, ops: [ { flatMap: { call: api.get, with: { page: $0 }, ops: [ { retry: { max: 0 } } ] } } ] }
          b: { stream: xs, ops: [ { flatMap: { call: api.get, with: { page: $0 }, ops: [ { retry: { when: "$0.status" } } ] } } ] }
          c: { stream: xs, ops: [ { flatMap: { call: api.get, with: { page: $0 }, ops: [ { retry: { delay: 0ms } } ] } } ] }
          d: { stream: xs, ops: [ { flatMap: { call: api.get, with: { page: $0 }, ops: [ { retry: { times: 3 } } ] } } ] }
          e: { stream: xs, ops: [ { retry: { max: 3, when: "$0 == .http(429)" } } ] }
          f: { stream: xs, ops: [ { flatMap: { call: api.get, with: { page: $0 }, ops: [ { retry: { max: 3, when: "$0 != .http(429)", delay: 1s } } ] } } ] }
        """
        #expect(errors(yaml) == [
            "13:98: 'retry' needs a 'max:' of 1 or more, found '0'",
            "14:100: expected 'Bool', found 'Int?'",
            "15:100: 'retry' 'delay' needs a duration of 1ms or more (one tick of the virtual clock), found '0ms'",
            "16:93: unknown key 'times' in 'retry'",
            "17:27: 'retry' resubscribes to its upstream, which only a request's inner stream can replay; a screen's inputs and outputs are hot",
        ])
    }

    @Test func comparersAndObserveOnAreChecked() {
        let yaml = Self.header + """
          a: { stream: xs, ops: [ { distinctUntilChanged: { by: "$0 + $1" } } ] }
          b: { stream: xs, ops: [ { distinctUntilChanged: { by: "$2 == $0" } } ] }
          c: { stream: xs, ops: [ { distinctUntilChanged: { comparer: "$0 == $1" } } ] }
          d: { stream: xs, ops: [ { observeOn: main } ] }
          e: { stream: xs, ops: [ { subscribeOn: main } ] }
          f: { stream: xs, ops: [ { distinctUntilChanged: { key: "$0 % 10", by: "$0 == $1" } }, observeOn ] }
        """
        #expect(errors(yaml) == [
            "13:58: expected 'Bool', found 'Int'",
            "14:58: this expression has 2 arguments ('$0', '$1'); found '$2'",
            "15:53: unknown key 'comparer' in 'distinctUntilChanged'",
            "16:40: 'observeOn' takes no argument",
            "17:29: 'subscribeOn' has no meaning on the virtual clock: subscribing takes no time and there is no other scheduler",
        ])
    }
}
