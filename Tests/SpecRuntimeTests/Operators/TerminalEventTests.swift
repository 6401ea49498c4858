import ScreenSpec
import SpecRuntime
import SpecTools
import SpecTesting
import Testing

/// RxTest's `testError`: here `http(500)`.
private let testError = ErrorValue(.http, status: 500)

/// RxTest's `error(t, testError)`.
private func error(_ t: Int) -> Recorded { .error(t, testError) }

/// RxTest's `createHotObservable` entries: Int elements, then a completion or a failure.
private func hot(_ items: [(Int, Int)], completed: Int? = nil, error: Int? = nil) -> [Recorded] {
    items.map { next($0.0, $0.1) } + (completed.map { [.completed($0)] } ?? []) + (error.map { [.error($0, testError)] } ?? [])
}

/// Plays RxTest's `scheduler.start`: the graph subscribes at 200, hot events after 200 are sent
/// (those before are never seen), and recording stops before 1000. Returns the output's events and
/// the cancellation records of its inner streams ("time call").
private func record(_ yaml: String, output: String = "res", inputs: [String: [Recorded]] = [:], order: [String] = ["xs", "ys", "zs"],
                    sourceLocation: SourceLocation = #_sourceLocation) throws -> (events: [Recorded], cancels: [String]) {
    let recorder = try TimelineRecorder(yaml, subscribedAt: 200, sourceLocation: sourceLocation)
    _ = try recorder.node(output, sourceLocation: sourceLocation)
    // Hot observables are created before the subscription: at equal times, the first declared runs first.
    for name in order {
        guard let items = inputs[name] else { continue }
        try recorder.hot(name, items, sourceLocation: sourceLocation)
    }
    // RxTest disposes the subscription at 1000, before anything else due then.
    try recorder.wait(799)
    #expect(recorder.errors.isEmpty, "\(recorder.errors)", sourceLocation: sourceLocation)
    return (recorder.recorded(output), recorder.cancellations(output))
}

/// A spec with Int inputs `xs`, `ys`, `zs` and the stream output `res` over `xs` with `ops`.
private func spec(_ ops: String, source: String = "stream: xs", extra: String = "") -> String {
    """
    screen: T
    inputs:
      xs: Int
      ys: Int
      zs: Int
    outputs:
      res:
        \(source)
        ops:
    \(ops.split(separator: "\n").map { "      " + $0 }.joined(separator: "\n"))
    \(extra)
    """
}

/// The seventeen elements of RxSwift's Observable+TakeTests, completed at 690.
private let takeSource = hot([(70, 6), (150, 4), (210, 9), (230, 13), (270, 7), (280, 1), (300, -1), (310, 3), (340, 8), (370, 11),
                              (410, 15), (415, 16), (460, 72), (510, 76), (560, 32), (570, -100), (580, -3), (590, 5), (630, 10)],
                             completed: 690)
private let takeAll = [next(210, 9), next(230, 13), next(270, 7), next(280, 1), next(300, -1), next(310, 3), next(340, 8), next(370, 11),
                       next(410, 15), next(415, 16), next(460, 72), next(510, 76), next(560, 32), next(570, -100), next(580, -3),
                       next(590, 5), next(630, 10)]

@Suite("Terminal events: RxSwift's test timelines")
struct TerminalEventTests {
    // MARK: operators that pass ends

    @Test func mapError() throws {
        let r = try record(spec("- map: \"$0 * 2\""), inputs: ["xs": hot([(150, 1), (210, 0), (220, 1), (230, 2), (240, 4)], error: 300)])
        #expect(r.events == [next(210, 0), next(220, 2), next(230, 4), next(240, 8), error(300)])
    }

    @Test func scanSeedSomeData() throws {
        let r = try record(spec("- scan: { seed: \"42\", accumulator: \"$0 + $1\" }"),
                           inputs: ["xs": hot([(150, 1), (210, 2), (220, 3), (230, 4), (240, 5)], completed: 250)])
        #expect(r.events == [next(210, 44), next(220, 47), next(230, 51), next(240, 56), completed(250)])
    }

    @Test func filterAndStartWithPassEnds() throws {
        let r = try record(spec("- filter: \"$0 % 2 == 0\"\n- startWith: \"0\""), inputs: ["xs": hot([(210, 1), (220, 2)], completed: 230)])
        #expect(r.events == [next(200, 0), next(220, 2), completed(230)])
    }

