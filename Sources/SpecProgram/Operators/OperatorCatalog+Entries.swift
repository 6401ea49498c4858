/// Every operator of the spec language, in the order of the operator table: each is this entry,
/// its node file in the engine's `Nodes/` and its line in the engine's `OperatorNodes`; the
/// reader, checker, validator, pipeline, schema, mutation and diagrams need nothing more.
extension OperatorCatalog {
    static let entries: [OperatorEntry] = [
        OperatorEntry("map", .anExpression, .transforms, insideRequest: true, "Transforms each element: 'map: $0.count'.", keepsNoState: true),
        OperatorEntry("filter", .anExpression, .predicate, insideRequest: true, "Keeps the elements for which the Bool expression over '$0' holds.",
                      mutations: [.remove], keepsNoState: true),
        OperatorEntry("distinctUntilChanged", .key, .keyed, insideRequest: true,
                      "Drops an element equal to the previous one; with an expression, compares that key of '$0'; "
                      + "with '{ by: \"$0.id == $1.id\" }', that comparer says when two are equal. Alone: '- distinctUntilChanged'.",
                      mutations: [.remove]),
        OperatorEntry("startWith", .values, .prepends, insideRequest: true, "Emits these values first: 'startWith: \"0\"' or a list."),
        OperatorEntry("skip", .countOrDuration, .keepsElement, insideRequest: true, "Drops the first N elements, or the elements of a first duration.",
                      mutations: [.remove, .countByOne]),
        OperatorEntry("take", .countOrDuration, .keepsElement, insideRequest: true, "Passes the first N elements (or those of a first duration), then completes.",
                      mutations: [.remove, .countByOne]),
        OperatorEntry("scan", .seedAndAccumulator, .accumulates, insideRequest: true,
                      "Accumulates: '{ seed: \"0\", accumulator: \"$0 + $1\" }', '$0' the accumulator and '$1' the element."),
        OperatorEntry("merge", .streams("the streams to merge"), .joinsSameType, insideRequest: true, "Merges other streams of the same element type."),
        OperatorEntry("combineLatest", .combineLatest, .combines, insideRequest: true,
                      "Combines with another source's latest value once both have one: '{ with: other, combine: \"$0 * $1\" }'.",
                      emitsOnFlush: true),
        OperatorEntry("withLatestFrom", .withLatestFrom, .readsLatest, insideRequest: true,
                      "On each element, the other source's latest value, or '{ with: other, combine: EXPR }'.", edge: .reads("latest")),
        OperatorEntry("sample", .sample, .samples, insideRequest: true,
                      "Emits the latest element when the sampler fires, if there is a new one; '{ with: sampler, defaultValue: EXPR }' emits that when there is none.",
                      edge: .feeds("sampler")),
        OperatorEntry("flatMapLatest", .request, .requests(.latest), insideRequest: false,
                      "Calls a service per element, disposing the request in flight ('$0' the element).",
                      mutations: [.replace(with: "flatMap"), .replace(with: "concatMap"), .replace(with: "flatMapFirst")]),
        OperatorEntry("flatMap", .request, .requests(.merge), insideRequest: false, "Calls a service per element; every answer lands ('$0' the element).",
                      mutations: [.replace(with: "flatMapLatest"), .replace(with: "concatMap"), .replace(with: "flatMapFirst")]),
        OperatorEntry("concatMap", .request, .requests(.concat), insideRequest: false,
                      "Calls a service per element, one request after the other, in order ('$0' the element).",
                      mutations: [.replace(with: "flatMapLatest"), .replace(with: "flatMap"), .replace(with: "flatMapFirst")]),
        OperatorEntry("flatMapFirst", .request, .requests(.first), insideRequest: false,
                      "Calls a service per element while no request is in flight; an element that arrives meanwhile is dropped "
                      + "(RxSwift's 'flatMapFirst', '$0' the element).",
                      mutations: [.replace(with: "flatMapLatest"), .replace(with: "flatMap"), .replace(with: "concatMap")]),
        OperatorEntry("switchLatest", .switchLatest, .switches, insideRequest: false,
                      "Follows the latest of several streams ('[a, b]', chosen by the element), or a request per element like 'flatMapLatest'."),
        OperatorEntry("concat", .streams("the streams that follow"), .joinsSameType, insideRequest: false,
                      "After this stream completes, the elements of the next ones, in order."),
        OperatorEntry("debounce", .anyDuration, .keepsElement, insideRequest: true, "Emits an element after this much quiet.",
                      mutations: [.remove, .durationByHalfAndDouble], durationIsWait: true),
        OperatorEntry("throttle", .throttle, .keepsElement, insideRequest: true,
                      "At most one element per window: 'throttle: 500ms' (latest: true) or '{ for: 500ms, latest: false }'.",
                      mutations: [.remove, .durationByHalfAndDouble], durationIsWait: true, restoresFromClock: true),
        OperatorEntry("delay", .anyDuration, .keepsElement, insideRequest: true, "Shifts every element by this much.",
                      mutations: [.remove, .durationByHalfAndDouble], durationIsWait: true),
        // `catch: { stream: other }` reads another stream and is refused in a request's `ops:` by
        // its typing (`.recovers`); `catch: EXPR` is allowed there.
        OperatorEntry("catch", .catchShape, .recovers, insideRequest: true,
                      "Turns a failure into this element ('$0' the error), or continues with '{ stream: fallback }'."),
        OperatorEntry("catchAndReturn", .anExpression, .recovers, insideRequest: true,
                      "Turns a failure into this element and completes, as RxSwift's 'catchAndReturn'."),
        OperatorEntry("takeUntil", .endingStream, .endsOn, insideRequest: true, "Passes elements until the other stream emits, then completes.",
                      mutations: [.remove]),
        OperatorEntry("retry", .retry, .resubscribes, insideRequest: true,
                      "Resubscribes after a failure: 'retry: 3' subscriptions in all, or '- retry' without limit; "
                      + "'{ max: 3, when: \"$0 == .http(503)\", delay: 1s }' only for the errors the condition holds for, after a delay.",
                      mutations: [.remove, .countByOne]),
        // A navigation is a map from the element to the screen to open.
        OperatorEntry("navigate", .navigate, .navigates, insideRequest: false, "Maps each element to a request to open a screen.",
                      keepsNoState: true),
        OperatorEntry("takeWhile", .takeWhile, .predicate, insideRequest: true,
                      "Passes elements while the Bool expression over '$0' holds, then completes (RxSwift's 'take(while:)'); "
                      + "'{ while: EXPR, behavior: inclusive }' also sends the element that ends it.",
                      mutations: [.remove, .replace(with: "skipWhile")]),
        OperatorEntry("skipWhile", .expression, .predicate, insideRequest: true,
                      "Drops elements while the Bool expression over '$0' holds, then passes every element (RxSwift's 'skip(while:)').",
                      mutations: [.remove, .replace(with: "takeWhile")]),
        OperatorEntry("skipUntil", .stream, .keepsElement, insideRequest: false,
                      "Drops elements until the other stream sends one, then passes them (RxSwift's 'skip(until:)').",
                      mutations: [.remove]),
        OperatorEntry("takeLast", .count, .keepsElement, insideRequest: true,
                      "Sends the last N elements when the stream completes, then completes (RxSwift's 'takeLast').",
                      mutations: [.remove, .countByOne]),
        OperatorEntry("elementAt", .count, .keepsElement, insideRequest: true,
                      "Sends the element at this index (0 the first), then completes; an error if the stream completes first (RxSwift's 'element(at:)').",
                      mutations: [.countByOne]),
        OperatorEntry("ignoreElements", .nothing, .keepsElement, insideRequest: true,
                      "Drops every element and passes the end: only when and how the stream ends is left. Alone: '- ignoreElements'.",
                      mutations: [.remove]),
        OperatorEntry("share", .share, .shares, insideRequest: false,
                      "What a late observer of the output gets: '{ replay: 1, scope: forever }' replays the last elements, kept after the last observer goes "
                      + "('forever') or not ('whileConnected', the default). The output's last operator.",
                      mutations: [.remove, .countByOne], keepsNoState: true),
        OperatorEntry("enumerated", .nothing, .enumerates, insideRequest: true,
                      "Pairs each element with its index from 0: '$0.index' and '$0.element' after it (RxSwift's 'enumerated()'). Alone: '- enumerated'.",
                      mutations: [.remove]),
        OperatorEntry("compactMap", .expression, .unwrappingTransform, insideRequest: true,
                      "Transforms each element into an optional and drops nil: 'compactMap: \"$0.count > 0 ? $0 : nil\"'."),
        OperatorEntry("reduce", .seedAndAccumulator, .accumulates, insideRequest: true,
                      "Accumulates as 'scan' does and sends only the last accumulator when the stream completes: '{ seed: \"0\", accumulator: \"$0 + $1\" }'."),
        OperatorEntry("zip", .streamsAndCombine, .combines, insideRequest: false,
                      "Pairs the n-th elements of this and the other sources: '{ with: other, combine: \"$0 + $1\" }', 'with: [a, b]' for more."),
        OperatorEntry("timeout", .duration, .keepsElement, insideRequest: true,
                      "Ends with an error of kind 'timeout' when this long passes without an element: 'timeout: 5s' (RxSwift's 'timeout').",
                      mutations: [.remove]),
        OperatorEntry("buffer", .timeSpanAndCount, .collects, insideRequest: true,
                      "Collects elements into lists, sent when full or when the time span ends: '{ timeSpan: 1s, count: 3 }'."),
        OperatorEntry("observeOn", .nothing, .keepsElement, insideRequest: true,
                      "Delivers every event, the end included, after the transaction it came in, at the same millisecond "
                      + "(RxSwift's 'observe(on:)' on the one virtual clock). Alone: '- observeOn'.",
                      mutations: [.remove]),
    ]
}


