import SpecRuntime

/// A stream output waiting for its types: its node, its declaration and its errors node.
struct PendingStream {
    var node: Int
    var decl: StreamDecl
    var errors: Int?
    /// The work of an action written as a stream: the pipeline runs one `flatMap` of it from the
    /// action's hidden executions node (see ``ActionWorkPlan``).
    var action: PendingActionWork? = nil
}

/// An action whose work is a stream, waiting for its types in the dataflow pass.
struct PendingActionWork {
    var action: Int
    var name: String
    /// Its `input:` was written but is not a type (reported already): `$0` stays quiet.
    var inputUnresolved: Bool
    /// The hidden node each execution sends its input to.
    var run: Int
    var elements: Int
    /// The trigger, whose name `with:` and `ops:` read as the execution's input.
    var trigger: Located<String>?
    /// The action's declared input (`Void` without one).
    var input: SpecType
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
                    for test in choice.tests { names += test.condition.referencedNames() }
                    for branch in choice.branches { for argument in branch.arguments { names += argument.value.referencedNames() } }
                }
                for list in r.operatorLists { names += referencedNames(list.operators) }
            }
            if let n = a.navigation { for p in n.params { names += p.value.referencedNames() } }
        }
        return names
    }
}
