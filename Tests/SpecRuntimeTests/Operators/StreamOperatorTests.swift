import ScreenSpec
import SpecRuntime
import SpecTools
import SpecTesting
import Testing

/// Loads `yaml`, schedules the hot `events` (time, input name, value) on the virtual clock up
/// front as RxTest's hot observables do, runs to `until` and records every emission of `output`.
private func record(_ yaml: String, output: String, events: [(Int, String, Value)], until: Int = 1000,
                    sourceLocation: SourceLocation = #_sourceLocation) throws -> [Recorded] {
    let recorder = try TimelineRecorder(yaml, path: "test.yaml", sourceLocation: sourceLocation)
    for (time, name, value) in events {
        try recorder.hot(name, [next(time, value)], sourceLocation: sourceLocation)
    }
    try recorder.wait(until)
    #expect(recorder.errors.isEmpty, "\(recorder.errors)", sourceLocation: sourceLocation)
    return recorder.recorded(output)
}

/// A spec with Int input streams `xs` and `ys` and one stream output `res`.
private func spec(_ ops: String, ys: String = "Int", extra: String = "") -> String {
    """
    screen: T
    inputs:
      xs: Int
      ys: \(ys)
    outputs:
      res:
        stream: xs
        ops:
    \(ops.split(separator: "\n").map { "      " + $0 }.joined(separator: "\n"))
    \(extra)
    """
}

private func hot(_ name: String, _ items: [(Int, Int)]) -> [(Int, String, Value)] { items.map { ($0.0, name, .int($0.1)) } }

@Suite struct StreamOperatorTests {
    // Observable+MapTests: test_Map_Simple-like, `$0 * 2`.
    @Test func map() throws {
        let res = try record(spec("- map: \"$0 * 2\""), output: "res", events: hot("xs", [(210, 0), (220, 1), (230, 2), (240, 4)]))
        #expect(res == [next(210, 0), next(220, 2), next(230, 4), next(240, 8)])
    }

    // Observable+FilterTests test_filterComplete: isPrime over 2...11 (here: odd numbers).
    @Test func filter() throws {
        let res = try record(spec("- filter: \"$0 % 2 == 1\""), output: "res",
                             events: hot("xs", [(230, 3), (270, 4), (340, 5), (380, 6), (390, 7), (450, 8), (470, 9), (560, 10), (580, 11)]))
        #expect(res == [next(230, 3), next(340, 5), next(390, 7), next(470, 9), next(580, 11)])
    }

    // Observable+DistinctUntilChangedTests test_distinctUntilChanged_someChanges.
    @Test func distinctUntilChanged() throws {
        let res = try record(spec("- distinctUntilChanged"), output: "res",
                             events: hot("xs", [(210, 2), (215, 3), (220, 3), (225, 2), (230, 2), (230, 1), (240, 2)]))
        #expect(res == [next(210, 2), next(215, 3), next(225, 2), next(230, 1), next(240, 2)])
    }

    // Observable+ScanTests test_Scan_Seed_SomeData: seed 42, `+`.
    @Test func scan() throws {
        let res = try record(spec("- scan: { seed: \"42\", accumulator: \"$0 + $1\" }"), output: "res",
                             events: hot("xs", [(210, 2), (220, 3), (230, 4), (240, 5)]))
        #expect(res == [next(210, 44), next(220, 47), next(230, 51), next(240, 56)])
    }

    @Test func scanCollectsIntoAList() throws {
        let res = try record(spec("- scan: { seed: \"[]\", accumulator: \"$0 + [$1]\" }"), output: "res",
                             events: hot("xs", [(210, 1), (220, 2)]))
        #expect(res == [next(210, .list([.int(1)])), next(220, .list([.int(1), .int(2)]))])
    }

    // Observable+StartWithTests: startWith emits at subscription, before the source; the outer
    // startWith first.
    @Test func startWith() throws {
        let res = try record(spec("- startWith: [1, 2]\n- startWith: \"0\""), output: "res", events: hot("xs", [(220, 3)]))
        #expect(res == [next(0, 0), next(0, 1), next(0, 2), next(220, 3)])
    }

    // Observable+SkipTests test_Skip_Complete_Before: skip(10) over 5...1 passes the rest.
    @Test func skipAndTake() throws {
        let xs = hot("xs", [(210, 9), (230, 13), (270, 7), (280, 1), (300, -1), (310, 3)])
        #expect(try record(spec("- skip: 3"), output: "res", events: xs) == [next(280, 1), next(300, -1), next(310, 3)])
        #expect(try record(spec("- take: 2"), output: "res", events: xs) == [next(210, 9), next(230, 13), completed(230)])
    }

    // Observable+MergeTests: two hot sources interleaved.
    @Test func merge() throws {
        let res = try record(spec("- merge: ys"), output: "res",
                             events: hot("xs", [(215, 1), (225, 3)]) + hot("ys", [(220, 2), (230, 4)]))
        #expect(res == [next(215, 1), next(220, 2), next(225, 3), next(230, 4)])
    }

    // Observable+CombineLatestTests test_CombineLatest_InterleavedWithTail.
    @Test func combineLatest() throws {
        let res = try record(spec("- combineLatest: { with: ys, combine: \"$0 + $1\" }"), output: "res",
                             events: hot("xs", [(215, 2), (225, 4)]) + hot("ys", [(220, 3), (230, 5), (235, 6), (240, 7)]))
        #expect(res == [next(220, 5), next(225, 7), next(230, 9), next(235, 10), next(240, 11)])
    }

