import SpecRuntime

/// Stream operators: one entry per operator of `OperatorCatalog`, its description the entry's
/// summary, its argument's schema made from the argument's shape.
extension SpecSchema {
    /// Operators written alone, without an argument.
    static var bareOperators: [String] {
        OperatorCatalog.all.filter(\.shape.mayBeBare).map(\.name)
    }

    static var operators: [(name: String, description: String, schema: JSONValue)] {
        OperatorCatalog.all.map { ($0.name, $0.summary, argumentSchema($0.shape)) }
    }

    /// The schema of an operator's argument, from its shape: each parameter's from its kind, the
    /// mapping from the keys, and the first parameter alone when it may be written so (and no
    /// other is then missing).
    static func argumentSchema(_ shape: OperatorShape) -> JSONValue {
        guard !shape.parameters.isEmpty else { return ["type": "null"] }
        if shape.isSingleValue {
            let value = parameterSchema(shape.parameters[0].kind)
            return shape.parameters[0].required ? value : ["anyOf": [["type": "null"], value]]
        }
        let keyed = shape.parameters.filter { $0.key != nil }
        let mapping = object(shape.summary, keyed.map { ($0.key!, describe(parameterSchema($0.kind), $0.summary)) },
                             required: keyed.filter(\.required).map { $0.key! })
        guard shape.shorthand, let first = shape.parameters.first, !shape.parameters.dropFirst().contains(where: \.required) else { return mapping }
        // A number alone (`retry: 3`) is told from the mapping by its type; a shape that may be
        // bare also takes nothing (`retry:`).
        let either = if case .count = first.kind { choose(first.summary, ["type": "object"], mapping, parameterSchema(first.kind)) }
            else { ifString(first.summary, parameterSchema(first.kind), else: mapping) }
        return shape.mayBeBare ? ["anyOf": [["type": "null"], either]] : either
    }

    private static func parameterSchema(_ kind: OperatorParameter.Kind) -> JSONValue {
        let expression = ref("expression")
        switch kind {
        case .expression, .comparer: return expression
        case .values: return anyOf("A value or a list.", [expression, ["type": "array", "items": expression, "minItems": 1]])
        case .count(let minimum): return ["type": "integer", "minimum": .int(minimum)]
        case .duration: return ref("duration")
        case .countOrDuration: return choose("A count, or a duration such as '300ms'.", ["type": "integer"], ["minimum": 0], ref("duration"))
        case .stream: return ref("dottedName")
        case .streams: return ref("names")
        case .choice(let words): return ["enum": .array(words.map { .string($0) })]
        case .flag: return ["type": "boolean"]
        case .request: return choose("A request, or an inner stream with nothing more to say: 'empty', 'never'.", ["type": "object"], ref("request"),
                                     ["enum": ["empty", "never"]])
        case .navigation: return ref("navigate")
        case .expressionOrStream:
            return choose("An element or a fallback stream.", ["type": "object"],
                          object("The stream to continue with.", [("stream", describe(ref("dottedName"), "The fallback stream."))], required: ["stream"]),
                          expression)
        case .streamsOrRequest: return choose("The streams, or a request.", ["type": "object"], ref("request"), ref("names"))
        }
    }

    static var streamDefinitions: [(key: String, value: JSONValue)] {
        [
            (key: "operator", value: ifString("An operator: a name alone ('- distinctUntilChanged') or one key with its argument ('- map: $0.count').",
                ["enum": .array(bareOperators.map { .string($0) })],
                else: oneKey("An operator with its argument.", operators))),
        ]
    }
}