/// The shapes only one operator uses.
private extension OperatorShape {
    /// `- distinctUntilChanged`, a key over `$0` to compare by, or `{ key: EXPR, by: EXPR }` with
    /// a comparer over `$0` and `$1`.
    static let key = OperatorShape([
        OperatorParameter("key", .expression, required: false, "A key over '$0': elements are compared by it."),
        OperatorParameter("by", .comparer, required: false,
                          "A Bool over '$0' and '$1' (the last element sent and this one, or their keys): true when they count as equal."),
    ], shorthand: true, summary: "What the elements are compared by, and how.", example: "", missingKeys: .oneByOne)
    /// `startWith: "0"` or `startWith: [0, 1]`.
    static let values = OperatorShape([OperatorParameter(nil, .values)], example: "a value or a list of values")
    /// `{ with: other, combine: EXPR }`, `$0` this stream's element and `$1`, `$2`, … the others'.
    static let combineLatest = OperatorShape([
        OperatorParameter("with", .streams("source name"), hint: " naming the other source", "The other source."),
        OperatorParameter("combine", .expression, hint: ", an expression over '$0' (this stream) and '$1' (the other)",
                          "The element over '$0' (this side) and '$1' (the other)."),
    ], shorthand: true, summary: "The other source and how to combine.", example: "another source", missingKeys: .oneByOne)
    /// `withLatestFrom: other`, or `{ with: other, combine: EXPR }`.
    static let withLatestFrom = OperatorShape([
        OperatorParameter("with", .stream("source name"), hint: " naming the other source", "The other source."),
        OperatorParameter("combine", .expression, required: false, "The element over '$0' (this side) and '$1' (the other)."),
    ], shorthand: true, summary: "The other source and how to combine.", example: "another source", missingKeys: .oneByOne)
    /// `sample: sampler`, or `{ with: sampler, defaultValue: EXPR }`.
    static let sample = OperatorShape([
        OperatorParameter("with", .stream("stream name"), hint: " naming the sampler", "The sampler stream."),
        OperatorParameter("defaultValue", .expression, required: false, "What to emit when no new element came."),
    ], shorthand: true, summary: "The sampler and a default.", example: "the sampler stream", missingKeys: .oneByOne)
    /// `switchLatest: [a, b]`, or a request.
    static let switchLatest = OperatorShape([OperatorParameter(nil, .streamsOrRequest)],
                                            example: "the streams to choose from, as in '[a, b]', or a request '{ call: service }'")
    /// `throttle: 500ms`, or `{ for: 500ms, latest: false }`.
    static let throttle = OperatorShape([
        OperatorParameter("for", .duration(minimum: 0), hint: " with a duration", "The window."),
        OperatorParameter("latest", .flag(default: true), required: false,
                          "Whether to emit the latest element at the end of the window (RxSwift's default: true)."),
    ], shorthand: true, summary: "The window and whether the latest element ends it.", example: "a duration", missingKeys: .oneByOne)
    /// `catch: EXPR`, or `{ stream: fallback }`.
    static let catchShape = OperatorShape([OperatorParameter(nil, .expressionOrStream)], example: "an expression or '{ stream: other }'")
    /// `takeUntil: other`.
    static let endingStream = OperatorShape([OperatorParameter(nil, .stream("stream name"))], example: "the stream that ends it")
    /// `- retry`, `retry: 3` subscriptions in all, or `{ max: 3, when: EXPR, delay: 1s }`.
    static let retry = OperatorShape([
        OperatorParameter("max", .count(minimum: 1), required: false, hint: "a count of subscriptions in all, 1 or more",
                          "Subscriptions in all, the first included; left out, without limit.",
                          fixIt: "write '- retry: 3', or '- retry' to resubscribe without limit"),
        OperatorParameter("when", .expression, required: false,
                          "A Bool expression over the error '$0': only an error it holds for is retried, the others pass at once."),
        OperatorParameter("delay", .duration(minimum: 1), required: false, "How long after the error the upstream is subscribed again."),
    ], shorthand: true, summary: "How often, for which errors and after how long to resubscribe.", example: "", missingKeys: .oneByOne)
    /// `navigate: { to: Screen, params: { ... } }`.
    static let navigate = OperatorShape([OperatorParameter(nil, .navigation)], example: "'{ to: Screen, params: { ... } }'")

