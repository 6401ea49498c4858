/// The operators built on the catalogue: each is this entry and its node file in `Nodes/`;
/// the reader, checker, validator, pipeline, schema, mutation and diagrams need nothing more.
extension OperatorCatalog {
    static let catalogued: [OperatorEntry] = [
        OperatorEntry("takeWhile", .takeWhile, .predicate, insideRequest: true,
                      "Passes elements while the Bool expression over '$0' holds, then completes (RxSwift's 'take(while:)'); "
                      + "'{ while: EXPR, behavior: inclusive }' also sends the element that ends it.",
                      mutations: [.remove, .replace(with: "skipWhile")]) {
            StreamOperators.takeWhile($0.expressions[0], inclusive: $0.arguments.choice == "inclusive", $0.environment)
        },
        OperatorEntry("skipWhile", .expression, .predicate, insideRequest: true,
                      "Drops elements while the Bool expression over '$0' holds, then passes every element (RxSwift's 'skip(while:)').",
                      mutations: [.remove, .replace(with: "takeWhile")]) { StreamOperators.skipWhile($0.expressions[0], $0.environment) },
        OperatorEntry("skipUntil", .stream, .keepsElement, insideRequest: false,
                      "Drops elements until the other stream sends one, then passes them (RxSwift's 'skip(until:)').",
                      mutations: [.remove]) { _ in StreamOperators.skipUntil() },
        OperatorEntry("takeLast", .count, .keepsElement, insideRequest: true,
                      "Sends the last N elements when the stream completes, then completes (RxSwift's 'takeLast').",
                      mutations: [.remove, .countByOne]) { StreamOperators.takeLast($0.arguments.count ?? 0) },
        OperatorEntry("elementAt", .count, .keepsElement, insideRequest: true,
                      "Sends the element at this index (0 the first), then completes; an error if the stream completes first (RxSwift's 'element(at:)').",
                      mutations: [.countByOne]) { StreamOperators.elementAt($0.arguments.count ?? 0) },
        OperatorEntry("ignoreElements", .nothing, .keepsElement, insideRequest: true,
                      "Drops every element and passes the end: only when and how the stream ends is left. Alone: '- ignoreElements'.",
                      mutations: [.remove]) { _ in StreamOperators.ignoreElements() },
        OperatorEntry("enumerated", .nothing, .enumerates, insideRequest: true,
                      "Pairs each element with its index from 0: '$0.index' and '$0.element' after it (RxSwift's 'enumerated()'). Alone: '- enumerated'.",
                      mutations: [.remove]) { _ in StreamOperators.enumerated() },
        OperatorEntry("compactMap", .expression, .unwrappingTransform, insideRequest: true,
                      "Transforms each element into an optional and drops nil: 'compactMap: \"$0.count > 0 ? $0 : nil\"'.") {
            StreamOperators.compactMap($0.expressions[0], $0.environment)
        },
        OperatorEntry("reduce", .seedAndAccumulator, .accumulates, insideRequest: true,
                      "Accumulates as 'scan' does and sends only the last accumulator when the stream completes: '{ seed: \"0\", accumulator: \"$0 + $1\" }'.") {
            StreamOperators.reduce(seed: $0.expressions[0], accumulator: $0.expressions[1], $0.environment)
        },
        OperatorEntry("zip", .streamsAndCombine, .combines, insideRequest: false,
                      "Pairs the n-th elements of this and the other sources: '{ with: other, combine: \"$0 + $1\" }', 'with: [a, b]' for more.") {
            StreamOperators.zip($0.expressions[0], sources: $0.arguments.sources.count + 1, $0.environment)
        },
        OperatorEntry("timeout", .duration, .keepsElement, insideRequest: true,
                      "Ends with an error of kind 'timeout' when this long passes without an element: 'timeout: 5s' (RxSwift's 'timeout').",
                      mutations: [.remove]) { StreamOperators.timeout($0.arguments.duration ?? 1, $0.environment) },
        OperatorEntry("buffer", .timeSpanAndCount, .collects, insideRequest: true,
                      "Collects elements into lists, sent when full or when the time span ends: '{ timeSpan: 1s, count: 3 }'.") {
            StreamOperators.buffer(timeSpan: $0.arguments.duration ?? 1, count: $0.arguments.count ?? 1, $0.environment)
        },
    ]
}

private extension OperatorShape {
    /// `takeWhile: EXPR`, or `{ while: EXPR, behavior: inclusive }` (RxSwift's
    /// `take(while:behavior:)`), the expression a `Bool` over `$0`.
    static let takeWhile = OperatorShape([
        OperatorParameter("while", .expression, hint: "the condition over '$0'", "Elements pass while this Bool over '$0' holds."),
        OperatorParameter("behavior", .choice(["exclusive", "inclusive"]), required: false,
                          "'inclusive' also sends the first element for which the condition fails, then completes; 'exclusive' (the default) does not."),
    ], shorthand: true, summary: "The condition, and whether the element that fails it is sent.", example: "an expression over '$0'")
}
