/// The operators built on the catalogue: each is this entry and its node file in `Nodes/`;
/// the reader, checker, validator, pipeline, schema, mutation and diagrams need nothing more.
extension OperatorCatalog {
    static let catalogued: [OperatorEntry] = [
        OperatorEntry("takeWhile", .expression, .predicate, insideRequest: true,
                      "Passes elements while the Bool expression over '$0' holds, then completes (RxSwift's 'take(while:)').",
                      mutations: [.remove]) { StreamOperators.takeWhile($0.expressions[0], $0.environment) },
    ]
}