    @Test func skipCompleteSomeAndErrorBefore() throws {
        #expect(try record(spec("- skip: 17"), inputs: ["xs": takeSource]).events == [completed(690)])
        let failing = hot([(70, 6), (150, 4), (210, 9), (230, 13), (270, 7), (280, 1), (300, -1), (310, 3), (340, 8), (370, 11), (410, 15),
                           (415, 16), (460, 72), (510, 76), (560, 32), (570, -100), (580, -3), (590, 5), (630, 10)], error: 690)
        #expect(try record(spec("- skip: 3"), inputs: ["xs": failing]).events == Array(takeAll.dropFirst(3)) + [error(690)])
    }

    // MARK: take, skip

    @Test func takeCompleteAfter() throws {
        let r = try record(spec("- take: 20"), inputs: ["xs": takeSource])
        #expect(r.events == takeAll + [completed(690)])
    }

    @Test func takeCompleteSame() throws {
        let r = try record(spec("- take: 17"), inputs: ["xs": takeSource])
        #expect(r.events == takeAll + [completed(630)])
    }

    @Test func takeCompleteBefore() throws {
        let r = try record(spec("- take: 10"), inputs: ["xs": takeSource])
        #expect(r.events == Array(takeAll.prefix(10)) + [completed(415)])
    }

    @Test func takeZeroCompletesAtSubscription() throws {
        let r = try record(spec("- take: 0"), inputs: ["xs": takeSource])
        #expect(r.events == [completed(200)])
    }

    // testTake_Error_Before: an error after the count is never seen; one before it passes.
    @Test func takeError() throws {
        let r = try record(spec("- take: 3"), inputs: ["xs": hot([(210, 9), (230, 13)], error: 250)])
        #expect(r.events == [next(210, 9), next(230, 13), error(250)])
    }

    // Observable+TakeTests testTake_TakeTime / SkipTests testSkip_Time: durations from subscription.
    @Test func takeAndSkipForADuration() throws {
        let source = hot([(210, 1), (220, 2), (230, 3), (240, 4)], completed: 250)
        #expect(try record(spec("- take: 25ms"), inputs: ["xs": source]).events == [next(210, 1), next(220, 2), completed(225)])
        #expect(try record(spec("- skip: 25ms"), inputs: ["xs": source]).events == [next(230, 3), next(240, 4), completed(250)])
    }

