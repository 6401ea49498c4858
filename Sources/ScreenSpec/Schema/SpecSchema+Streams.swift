import SpecRuntime

/// Stream operators: one entry per operator of `OperatorCatalog`, its description the entry's
/// summary, its argument's schema given here for the operators that predate the catalogue and
/// made from the argument's shape for the others.
extension SpecSchema {
    /// Operators written alone, without an argument.
    static var bareOperators: [String] {
        ["distinctUntilChanged", "retry"] + OperatorCatalog.all.filter { $0.shape?.parameters.isEmpty == true }.map(\.name)
    }

    static var operators: [(name: String, description: String, schema: JSONValue)] {
        let dedicated = Dictionary(dedicatedArguments, uniquingKeysWith: { a, _ in a })
        return OperatorCatalog.all.compactMap { entry in
            guard let schema = entry.shape.map(argumentSchema) ?? dedicated[entry.name] else { return nil }
            return (entry.name, entry.summary, schema)
        }
    }

    /// The schema of a catalogued operator's argument, from its shape: each parameter's from its
    /// kind, the mapping from the keys, and the first parameter alone when it may be written so.
    static func argumentSchema(_ shape: OperatorShape) -> JSONValue {
        guard !shape.parameters.isEmpty else { return ["type": "null"] }
        if shape.isSingleValue { return parameterSchema(shape.parameters[0].kind) }
        let keyed = shape.parameters.filter { $0.key != nil }
        let mapping = object(shape.summary, keyed.map { ($0.key!, describe(parameterSchema($0.kind), $0.summary)) },
                             required: keyed.filter(\.required).map { $0.key! })
        guard shape.shorthand, let first = shape.parameters.first else { return mapping }
        return ifString(first.summary, parameterSchema(first.kind), else: mapping)
    }

    private static func parameterSchema(_ kind: OperatorParameter.Kind) -> JSONValue {
        switch kind {
        case .expression: return ref("expression")
        case .count(let minimum): return ["type": "integer", "minimum": .int(minimum)]
        case .duration: return ref("duration")
        case .stream: return ref("dottedName")
        case .streams: return ref("names")
        case .choice(let words): return ["enum": .array(words.map { .string($0) })]
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
