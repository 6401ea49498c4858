import SpecRuntime

/// Stream operators: one entry per operator of `OperatorCatalog`, its description the entry's
/// summary, its argument's schema given here for the operators that predate the catalogue and
/// made from the argument's shape for the others.
extension SpecSchema {
    /// Operators written alone, without an argument.
    static var bareOperators: [String] {
        ["distinctUntilChanged", "retry"] + OperatorCatalog.all.filter { $0.argument == .none }.map(\.name)
    }

    static var operators: [(name: String, description: String, schema: JSONValue)] {
        let dedicated = Dictionary(dedicatedArguments, uniquingKeysWith: { a, _ in a })
        return OperatorCatalog.all.compactMap { entry in
            guard let schema = entry.isCatalogued ? argumentSchema(entry.argument) : dedicated[entry.name] else { return nil }
            return (entry.name, entry.summary, schema)
        }
    }

    /// The schema of a catalogued operator's argument, from its shape.
    static func argumentSchema(_ shape: OperatorArgument) -> JSONValue? {
        switch shape {
        case .dedicated: return nil
        case .none: return ["type": "null"]
        case .expression: return ref("expression")
        case .count: return ["type": "integer", "minimum": 0]
        case .stream: return ref("dottedName")
        case .seedAndAccumulator:
            return object("The seed and the accumulator.", [
                ("seed", describe(ref("expression"), "The first accumulator; its type is the result's.")),
                ("accumulator", describe(ref("expression"), "The next accumulator over '$0' (accumulator) and '$1' (element).")),
            ], required: ["seed", "accumulator"])
        case .duration: return ref("duration")
        case .timeSpanAndCount:
            return object("The longest a buffer fills and the most elements it holds.", [
                ("timeSpan", describe(ref("duration"), "A buffer is sent this long after the one before, full or not.")),
                ("count", describe(["type": "integer", "minimum": 1], "A buffer is sent as soon as it holds this many elements.")),
            ], required: ["timeSpan", "count"])
        case .streamsAndCombine:
            return object("The other sources and how to combine.", [
                ("with", describe(ref("names"), "The other sources, '$1', '$2', … in order.")),
                ("combine", describe(ref("expression"), "The element over '$0' (this side) and '$1', '$2', … (the others).")),
            ], required: ["with", "combine"])
        }
    }

    /// The arguments of the operators that predate the catalogue.
    private static var dedicatedArguments: [(String, JSONValue)] {
        let expression = ref("expression")
        let request = ref("request")
        let countOrDuration = choose("A count, or a duration such as '300ms'.", ["type": "integer"], ["minimum": 0], ref("duration"))
        return [
            ("map", expression),
            ("filter", expression),
            ("distinctUntilChanged", ["anyOf": [["type": "null"], expression]]),
            ("startWith", anyOf("A value or a list.", [expression, ["type": "array", "items": expression, "minItems": 1]])),
            ("skip", countOrDuration),
            ("take", countOrDuration),
            ("scan", object("The seed and the accumulator.", [
                 ("seed", describe(expression, "The first accumulator; its type is the output's.")),
                 ("accumulator", describe(expression, "The next accumulator over '$0' (accumulator) and '$1' (element).")),
             ], required: ["seed", "accumulator"])),
            ("merge", ref("names")),
            ("combineLatest", object("The other source and how to combine.", [
                 ("with", describe(ref("dottedName"), "The other source.")),
                 ("combine", describe(expression, "The element over '$0' (this side) and '$1' (the other).")),
             ], required: ["with", "combine"])),
            ("withLatestFrom", ifString("The other source.", ref("dottedName"), else: object("The other source and how to combine.", [
                 ("with", describe(ref("dottedName"), "The other source.")),
                 ("combine", describe(expression, "The element over '$0' (this side) and '$1' (the other).")),
             ], required: ["with"]))),
            ("sample", ifString("The sampler.", ref("dottedName"), else: object("The sampler and a default.", [
                 ("with", describe(ref("dottedName"), "The sampler stream.")),
                 ("defaultValue", describe(expression, "What to emit when no new element came.")),
             ], required: ["with"]))),
            ("flatMapLatest", request),
            ("flatMap", request),
            ("concatMap", request),
            ("switchLatest", choose("The streams, or a request.", ["type": "object"], request, ref("names"))),
            ("concat", ref("names")),
            ("debounce", ref("duration")),
            ("throttle", ifString("The window.", ref("duration"), else: object("The window and whether the latest element ends it.", [
                 ("for", describe(ref("duration"), "The window.")),
                 ("latest", describe(["type": "boolean"], "Whether to emit the latest element at the end of the window (RxSwift's default: true).")),
             ], required: ["for"]))),
            ("delay", ref("duration")),
            ("catch", choose("An element or a fallback stream.", ["type": "object"],
                    object("The stream to continue with.", [("stream", describe(ref("dottedName"), "The fallback stream."))], required: ["stream"]),
                    expression)),
            ("catchAndReturn", expression),
            ("takeUntil", ref("dottedName")),
            ("retry", ["anyOf": [["type": "null"], ["type": "integer", "minimum": 1]]]),
            ("navigate", ref("navigate")),
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