    // Observable+SkipTests testSkip_Some/_Late/_Error and Observable+TakeTests testTake_Some/_TakeLate/_TakeTwice1.
    @Test func skipAndTakeTimeCases() throws {
        let xs = hot([(210, 1), (220, 2)], completed: 230)
        #expect(try record(spec("- skip: 15ms"), inputs: ["xs": xs]).events == [next(220, 2), completed(230)])
        #expect(try record(spec("- skip: 50ms"), inputs: ["xs": xs]).events == [completed(230)])
        #expect(try record(spec("- skip: 50ms"), inputs: ["xs": hot([], error: 210)]).events == [error(210)])
        #expect(try record(spec("- take: 25ms"), inputs: ["xs": hot([(210, 1), (220, 2), (230, 3)], completed: 240)]).events
            == [next(210, 1), next(220, 2), completed(225)])
        #expect(try record(spec("- take: 50ms"), inputs: ["xs": xs]).events == [next(210, 1), next(220, 2), completed(230)])
        #expect(try record(spec("- take: 55ms\n- take: 35ms"), inputs: ["xs": hot([(210, 1), (220, 2), (230, 3), (240, 4), (250, 5), (260, 6)], completed: 270)]).events
            == [next(210, 1), next(220, 2), next(230, 3), completed(235)])
    }

    // Observable+DistinctUntilChangedTests testDistinctUntilChanged_keySelector_Div2.
    @Test func distinctUntilChangedKeySelectorDiv2() throws {
        let r = try record(spec("- distinctUntilChanged: \"$0 % 2\""), inputs: ["xs": hot([(150, 1), (210, 2), (220, 4), (230, 3), (240, 5)], completed: 250)])
        #expect(r.events == [next(210, 2), next(230, 3), completed(250)])
    }

    // MARK: debounce, throttle, sample, delay

    // RxSwift's Debounce.swift: the pending element is sent on completion, dropped on error.
    @Test func debounceFlushesOnCompletionAndDropsOnError() throws {
        let flushed = try record(spec("- debounce: 20ms"), inputs: ["xs": hot([(210, 1), (215, 2)], completed: 220)])
        #expect(flushed.events == [next(220, 2), completed(220)])
        let dropped = try record(spec("- debounce: 20ms"), inputs: ["xs": hot([(210, 1), (240, 2)], error: 250)])
        #expect(dropped.events == [next(230, 1), error(250)])
    }

    private static let throttleSource: [(Int, Int)] = [(150, 1), (210, 2), (250, 3), (310, 4), (350, 5), (410, 6), (450, 7)]

    @Test func throttleCompleted() throws {
        let r = try record(spec("- throttle: 200ms"), inputs: ["xs": hot(Self.throttleSource, completed: 500)])
        #expect(r.events == [next(210, 2), next(410, 6), next(610, 7), completed(610)])
    }

    @Test func throttleCompletedAfterDueTime() throws {
        let r = try record(spec("- throttle: 200ms"), inputs: ["xs": hot(Self.throttleSource, completed: 900)])
        #expect(r.events == [next(210, 2), next(410, 6), next(610, 7), completed(900)])
    }

    @Test func throttleError() throws {
        let r = try record(spec("- throttle: 200ms"), inputs: ["xs": hot([(150, 1), (210, 2), (250, 3), (310, 4), (350, 5)], error: 410)])
        #expect(r.events == [next(210, 2), error(410)])
    }

    @Test func throttleNotLatestCompleted() throws {
        let r = try record(spec("- throttle: { for: 200ms, latest: false }"), inputs: ["xs": hot(Self.throttleSource, completed: 500)])
        #expect(r.events == [next(210, 2), next(410, 6), completed(500)])
    }

    private static let sampleXs = hot([(150, 1), (220, 2), (240, 3), (290, 4), (300, 5), (310, 6)], completed: 400)
    private static let sampleYs = hot([(150, 0), (210, 0), (250, 0), (260, 0), (320, 0)], completed: 500)

    @Test func sampleSimple1() throws {
        let r = try record(spec("- sample: ys"), inputs: ["xs": Self.sampleXs, "ys": Self.sampleYs])
        #expect(r.events == [next(250, 3), next(320, 6), completed(500)])
    }

    @Test func sampleDefaultValue() throws {
        let r = try record(spec("- sample: { with: ys, defaultValue: \"0\" }"), inputs: ["xs": Self.sampleXs, "ys": Self.sampleYs])
        #expect(r.events == [next(210, 0), next(250, 3), next(260, 0), next(320, 6), next(500, 0), completed(500)])
    }

    @Test func sampleSourceThrows() throws {
        let r = try record(spec("- sample: ys"), inputs: ["xs": hot([(220, 2), (240, 3), (290, 4), (300, 5), (310, 6)], error: 320),
                                                          "ys": hot([(210, 0), (250, 0), (260, 0), (300, 0)], completed: 400)])
        #expect(r.events == [next(250, 3), next(300, 5), error(320)])
    }

    @Test func delaySimple1() throws {
        let r = try record(spec("- delay: 100ms"), inputs: ["xs": hot([(150, 1), (250, 2), (350, 3), (450, 4)], completed: 550)])
        #expect(r.events == [next(350, 2), next(450, 3), next(550, 4), completed(650)])
    }

    @Test func delayError1() throws {
        let r = try record(spec("- delay: 50ms"), inputs: ["xs": hot([(150, 1), (250, 2), (350, 3), (450, 4)], error: 550)])
        #expect(r.events == [next(300, 2), next(400, 3), next(500, 4), error(550)])
    }

    @Test func delayError2DropsWhatWaits() throws {
        let r = try record(spec("- delay: 150ms"), inputs: ["xs": hot([(150, 1), (250, 2), (350, 3), (450, 4)], error: 550)])
        #expect(r.events == [next(400, 2), next(500, 3), error(550)])
    }

    @Test func delayCompleted() throws {
        let r = try record(spec("- delay: 150ms"), inputs: ["xs": hot([(150, 1)], completed: 250)])
        #expect(r.events == [completed(400)])
    }

    // MARK: combining

    @Test func mergeCompletesWhenAllHaveAndFailsOnTheFirstError() throws {
        let both = try record(spec("- merge: ys"), inputs: ["xs": hot([(210, 1)], completed: 220), "ys": hot([(230, 2)], completed: 240)])
        #expect(both.events == [next(210, 1), next(230, 2), completed(240)])
        let failed = try record(spec("- merge: ys"), inputs: ["xs": hot([(210, 1)]), "ys": hot([], error: 230)])
        #expect(failed.events == [next(210, 1), error(230)])
    }

    // Observable+ConcatTests: SomeDataSomeData, ReturnEmpty, EmptyThrow, ThrowReturn.
    @Test func concatCases() throws {
        #expect(try record(spec("- concat: ys"), inputs: ["xs": hot([(150, 1), (210, 2), (220, 3)], completed: 225),
                                                         "ys": hot([(150, 1), (230, 4), (240, 5)], completed: 250)]).events
            == [next(210, 2), next(220, 3), next(230, 4), next(240, 5), completed(250)])
        #expect(try record(spec("- concat: ys"), inputs: ["xs": hot([(150, 1), (210, 2)], completed: 230), "ys": hot([(150, 1)], completed: 250)]).events
            == [next(210, 2), completed(250)])
        #expect(try record(spec("- concat: ys"), inputs: ["xs": hot([(150, 1)], completed: 230), "ys": hot([(150, 1)], error: 250)]).events
            == [error(250)])
        #expect(try record(spec("- concat: ys"), inputs: ["xs": hot([(150, 1)], error: 230), "ys": hot([(150, 1), (240, 2)], completed: 250)]).events
            == [error(230)])
    }

    @Test func combineLatestReturnReturn1() throws {
        let r = try record(spec("- combineLatest: { with: ys, combine: \"$0 + $1\" }"),
                           inputs: ["xs": hot([(215, 2)], completed: 230), "ys": hot([(220, 3)], completed: 240)])
        #expect(r.events == [next(220, 5), completed(240)])
    }

    // Observable+CombineLatestTests+arity, three sources (testCombineLatest_ReturnReturn3's shape).
    @Test func combineLatestOfThree() throws {
        let r = try record(spec("- combineLatest: { with: [ys, zs], combine: \"$0 + $1 + $2\" }"),
                           inputs: ["xs": hot([(215, 2)], completed: 230), "ys": hot([(220, 3)], completed: 240), "zs": hot([(225, 4)], completed: 250)])
        #expect(r.events == [next(225, 9), completed(250)])
        let empty = try record(spec("- combineLatest: { with: [ys, zs], combine: \"$0 + $1 + $2\" }"),
                               inputs: ["xs": hot([(215, 2)]), "ys": hot([], completed: 210), "zs": hot([(225, 4)])])
        #expect(empty.events == [])
    }

    @Test func combineLatestEmptyReturn() throws {
        let r = try record(spec("- combineLatest: { with: ys, combine: \"$0 + $1\" }"),
                           inputs: ["xs": hot([], completed: 210), "ys": hot([(215, 2)], completed: 220)])
        #expect(r.events == [completed(215)])
    }

    @Test func combineLatestThrowAfterCompleteLeft() throws {
        let r = try record(spec("- combineLatest: { with: ys, combine: \"$0 + $1\" }"),
                           inputs: ["xs": hot([(215, 2)], completed: 220), "ys": hot([], error: 230)])
        #expect(r.events == [error(230)])
    }

    // Observable+WithLatestFromTests testWithLatestFrom_Simple1 and _Error1.
    @Test func withLatestFromSimple1AndError1() throws {
        let yaml = #"""
            screen: T
            inputs:
              xs: Int
              ys: String
            outputs:
              res: { stream: xs, ops: [ { withLatestFrom: { with: ys, combine: '"\($0)\($1)"' } } ] }
            """#
        let xs: [(Int, Int)] = [(90, 1), (180, 2), (250, 3), (260, 4), (310, 5), (340, 6), (410, 7), (420, 8), (470, 9), (550, 10)]
        let ys: [Recorded] = [.next(255, .string("bar")), .next(330, .string("foo")), .next(350, .string("qux")), .completed(400)]
        let expected = [next(260, "4bar"), next(310, "5bar"), next(340, "6foo"), next(410, "7qux"), next(420, "8qux"), next(470, "9qux"),
                        next(550, "10qux")]
        #expect(try record(yaml, inputs: ["xs": hot(xs, completed: 590), "ys": ys]).events == expected + [completed(590)])
        #expect(try record(yaml, inputs: ["xs": hot(xs, error: 590), "ys": ys]).events == expected + [error(590)])
    }

    // Observable+WithLatestFromTests: the primary's end ends it; the other's completion does not.
    @Test func withLatestFromFollowsItsPrimary() throws {
        let r = try record(spec("- withLatestFrom: { with: ys, combine: \"$0 * 10 + $1\" }"),
                           inputs: ["xs": hot([(220, 1), (240, 2)], completed: 250), "ys": hot([(210, 5)], completed: 230)])
        #expect(r.events == [next(220, 15), next(240, 25), completed(250)])
        let failed = try record(spec("- withLatestFrom: ys"), inputs: ["xs": hot([(220, 1)]), "ys": hot([(210, 5)], error: 230)])
        #expect(failed.events == [next(220, 5), error(230)])
    }

    // Observable+TakeUntilTests.
    @Test func takeUntilPreemptSomeDataNext() throws {
        let l = hot([(150, 1), (210, 2), (220, 3), (230, 4), (240, 5)], completed: 250)
        let r = try record(spec("- takeUntil: ys"), inputs: ["xs": l, "ys": hot([(150, 1), (225, 99)], completed: 230)])
        #expect(r.events == [next(210, 2), next(220, 3), completed(225)])
        let e = try record(spec("- takeUntil: ys"), inputs: ["xs": l, "ys": hot([(150, 1)], error: 225)])
        #expect(e.events == [next(210, 2), next(220, 3), error(225)])
        let empty = try record(spec("- takeUntil: ys"), inputs: ["xs": l, "ys": hot([(150, 1)], completed: 225)])
        #expect(empty.events == [next(210, 2), next(220, 3), next(230, 4), next(240, 5), completed(250)])
    }

    // Observable+CatchTests testCatch_ErrorSpecific_Caught: switches to the fallback stream.
    @Test func catchToAFallbackStream() throws {
        let r = try record(spec("- catch: { stream: ys }"),
                           inputs: ["xs": hot([(150, 1), (210, 2), (220, 3)], error: 230), "ys": hot([(240, 4)], completed: 250)])
        #expect(r.events == [next(210, 2), next(220, 3), next(240, 4), completed(250)])
    }

    // RxSwift's catchAndReturn: the value, then completed.
    @Test func catchAndReturn() throws {
        let r = try record(spec("- catchAndReturn: \"-1\""), inputs: ["xs": hot([(210, 2)], error: 230)])
        #expect(r.events == [next(210, 2), next(230, -1), completed(230)])
    }

    @Test func distinctUntilChangedWithAKey() throws {
        let r = try record(spec("- distinctUntilChanged: \"$0 % 10\""),
                           inputs: ["xs": hot([(210, 1), (220, 11), (230, 2), (240, 12), (250, 3)], completed: 260)])
        #expect(r.events == [next(210, 1), next(230, 2), next(250, 3), completed(260)])
    }

    // MARK: inner streams

    private static let innerServices = """
    services:
      ys:
        returns: Int
        params: { i: Int }
        cases:
          - when: { i: 0 }
            sequence: [ { at: 10ms, value: 101 }, { at: 20ms, value: 102 }, { at: 110ms, value: 103 }, { at: 120ms, value: 104 },
                        { at: 210ms, value: 105 }, { at: 220ms, value: 106 }, { at: 230ms, complete: true } ]
          - when: { i: 1 }
            sequence: [ { at: 10ms, value: 201 }, { at: 20ms, value: 202 }, { at: 30ms, value: 203 }, { at: 40ms, value: 204 },
                        { at: 50ms, FINAL } ]
          - when: { i: 2 }
            sequence: [ { at: 10ms, value: 301 }, { at: 20ms, value: 302 }, { at: 30ms, value: 303 }, { at: 40ms, value: 304 },
                        { at: 150ms, complete: true } ]
        result: 0
    """

    private static let outer = hot([(300, 0), (400, 1), (500, 2)], completed: 600)

    // Observable+SwitchTests testFlatMapLatest_Data, with the cancelled subscriptions.
    @Test func flatMapLatestData() throws {
        let yaml = spec("- flatMapLatest: { call: ys, with: { i: $0 }, failures: end }",
                        extra: Self.innerServices.replacingOccurrences(of: "FINAL", with: "complete: true"))
        let r = try record(yaml, inputs: ["xs": Self.outer])
        #expect(r.events == [next(310, 101), next(320, 102), next(410, 201), next(420, 202), next(430, 203), next(440, 204),
                             next(510, 301), next(520, 302), next(530, 303), next(540, 304), completed(650)])
        #expect(r.cancels == ["400 ys(i: 0), subscribed at 300ms"])
    }

    // Observable+SwitchTests testSwitch_Data: `xs.map { observables[$0] }.switchLatest()`.
    @Test func switchLatestOverRequests() throws {
        let yaml = spec("- switchLatest: { call: ys, with: { i: $0 }, failures: end }",
                        extra: Self.innerServices.replacingOccurrences(of: "FINAL", with: "complete: true"))
        let r = try record(yaml, inputs: ["xs": Self.outer])
        #expect(r.events == [next(310, 101), next(320, 102), next(410, 201), next(420, 202), next(430, 203), next(440, 204),
                             next(510, 301), next(520, 302), next(530, 303), next(540, 304), completed(650)])
    }

    @Test func flatMapLatestInnerThrows() throws {
        let yaml = spec("- flatMapLatest: { call: ys, with: { i: $0 }, failures: end }",
                        extra: Self.innerServices.replacingOccurrences(of: "FINAL", with: "fail: http(500)"))
        let r = try record(yaml, inputs: ["xs": Self.outer])
        #expect(r.events == [next(310, 101), next(320, 102), next(410, 201), next(420, 202), next(430, 203), next(440, 204), error(450)])
    }

    // Observable+MergeTests testMerge_ObservableOfObservable_InnerThrows, as flatMap.
    @Test func flatMapInnerThrows() throws {
        let yaml = spec("- flatMap: { call: ys, with: { i: $0 }, failures: end }",
                        extra: Self.innerServices.replacingOccurrences(of: "FINAL", with: "fail: http(500)"))
        let r = try record(yaml, inputs: ["xs": Self.outer])
        #expect(r.events == [next(310, 101), next(320, 102), next(410, 103), next(410, 201), next(420, 104), next(420, 202),
                             next(430, 203), next(440, 204), error(450)])
        #expect(r.cancels == ["450 ys(i: 0), subscribed at 300ms"])
    }

    // Without `failures: end` an inner error travels as a failure and the output goes on.
    @Test func innerFailuresPassByDefault() throws {
        let yaml = spec("- flatMapLatest: { call: ys, with: { i: $0 } }",
                        extra: Self.innerServices.replacingOccurrences(of: "FINAL", with: "fail: http(500)"))
        let r = try record(yaml, inputs: ["xs": Self.outer])
        #expect(r.events.last == completed(650))
        let errors = try record(yaml, output: "res.errors", inputs: ["xs": Self.outer])
        #expect(errors.events == [.next(450, .error(testError))])
    }

    // concatMap: Observable+ConcatTests' order, one inner stream at a time.
    @Test func concatMapWaitsForEachInnerStream() throws {
        let yaml = spec("- concatMap: { call: ys, with: { i: $0 } }", extra: """
            services:
              ys:
                returns: Int
                params: { i: Int }
                sequence: [ { at: 10ms, value: 1 }, { at: 150ms, value: 2 }, { at: 160ms, complete: true } ]
            """)
        let r = try record(yaml, inputs: ["xs": hot([(300, 0), (400, 1)], completed: 450)])
        #expect(r.events == [next(310, 1), next(450, 2), next(470, 1), next(610, 2), completed(620)])
    }

    // Inner streams that end as they are subscribed, thousands waiting: drained in a loop, not
    // by recursion. The first inner stream waits for its answer; once `armed`, each later one
    // ends at subscription (startWith, then take: 1).
    @Test func concatMapDrainsManyWaitingInnerStreams() throws {
        let r = try TimelineRecorder("""
            screen: T
            inputs:
              xs: Int
              armed: { type: Bool, default: false }
            outputs:
              res:
                stream: xs
                ops:
                  - concatMap: { call: api.x, with: { n: $0 }, ops: [ { startWith: "0" }, { filter: armed }, { take: 1 } ] }
            services:
              api.x: { returns: Int, params: { n: Int }, latency: 10ms, result: 1 }
            """)
        for n in 0...5_000 { r.send("xs", .int(n)) }
        r.set("armed", .bool(true))
        r.graph.end(try r.node("xs"), .completed)
        try r.wait(10)
        #expect(r.recorded("res").compactMap(\.value).count == 5_001)
        #expect(r.recorded("res").last == completed(10))
        #expect(r.graph.streamEnd(of: try r.node("res")) == .completed)
    }

    // Observable+CatchTests testRetryCount_Basic: three subscriptions, then the error.
    @Test func retryCountBasic() throws {
        let yaml = spec("- flatMap: { call: xs.cold, ops: [ { retry: 3 } ], failures: end }", source: "timer: 0ms", extra: """
            services:
              xs.cold:
                returns: Int
                sequence: [ { at: 5ms, value: 1 }, { at: 10ms, value: 2 }, { at: 15ms, value: 3 }, { at: 20ms, fail: http(500) } ]
            """)
        let r = try record(yaml)
        #expect(r.events == [next(205, 1), next(210, 2), next(215, 3), next(225, 1), next(230, 2), next(235, 3),
                             next(245, 1), next(250, 2), next(255, 3), error(260)])
    }

    // Two retries: each attempt of the later one starts the earlier one afresh, which subscribes
    // twice: 2 × 2 subscriptions, then the error.
    @Test func nestedRetries() throws {
        let yaml = spec("- flatMap: { call: xs.cold, ops: [ { retry: 2 }, { map: \"$0\" }, { retry: 2 } ], failures: end }", source: "timer: 0ms", extra: """
            services:
              xs.cold:
                returns: Int
                sequence: [ { at: 5ms, value: 1 }, { at: 10ms, fail: http(500) } ]
            """)
        let r = try record(yaml)
        #expect(r.events == [next(205, 1), next(215, 1), next(225, 1), next(235, 1), error(240)])
    }

    // The issue's "checking…" pattern: an inner request with its own operators.
    @Test func innerOperators() throws {
        let yaml = """
            screen: T
            inputs:
              name: String
            outputs:
              status:
                stream: name
                ops:
                  - flatMapLatest:
                      call: users.check
                      with: { name: $0 }
                      ops: [ { map: '$0 ? "available" : "taken"' }, { startWith: '"checking…"' } ]
            services:
              users.check: { returns: Bool, latency: 100ms, result: true }
            """
        let r = try record(yaml, output: "status", inputs: ["name": [.next(210, .string("ada"))]], order: ["name"])
        #expect(r.events == [next(210, "checking…"), next(310, "available")])
    }

    @Test func switchLatestFollowsTheChosenStream() throws {
        let r = try record(spec("- switchLatest: [ys, zs]"),
                           inputs: ["xs": hot([(210, 0), (230, 1)], completed: 260), "ys": hot([(220, 1), (240, 2)]),
                                    "zs": hot([(225, 3), (250, 4)], completed: 270)])
        #expect(r.events == [next(220, 1), next(250, 4), completed(270)])
    }

    // MARK: timers

    @Test func timerBasic() throws {
        let r = try record(spec("[]", source: "timer: 100ms"))
        #expect(r.events == [next(300, 0), completed(300)])
    }

    @Test func intervalBasic() throws {
        let r = try record(spec("[]", source: "interval: 100ms"))
        #expect(r.events == [next(300, 0), next(400, 1), next(500, 2), next(600, 3), next(700, 4), next(800, 5), next(900, 6)])
    }

    // MARK: the grammar

    @Test func nothingAfterAnEndAndSendsToAnEndedInputAreIgnored() throws {
        let r = try record(spec("- map: \"$0 + 1\""), inputs: ["xs": hot([(210, 1)], completed: 220) + [.next(230, .int(5)), error(240)]])
        #expect(r.events == [next(210, 2), completed(220)])
    }
}