    // Glitch-freedom: both sides derived from one input change in one transaction: one element.
    @Test func combineLatestOverSharedSourceEmitsOncePerTransaction() throws {
        let yaml = """
        screen: T
        inputs:
          n: Int
        outputs:
          doubled: { stream: n, ops: [ { map: "$0 * 2" } ] }
          res:
            stream: n
            ops:
              - combineLatest: { with: doubled, combine: "$0 + $1" }
        """
        let res = try record(yaml, output: "res", events: [(210, "n", .int(1)), (220, "n", .int(2))])
        #expect(res == [next(210, 3), next(220, 6)])
    }

    // Observable+WithLatestFromTests test_WithLatestFrom_Simple1 (`"\($0)\($1)"`).
    @Test func withLatestFrom() throws {
        let yaml = spec("- withLatestFrom: { with: ys, combine: '\"\\($0)\\($1)\"' }", ys: "String")
        let ys: [(Int, String, Value)] = [(255, "ys", .string("bar")), (330, "ys", .string("foo")), (350, "ys", .string("qux"))]
        let xs = hot("xs", [(250, 3), (260, 4), (310, 5), (340, 6), (410, 7), (420, 8), (470, 9), (550, 10)])
        let res = try record(yaml, output: "res", events: (xs + ys).sorted { $0.0 < $1.0 })
        #expect(res == [next(260, "4bar"), next(310, "5bar"), next(340, "6foo"), next(410, "7qux"), next(420, "8qux"),
                        next(470, "9qux"), next(550, "10qux")])
    }

    // Observable+SampleTests testSample_Sampler_Simple1.
    @Test func sample() throws {
        let yaml = spec("- sample: ys", ys: "String")
        let xs = hot("xs", [(220, 2), (240, 3), (290, 4), (300, 5), (310, 6)])
        let ys: [(Int, String, Value)] = [(210, "ys", .string("bar")), (250, "ys", .string("foo")), (260, "ys", .string("qux")),
                                          (320, "ys", .string("baz"))]
        #expect(try record(yaml, output: "res", events: (xs + ys).sorted { $0.0 < $1.0 }) == [next(250, 3), next(320, 6)])
    }

    // RxSwift's debounce: every element restarts the due time; only a quiet period lets one through.
    @Test func debounce() throws {
        let xs = hot("xs", [(210, 1), (240, 2), (270, 3), (300, 4)])
        #expect(try record(spec("- debounce: 20ms"), output: "res", events: xs) == [next(230, 1), next(260, 2), next(290, 3), next(320, 4)])
        #expect(try record(spec("- debounce: 40ms"), output: "res", events: xs) == [next(340, 4)])
    }

    // Observable+ThrottleTests test_ThrottleTimeSpan_NoEnd (latest: true, the default) and
    // test_ThrottleTimeSpan_NotLatest_NoEnd.
    @Test func throttle() throws {
        let xs = hot("xs", [(210, 2), (250, 3), (310, 4), (350, 5), (410, 6), (450, 7)])
        #expect(try record(spec("- throttle: 200ms"), output: "res", events: xs) == [next(210, 2), next(410, 6), next(610, 7)])
        #expect(try record(spec("- throttle: { for: 200ms, latest: false }"), output: "res", events: xs) == [next(210, 2), next(410, 6)])
    }

    // Observable+DelayTests test_DelayTimeSpan_Simple1: delay(100).
    @Test func delay() throws {
        let res = try record(spec("- delay: 100ms"), output: "res", events: hot("xs", [(250, 2), (350, 3), (450, 4)]))
        #expect(res == [next(350, 2), next(450, 3), next(550, 4)])
    }

    static let requests = """
    services:
      api.square:
        returns: Int
        params: { n: Int }
        latency: 50ms
        cases:
          - { when: { n: 2 }, value: 4, latency: 200ms }
          - { when: { n: 3 }, value: 9, latency: 20ms }
          - { when: { n: 5 }, fail: http(500) }
        result: 0
    """

    // Observable+SwitchTests (flatMapLatest): a newer element disposes the request in flight, so
    // the slow answer for 2 never lands; with flatMap every answer lands when it comes.
    @Test func flatMapLatestDropsStaleAnswers() throws {
        let xs = hot("xs", [(300, 2), (400, 3), (500, 2), (550, 3)])
        let latest = spec("- flatMapLatest: { call: api.square, with: { n: \"$0\" } }", extra: Self.requests)
        #expect(try record(latest, output: "res", events: xs) == [next(420, 9), next(570, 9)])
        let all = spec("- flatMap: { call: api.square, with: { n: \"$0\" } }", extra: Self.requests)
        #expect(try record(all, output: "res", events: xs) == [next(420, 9), next(500, 4), next(570, 9), next(700, 4)])
    }

    // A failed request comes out on `res.errors` and the stream goes on; `catch` turns it into an element.
    @Test func failedRequestsGoToErrorsOrCatch() throws {
        let xs = hot("xs", [(210, 5), (300, 3)])
        let plain = spec("- flatMapLatest: { call: api.square, with: { n: \"$0\" } }", extra: Self.requests)
        #expect(try record(plain, output: "res.errors", events: xs) == [next(260, .error(ErrorValue(.http, status: 500)))])
        #expect(try record(plain, output: "res", events: xs) == [next(320, 9)])
        let caught = spec("- flatMapLatest: { call: api.square, with: { n: \"$0\" } }\n- catch: \"-1\"", extra: Self.requests)
        #expect(try record(caught, output: "res", events: xs) == [next(260, -1), next(320, 9)])
    }
}
