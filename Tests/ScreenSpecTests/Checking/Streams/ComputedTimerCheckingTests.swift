import ScreenSpec
import SpecRuntime
import Testing

/// Issue 39: an inner timer's time computed from the element, as RxSwift's
/// `flatMapLatest { Observable<Int>.timer(.seconds($0 * 60), scheduler: s) }`:
/// `{ timer: { seconds: "$0 * 60" } }`, an `Int` expression per unit, read into the request's
/// arguments and typed there; each mistake reported where it is written.
@Suite struct ComputedTimerCheckingTests {
    static let header = """
        screen: T
        params:
          factor: Int
        inputs:
          xs: Int
          hours: Double
        outputs:

        """

    /// The errors of `yaml` as `line:col: message`, in order.
    private func errors(_ yaml: String) -> [String] {
        SpecLoader.load(text: yaml, path: "t.yaml").diagnostics.filter { $0.severity == .error }
            .map { "\($0.range.start.line):\($0.range.start.column): \($0.message)" }
    }

    /// The request of output `name`'s first operator.
    private func request(_ spec: CheckedSpec, _ name: String) throws -> RequestPlan {
        let node = try #require(spec.nodes.firstIndex { $0.name == name })
        let stream = try #require(spec.streams.first { $0.output == node })
        return try #require(stream.operators.first?.arguments.request)
    }

    @Test func computedTimesAreArgumentsOfTheRequest() throws {
        let yaml = Self.header + """
          sleep: { stream: xs, ops: [ { flatMapLatest: { timer: { seconds: "$0 * 60" } } } ] }
          blink: { stream: xs, ops: [ { flatMapLatest: { as: ms, interval: { milliseconds: "ms * factor" } } } ] }
          both: { stream: xs, ops: [ { flatMap: { timer: { milliseconds: $0 }, period: { seconds: 2 } } } ] }
          late: { stream: xs, ops: [ { concatMap: { timer: 5s, period: { milliseconds: $0 } } } ] }
          chosen: { stream: xs, ops: [ { flatMapLatest: { if: $0 > 0, then: { just: -1 }, else: { timer: { seconds: -$0 } } } } ] }
          written: { stream: xs, ops: [ { flatMapLatest: { timer: 2s, period: 1s } } ] }
        """
        let loaded = SpecLoader.load(text: yaml, path: "t.yaml")
        let spec = try #require(loaded.spec, "\(loaded.renderDiagnostics())")

        let sleep = try request(spec, "sleep")
        #expect(sleep.call.argumentNames == ["seconds"])
        guard case .timer(let t) = sleep.source else { Issue.record("not a timer"); return }
        #expect(t.computed == ComputedTimes(dueTime: ComputedDuration(argument: 0, unit: 1000)))
        #expect(t.period == nil && !t.isInterval)

        // An interval's one argument is its due time and its period.
        let blink = try request(spec, "blink")
        guard case .timer(let b) = blink.source else { Issue.record("not a timer"); return }
        let ms = ComputedDuration(argument: 0, unit: 1)
        #expect(b.computed == ComputedTimes(dueTime: ms, period: ms) && b.isInterval && blink.source.kind == "interval")
        #expect(blink.call.argumentNames == ["milliseconds"] && blink.bindsElement)

        let both = try request(spec, "both")
        guard case .timer(let c) = both.source else { Issue.record("not a timer"); return }
        #expect(c.computed == ComputedTimes(dueTime: ms, period: ComputedDuration(argument: 1, unit: 1000)))
        #expect(both.call.argumentNames == ["milliseconds", "seconds"] && !c.isInterval)

        let late = try request(spec, "late")
        guard case .timer(let l) = late.source else { Issue.record("not a timer"); return }
        #expect(l.dueTime == 5000 && l.computed == ComputedTimes(period: ComputedDuration(argument: 0, unit: 1)))

        // The `else:` branch's time is that branch's argument.
        let chosen = try request(spec, "chosen")
        guard case .timer(let e)? = chosen.choice?.branches.first?.source else { Issue.record("not a timer"); return }
        #expect(e.computed?.dueTime == ComputedDuration(argument: 0, unit: 1000))
        #expect(chosen.choice?.branches.first?.call.argumentNames == ["seconds"])

        // Written durations stay as they were: no arguments, no computed times.
        let written = try request(spec, "written")
        guard case .timer(let w) = written.source else { Issue.record("not a timer"); return }
        #expect(w.computed == nil && w.dueTime == 2000 && w.period == 1000 && written.call.arguments.isEmpty)
    }

