import ScreenSpec
import SpecRuntime

/// The declarations that call each function of `functions:` (through other functions too): a
/// mutant of a function's body is exercised wherever they are, since a call inlines the body.
enum FunctionCallers {
    /// For each function's name, the declarations (not functions) whose expressions call it.
    static func of(_ spec: Spec) -> [String: [String]] {
        let functions = Set(spec.functions.map(\.name.value))
        guard !functions.isEmpty else { return [:] }
        var calls: [String: Set<String>] = [:]
        var copy = spec
        copy.rewriteExpressions { _, declaration, expr in
            for e in expr.preorder() {
                if case .call(let callee, _) = e.kind, case .name(let name) = callee.kind, functions.contains(name) {
                    calls[declaration, default: []].insert(name)
                }
            }
        }
        var callers: [String: [String]] = [:]
        for function in functions {
            var found: Set<String> = []
            var seen: Set<String> = [function]
            var pending = [function]
            while let called = pending.popLast() {
                for (declaration, names) in calls where names.contains(called) {
                    if functions.contains(declaration) {
                        if seen.insert(declaration).inserted { pending.append(declaration) }
                    } else {
                        found.insert(declaration)
                    }
                }
            }
            callers[function] = found.sorted()
        }
        return callers
    }
}