    /// `share: { replay: 1 }`, or `{ replay: 1, scope: forever }` (RxSwift's `share(replay:scope:)`).
    static let share = OperatorShape([
        OperatorParameter("replay", .count(minimum: 0), hint: " (how many elements a late observer gets at once)",
                          "How many of the last elements a late observer gets when it subscribes."),
        OperatorParameter("scope", .choice(["whileConnected", "forever"]), required: false,
                          "'forever' keeps the replayed elements, and an end, once the last observer is disposed; 'whileConnected' (the default) forgets them."),
    ], summary: "How many elements a late observer gets, and how long they are kept.", example: "'{ replay: 1 }'")
    /// `takeWhile: EXPR`, or `{ while: EXPR, behavior: inclusive }` (RxSwift's
    /// `take(while:behavior:)`), the expression a `Bool` over `$0`.
    static let takeWhile = OperatorShape([
        OperatorParameter("while", .expression, hint: " (the condition over '$0')", "Elements pass while this Bool over '$0' holds."),
        OperatorParameter("behavior", .choice(["exclusive", "inclusive"]), required: false,
                          "'inclusive' also sends the first element for which the condition fails, then completes; 'exclusive' (the default) does not."),
    ], shorthand: true, summary: "The condition, and whether the element that fails it is sent.", example: "an expression over '$0'")
}
