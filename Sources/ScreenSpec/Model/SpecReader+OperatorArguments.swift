import SpecRuntime

/// Reading the argument of an operator built on the operator catalogue from its entry's
/// ``OperatorShape``: the form (nothing, one value, a mapping) and each parameter by its kind.
/// Nothing here names an operator or a shape.
extension SpecReader {
    /// The argument of a catalogued operator, in the shape its entry gives.
    mutating func readArguments(_ entry: OperatorEntry, _ value: YAMLNode?, at node: YAMLNode) -> OperatorArgumentsDecl? {
        let name = entry.name
        var arguments = OperatorArgumentsDecl()
        guard let shape = entry.shape else { return nil }
        guard !shape.parameters.isEmpty else {
            if let value, !value.isNull {
                diagnostics.error(.invalidOperator, "'\(name)' takes no argument", at: value.range, fixIt: "write '- \(name)'")
                return nil
            }
            return arguments
        }
        guard let value, !value.isNull else {
            diagnostics.error(.missingArgument, "'\(name)' needs \(shape.example), as in '\(name): ...'", at: node.range)
            return nil
        }
        if shape.isSingleValue || (shape.shorthand && value.mapping == nil) {
            return read(shape.parameters[0], value, keyed: false, of: name, into: &arguments) ? arguments : nil
        }
        let keys = shape.parameters.compactMap(\.key)
        guard let f = fields(value, of: "'\(name)'", allowed: keys) else { return nil }
        let required = shape.parameters.filter { $0.required && $0.key != nil }
        guard required.allSatisfy({ f[$0.key!] != nil }) else {
            let needs = required.map { "'\($0.key!):' (\($0.hint))" }.joined(separator: " and ")
            diagnostics.error(.missingKey, "'\(name)' needs \(needs)", at: value.range, fixIt: shape.keysFixIt.map { "write '\(name): \($0)'" })
            return nil
        }
        for parameter in shape.parameters {
            guard let key = parameter.key, let node = f[key] else { continue }
            guard read(parameter, node, keyed: true, of: name, into: &arguments) else { return nil }
        }
        return arguments
    }

    /// One parameter's value, by its kind, into `arguments`; false when it was refused (and
    /// reported). `keyed`: written under its key, which the messages then name.
    private mutating func read(_ parameter: OperatorParameter, _ value: YAMLNode, keyed: Bool, of name: String,
                               into arguments: inout OperatorArgumentsDecl) -> Bool {
        let key = parameter.key ?? ""
        func found(_ node: YAMLNode) -> String { node.scalar.map { "'\($0.value)'" } ?? node.kindName }
        switch parameter.kind {
        case .expression:
            guard let e = expression(value) else { return false }
            arguments.expressions.append(e)
        case .count(let minimum):
            guard let text = value.string, value.scalar?.style == .plain, let n = Int(text), n >= minimum else {
                let what = keyed ? "a '\(key):'" : "a count"
                diagnostics.error(.invalidCount, "'\(name)' needs \(what) of \(minimum) or more, found \(found(value))", at: value.range)
                return false
            }
            arguments.count = Located(n, value.range)
        case .duration:
            guard let d = positiveDuration(value, of: keyed ? "\(name)' '\(key)" : name) else { return false }
            arguments.duration = d
        case .stream:
            guard let other = identifier(value, what: "stream name", allowDots: true) else { return false }
            arguments.sources = [other]
        case .streams:
            let items = value.sequence ?? [value]
            guard !items.isEmpty else {
                diagnostics.error(.missingArgument, "'\(name)' needs at least one other source in '\(key):'", at: value.range)
                return false
            }
            let others = items.compactMap { identifier($0, what: "source name", allowDots: true) }
            guard others.count == items.count else { return false }
            arguments.sources = others
        case .choice(let words):
            guard value.scalar?.style == .plain, let text = value.string, words.contains(text) else {
                let listed = words.map { "'\($0)'" }
                let choices = listed.dropLast().joined(separator: ", ") + " or " + (listed.last ?? "")
                diagnostics.error(.invalidValue, "'\(key):' is \(choices), found \(found(value))", at: value.range)
                return false
            }
            arguments.choice = Located(text, value.range)
        }
        return true
    }

    /// A duration of at least one tick of the virtual clock (1 ms): `0ms` would fire before
    /// anything could happen.
    private mutating func positiveDuration(_ node: YAMLNode, of what: String) -> Located<Int>? {
        guard let d = duration(node) else { return nil }
        guard d.value >= 1 else {
            diagnostics.error(.invalidDuration, "'\(what)' needs a duration of 1ms or more (one tick of the virtual clock), found '\(node.string ?? "")'",
                              at: node.range, fixIt: "write a duration such as '1s'")
            return nil
        }
        return d
    }
}
