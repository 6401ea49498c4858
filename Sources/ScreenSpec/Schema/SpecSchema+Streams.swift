/// Stream operators.
extension SpecSchema {
    /// Operators written alone, without an argument.
    static let bareOperators = ["distinctUntilChanged", "retry"]

    /// One entry per operator the reader accepts (``SpecReader/operatorNames``), with RxSwift's
    /// meaning. Adding an operator is adding it here.
    static var operators: [(name: String, description: String, schema: JSONValue)] {
        let expression = ref("expression")
        let request = ref("request")
        let countOrDuration = choose("A count, or a duration such as '300ms'.", ["type": "integer"], ["minimum": 0], ref("duration"))
        return [
            ("map", "Transforms each element: 'map: $0.count'.", expression),
            ("filter", "Keeps the elements for which the Bool expression over '$0' holds.", expression),
            ("distinctUntilChanged", "Drops an element equal to the previous one; with an expression, compares that key of '$0'. Alone: '- distinctUntilChanged'.",
             ["anyOf": [["type": "null"], expression]]),
            ("startWith", "Emits these values first: 'startWith: \"0\"' or a list.",
             anyOf("A value or a list.", [expression, ["type": "array", "items": expression, "minItems": 1]])),
            ("skip", "Drops the first N elements, or the elements of a first duration.", countOrDuration),
            ("take", "Passes the first N elements (or those of a first duration), then completes.", countOrDuration),
            ("scan", "Accumulates: '{ seed: \"0\", accumulator: \"$0 + $1\" }', '$0' the accumulator and '$1' the element.",
             object("The seed and the accumulator.", [
                 ("seed", describe(expression, "The first accumulator; its type is the output's.")),
                 ("accumulator", describe(expression, "The next accumulator over '$0' (accumulator) and '$1' (element).")),
             ], required: ["seed", "accumulator"])),
            ("merge", "Merges other streams of the same element type.", ref("names")),
            ("combineLatest", "Combines with another source's latest value once both have one: '{ with: other, combine: \"$0 * $1\" }'.",
             object("The other source and how to combine.", [
                 ("with", describe(ref("dottedName"), "The other source.")),
                 ("combine", describe(expression, "The element over '$0' (this side) and '$1' (the other).")),
             ], required: ["with", "combine"])),
            ("withLatestFrom", "On each element, the other source's latest value, or '{ with: other, combine: EXPR }'.",
             ifString("The other source.", ref("dottedName"), else: object("The other source and how to combine.", [
                 ("with", describe(ref("dottedName"), "The other source.")),
                 ("combine", describe(expression, "The element over '$0' (this side) and '$1' (the other).")),
             ], required: ["with"]))),
            ("sample", "Emits the latest element when the sampler fires, if there is a new one; '{ with: sampler, defaultValue: EXPR }' emits that when there is none.",
             ifString("The sampler.", ref("dottedName"), else: object("The sampler and a default.", [
                 ("with", describe(ref("dottedName"), "The sampler stream.")),
                 ("defaultValue", describe(expression, "What to emit when no new element came.")),
             ], required: ["with"]))),
            ("flatMapLatest", "Calls a service per element, disposing the request in flight ('$0' the element).", request),
            ("flatMap", "Calls a service per element; every answer lands ('$0' the element).", request),
            ("concatMap", "Calls a service per element, one request after the other, in order ('$0' the element).", request),
            ("switchLatest", "Follows the latest of several streams ('[a, b]', chosen by the element), or a request per element like 'flatMapLatest'.",
             choose("The streams, or a request.", ["type": "object"], request, ref("names"))),
            ("concat", "After this stream completes, the elements of the next ones, in order.", ref("names")),
            ("debounce", "Emits an element after this much quiet.", ref("duration")),
            ("throttle", "At most one element per window: 'throttle: 500ms' (latest: true) or '{ for: 500ms, latest: false }'.",
             ifString("The window.", ref("duration"), else: object("The window and whether the latest element ends it.", [
                 ("for", describe(ref("duration"), "The window.")),
                 ("latest", describe(["type": "boolean"], "Whether to emit the latest element at the end of the window (RxSwift's default: true).")),
             ], required: ["for"]))),
            ("delay", "Shifts every element by this much.", ref("duration")),
            ("catch", "Turns a failure into this element ('$0' the error), or continues with '{ stream: fallback }'.",
             choose("An element or a fallback stream.", ["type": "object"],
                    object("The stream to continue with.", [("stream", describe(ref("dottedName"), "The fallback stream."))], required: ["stream"]),
                    expression)),
            ("catchAndReturn", "Turns a failure into this element and completes, as RxSwift's 'catchAndReturn'.", expression),
            ("takeUntil", "Passes elements until the other stream emits, then completes.", ref("dottedName")),
            ("retry", "Resubscribes after a failure: 'retry: 3' subscriptions in all, or '- retry' without limit.",
             ["anyOf": [["type": "null"], ["type": "integer", "minimum": 1]]]),
            ("navigate", "Maps each element to a request to open a screen.", ref("navigate")),
        ]
    }

    static var streamDefinitions: [(key: String, value: JSONValue)] {
        [
            (key: "operator", value: ifString("An operator: a name alone ('- distinctUntilChanged') or one key with its argument ('- map: $0.count').",
                ["enum": .array(bareOperators.map { .string($0) })],
                else: oneKey("An operator with its argument.", operators))),
        ]
    }
}
