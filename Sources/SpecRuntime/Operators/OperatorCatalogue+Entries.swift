/// The operators built on the catalogue: each is this entry and its node file in `Nodes/`;
/// the reader, checker, validator, pipeline, schema, mutation and diagrams need nothing more.
extension OperatorCatalogue {
    static let catalogued: [OperatorEntry] = [
    ]
}
