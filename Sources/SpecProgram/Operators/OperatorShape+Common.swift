/// The argument shapes more than one operator uses. An operator with a shape of its own may
/// give it in its entry instead.
extension OperatorShape {
    /// Nothing: `- ignoreElements`.
    package static let nothing = OperatorShape([], example: "")
    /// An expression over `$0`: `takeWhile: "$0 < 3"`.
    package static let expression = OperatorShape([OperatorParameter(nil, .expression)], example: "an expression over '$0'")
    /// An expression: `map: $0.count`, `catchAndReturn: "none"`.
    package static let anExpression = OperatorShape([OperatorParameter(nil, .expression)], example: "an expression")
    /// A count of 0 or more: `takeLast: 2`.
    package static let count = OperatorShape([OperatorParameter(nil, .count(minimum: 0))], example: "a count of 0 or more, such as '2'")
    /// A count or a duration: `skip: 3`, `take: 300ms`.
    package static let countOrDuration = OperatorShape([OperatorParameter(nil, .countOrDuration)], example: "a count or a duration")
    /// Another stream: `skipUntil: other`.
    package static let stream = OperatorShape([OperatorParameter(nil, .stream("stream name"))], example: "the name of another stream")
    /// A duration of 1 ms or more: `timeout: 5s`.
    package static let duration = OperatorShape([OperatorParameter(nil, .duration(minimum: 1))], example: "a duration of 1ms or more, such as '5s'")
    /// A duration, 0 ms included: `debounce: 300ms`.
    package static let anyDuration = OperatorShape([OperatorParameter(nil, .duration(minimum: 0))], example: "a duration")
    /// A request per element: `flatMap: { call: service, with: { ... } }`.
    package static let request = OperatorShape([OperatorParameter(nil, .request)], example: "'{ call: service, with: { ... } }'")
    /// Other streams, one or a list: `merge: [a, b]`; `example` says what they are for.
    package static func streams(_ example: String) -> OperatorShape {
        OperatorShape([OperatorParameter(nil, .streams("stream name"))], example: example)
    }
    /// `{ seed: EXPR, accumulator: EXPR }`, `$0` the accumulator and `$1` the element.
    package static let seedAndAccumulator = OperatorShape([
        OperatorParameter("seed", .expression, hint: " (the first accumulator)", "The first accumulator; its type is the result's."),
        OperatorParameter("accumulator", .expression, hint: " (over '$0' the accumulator and '$1' the element)",
                          "The next accumulator over '$0' (accumulator) and '$1' (element)."),
    ], summary: "The seed and the accumulator.", example: "'{ seed: ..., accumulator: ... }'")
    /// `{ timeSpan: 1s, count: 3 }`: a duration of 1 ms or more and a count of 1 or more.
    package static let timeSpanAndCount = OperatorShape([
        OperatorParameter("timeSpan", .duration(minimum: 1), hint: " (the longest a buffer fills)", "A buffer is sent this long after the one before, full or not."),
        OperatorParameter("count", .count(minimum: 1), hint: " (the most it holds)", "A buffer is sent as soon as it holds this many elements."),
    ], summary: "The longest a buffer fills and the most elements it holds.", example: "'{ timeSpan: 1s, count: 3 }'", keysFixIt: "{ timeSpan: 1s, count: 3 }")
    /// `{ with: other, combine: EXPR }` or `{ with: [a, b], combine: EXPR }`, `$0` this stream's
    /// element and `$1`, `$2`, … the others' in order.
    package static let streamsAndCombine = OperatorShape([
        OperatorParameter("with", .streams("source name"), hint: " (the other sources)", "The other sources, '$1', '$2', … in order."),
        OperatorParameter("combine", .expression, hint: " (over '$0' this stream and '$1', '$2', … the others)",
                          "The element over '$0' (this side) and '$1', '$2', … (the others)."),
    ], summary: "The other sources and how to combine.", example: "'{ with: other, combine: ... }'")
}
