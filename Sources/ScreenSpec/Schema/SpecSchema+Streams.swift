/// Stream operators.
extension SpecSchema {
    /// Operators written alone, without an argument.
    static let bareOperators = ["distinctUntilChanged"]

    /// One entry per operator the reader accepts (``SpecReader/operatorNames``), with RxSwift's
    /// meaning. Adding an operator is adding it here.
    static var operators: [(name: String, description: String, schema: JSONValue)] {
        let expression = ref("expression")
        let request = ref("request")
        return [
            ("map", "Transforms each element: 'map: $0.count'.", expression),
            ("filter", "Keeps the elements for which the Bool expression over '$0' holds.", expression),
            ("distinctUntilChanged", "Drops an element equal to the previous one. Written alone: '- distinctUntilChanged'.", ["type": "null"]),
            ("startWith", "Emits these values first: 'startWith: \"0\"' or a list.",
             anyOf("A value or a list.", [expression, ["type": "array", "items": expression, "minItems": 1]])),
            ("skip", "Drops the first N elements.", ["type": "integer", "minimum": 0]),
            ("take", "Passes the first N elements, then goes quiet.", ["type": "integer", "minimum": 0]),
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
            ("sample", "Emits the latest element when the sampler fires, if there is a new one.", ref("dottedName")),
            ("flatMapLatest", "Calls a service per element, disposing the request in flight ('$0' the element).", request),
            ("flatMap", "Calls a service per element; every answer lands ('$0' the element).", request),
            ("debounce", "Emits an element after this much quiet.", ref("duration")),
            ("throttle", "At most one element per window: 'throttle: 500ms' (latest: true) or '{ for: 500ms, latest: false }'.",
             ifString("The window.", ref("duration"), else: object("The window and whether the latest element ends it.", [
                 ("for", describe(ref("duration"), "The window.")),
                 ("latest", describe(["type": "boolean"], "Whether to emit the latest element at the end of the window (RxSwift's default: true).")),
             ], required: ["for"]))),
            ("delay", "Shifts every element by this much.", ref("duration")),
            ("catch", "After a request, turns a failure into this element ('$0' the error).", expression),
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