    @Test func misusesAreLocated() {
        let yaml = Self.header + """
          a: { stream: hours, ops: [ { flatMapLatest: { timer: { seconds: "$0 * 3600" } } } ] }
          b: { stream: xs, ops: [ { flatMapLatest: { timer: { minutes: $0 } } } ] }
          c: { stream: xs, ops: [ { flatMapLatest: { interval: { seconds: $0, milliseconds: 1 } } } ] }
          d: { stream: xs, ops: [ { flatMapLatest: { timer: "$0 * 60s" } } ] }
          e: { interval: { seconds: 1 } }
          f: { stream: xs, ops: [ { flatMapLatest: { interval: { milliseconds: '"fast"' } } } ] }
          g: { stream: xs, ops: [ { flatMapLatest: { timer: { seconds: minuts } } } ] }
          h: { stream: xs, ops: [ { flatMapLatest: { interval: { seconds: $0 }, period: { seconds: 1 } } } ] }
          i: { stream: xs, ops: [ { flatMapLatest: { timer: {} } } ] }
          j: { stream: hours, ops: [ { flatMapLatest: { timer: 1s, period: { milliseconds: $0 } } } ] }
        """
        #expect(errors(yaml) == [
            // At the expression, inside its quotes.
            "8:68: 'seconds:' of 'timer' is a whole number of seconds, an 'Int', as RxSwift's '.seconds(_:)' takes; found 'Double'",
            "9:55: 'timer' computes its time in 'seconds:' or 'milliseconds:', found 'minutes:'",
            "10:56: 'interval' computed per element is one unit and its expression, '{ seconds: EXPR }' or '{ milliseconds: EXPR }', found 'seconds:' and 'milliseconds:'",
            "11:53: expected a duration such as '300ms' or '5s', found '$0 * 60s'",
            "12:18: an output's own 'interval:' counts from the screen's start and takes a duration such as '1s'; a time computed from an element goes in a request's inner timer",
            "13:73: 'milliseconds:' of 'interval' is a whole number of milliseconds, an 'Int', as RxSwift's '.milliseconds(_:)' takes; found 'String'",
            "14:64: unknown name 'minuts'",
            "15:81: 'period:' goes with 'timer:'",
            "16:53: 'timer' computed per element is one unit and its expression, '{ seconds: EXPR }' or '{ milliseconds: EXPR }', found none",
            "17:84: 'milliseconds:' of 'timer' is a whole number of milliseconds, an 'Int', as RxSwift's '.milliseconds(_:)' takes; found 'Double'",
        ])
    }

    @Test func fixesSayWhatToWrite() {
        func fixes(_ output: String) -> [String] {
            SpecLoader.load(text: Self.header + output, path: "t.yaml").diagnostics.compactMap { $0.fixIt }
        }
        #expect(fixes("  b: { stream: xs, ops: [ { flatMapLatest: { timer: { minutes: $0 } } } ] }\n")
            == [#"RxSwift's time intervals have no minutes: write '{ seconds: "(EXPR) * 60" }'"#])
        #expect(fixes("  d: { stream: xs, ops: [ { flatMapLatest: { timer: \"$0 * 60s\" } } ] }\n")
            == ["to compute it from the element, write '{ seconds: EXPR }' or '{ milliseconds: EXPR }' with an Int expression over '$0', as RxSwift's '.seconds(_:)'"])
        #expect(fixes("  a: { stream: hours, ops: [ { flatMapLatest: { timer: { seconds: \"$0 * 3600\" } } } ] }\n")
            == ["make it an 'Int' with 'Int(…)', or write 'milliseconds: Int(… * 1000)'"])
    }
}
