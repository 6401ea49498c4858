import SpecRuntime

/// The marks pass: `equivalentMutants:` and `unreachable:` must name a declaration of this spec;
/// whether a mark's change or item exists is checked by `specrun mutate` or `specrun coverage`,
/// which make them.
struct MarksPass: CheckPass {
    let spec: Spec
    var cx = CheckContext()

    init(spec: Spec) {
        self.spec = spec
    }

    mutating func run() {
        let names = Set(cx.symbols.keys).union(spec.services.map(\.name.value)).union(spec.view.map(\.name.value))
            .union(spec.bindings.map(\.source.value)).union(spec.handlers.map(\.on.value)).union(spec.actions.map(\.name.value))
            // What `specrun mutate` and `coverage` name beside the screen's nodes: a function (its
            // body is mutated once, under its name), a `cells:` entry and a view model no entry uses.
            .union(spec.functions.map(\.name.value)).union(spec.cells.map(\.name.value)).union(spec.viewModels.map(\.name.value))
        for mark in spec.equivalentMutants.map(\.declaration) + spec.unreachable.map(\.declaration) where !names.contains(mark.value) {
            cx.unknownName(mark, what: "declaration", candidates: Array(names))
        }
    }
}
