import SpecRuntime

/// Reading the argument of an operator built on the operator catalogue, in the shape its entry
/// gives (an expression, a count, a duration, other streams, a seed and an accumulator, …).
extension SpecReader {
    /// The argument of a catalogued operator, in the shape its entry gives.
    mutating func readArguments(_ entry: OperatorEntry, _ value: YAMLNode?, at node: YAMLNode) -> OperatorArgumentsDecl? {
        let name = entry.name
        var arguments = OperatorArgumentsDecl()
        guard entry.argument != .none else {
            if let value, !value.isNull {
                diagnostics.error(.invalidOperator, "'\(name)' takes no argument", at: value.range, fixIt: "write '- \(name)'")
                return nil
            }
            return arguments
        }
        guard let value, !value.isNull else {
            diagnostics.error(.missingArgument, "'\(name)' needs \(entry.argument.example), as in '\(name): ...'", at: node.range)
            return nil
        }
        switch entry.argument {
        case .expression:
            guard let e = expression(value) else { return nil }
            arguments.expressions = [e]
        case .count:
            guard let text = value.string, value.scalar?.style == .plain, let n = Int(text), n >= 0 else {
                diagnostics.error(.invalidCount, "'\(name)' needs a count of 0 or more, found \(value.scalar.map { "'\($0.value)'" } ?? value.kindName)",
                                  at: value.range)
                return nil
            }
            arguments.count = Located(n, value.range)
        case .stream:
            guard let other = identifier(value, what: "stream name", allowDots: true) else { return nil }
            arguments.sources = [other]
        case .seedAndAccumulator:
            guard let f = fields(value, of: "'\(name)'", allowed: ["seed", "accumulator"]) else { return nil }
            guard let seedNode = f["seed"], let accNode = f["accumulator"] else {
                diagnostics.error(.missingKey, "'\(name)' needs 'seed:' (the first accumulator) and 'accumulator:' (over '$0' the accumulator and '$1' the element)",
                                  at: value.range)
                return nil
            }
            guard let seed = expression(seedNode), let acc = expression(accNode) else { return nil }
            arguments.expressions = [seed, acc]
        case .duration:
            guard let d = positiveDuration(value, of: name) else { return nil }
            arguments.duration = d
        case .timeSpanAndCount:
            guard let f = fields(value, of: "'\(name)'", allowed: ["timeSpan", "count"]) else { return nil }
            guard let spanNode = f["timeSpan"], let countNode = f["count"] else {
                diagnostics.error(.missingKey, "'\(name)' needs 'timeSpan:' (the longest a buffer fills) and 'count:' (the most it holds)",
                                  at: value.range, fixIt: "write '\(name): { timeSpan: 1s, count: 3 }'")
                return nil
            }
            guard let span = positiveDuration(spanNode, of: "\(name)' 'timeSpan") else { return nil }
            guard let text = countNode.string, countNode.scalar?.style == .plain, let n = Int(text), n >= 1 else {
                diagnostics.error(.invalidCount, "'\(name)' needs a 'count:' of 1 or more, found \(countNode.scalar.map { "'\($0.value)'" } ?? countNode.kindName)",
                                  at: countNode.range)
                return nil
            }
            arguments.duration = span
            arguments.count = Located(n, countNode.range)
        case .streamsAndCombine:
            guard let f = fields(value, of: "'\(name)'", allowed: ["with", "combine"]) else { return nil }
            guard let withNode = f["with"], let combineNode = f["combine"] else {
                diagnostics.error(.missingKey, "'\(name)' needs 'with:' (the other sources) and 'combine:' (over '$0' this stream and '$1', '$2', … the others)",
                                  at: value.range)
                return nil
            }
            let items = withNode.sequence ?? [withNode]
            guard !items.isEmpty else {
                diagnostics.error(.missingArgument, "'\(name)' needs at least one other source in 'with:'", at: withNode.range)
                return nil
            }
            let others = items.compactMap { identifier($0, what: "source name", allowDots: true) }
            guard others.count == items.count, let combine = expression(combineNode) else { return nil }
            arguments.sources = others
            arguments.expressions = [combine]
        case .dedicated, .none:
            break
        }
        return arguments
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
