extension StreamOperators {
    /// Pairs each element with its index from 0 (RxSwift's `enumerated()`); the end and failures
    /// pass unchanged.
    static func enumerated() -> StreamOperator { EnumeratedSink() }
}

private final class EnumeratedSink: StreamOperator {
    var sink: StreamSink?

    var operatorState: OperatorState { .count(index) }
    func restore(_ state: OperatorState) { index = state.count }
    private var index = 0

    func on(_ event: StreamEvent) {
        guard case .next(let element) = event else { return forward(event) }
        defer { index += 1 }
        forward(.next(EnumeratedPair.value(index: index, element: element)))
    }
}

/// The element of `enumerated`: a record `(index: Int, element: T)`. The checker types it as a
/// record named `Enumerated<T>` (one per element type, in the spec's type table); its values carry
/// no type name, so a timeline prints them as Swift prints a tuple: `(index: 0, element: "a")`.
package enum EnumeratedPair {
    package static let fieldNames = ["index", "element"]

    /// The record type's name in the type table: `Enumerated<String>`.
    package static func typeName(_ element: SpecType) -> String { "Enumerated<\(element)>" }

    /// The record type's fields.
    package static func fields(_ element: SpecType) -> [(name: String, type: SpecType)] { [("index", .int), ("element", element)] }

    /// The name a value of record type `name` carries: none for a pair, so that one read from a
    /// scenario equals one the operator (or `enumerated()`) sends.
    package static func runtimeName(_ name: String) -> String {
        name.hasPrefix("Enumerated<") || name.hasPrefix("EnumeratedSequence<") ? "" : name
    }

    /// The record type of a list's `enumerated()` pair, Swift's `(offset: Int, element: T)`:
    /// `EnumeratedSequence<Int>`.
    package static func sequenceTypeName(_ element: SpecType) -> String { "EnumeratedSequence<\(element)>" }

    /// Its fields.
    package static func sequenceFields(_ element: SpecType) -> [(name: String, type: SpecType)] {
        [("offset", .int), ("element", element)]
    }

    static func value(index: Int, element: Value) -> Value {
        .record(RecordValue(type: "", fieldNames: fieldNames, fields: [.int(index), element]))
    }
}
