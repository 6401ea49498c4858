import SpecRuntime

/// A stream output waiting for its types: its node, its declaration and its errors node.
struct PendingStream {
    var node: Int
    var decl: StreamDecl
    var errors: Int?
}

extension StreamDecl {
    /// Every name the pipeline mentions, so that it is checked after the outputs it reads.
    func referencedNames() -> [String] {
        (timer == nil ? [source.value] : []) + OperatorDecl.referencedNames(operators)
    }

    var hasRequest: Bool {
        operators.contains { $0.arguments.request != nil }
    }
}

extension OperatorDecl {
    static func referencedNames(_ operators: [OperatorDecl]) -> [String] {
        var names: [String] = []
        for op in operators {
            let a = op.arguments
            names += a.sources.map(\.value)
            for e in a.expressions { names += e.referencedNames() }
            if let r = a.request {
                for argument in r.arguments { names += argument.value.referencedNames() }
                if let choice = r.choice {
                    names += choice.condition.referencedNames()
                    for argument in choice.otherwise.arguments { names += argument.value.referencedNames() }
                }
                names += referencedNames(r.operators)
            }
            if let n = a.navigation { for p in n.params { names += p.value.referencedNames() } }
        }
        return names
    }
}
