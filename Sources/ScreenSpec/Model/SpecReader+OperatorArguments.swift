import SpecRuntime

/// Reading the argument of an operator from its catalogue entry's ``OperatorShape``: the form
/// (nothing, one value, a mapping) and each parameter by its kind. Nothing here names an
/// operator or a shape.
extension SpecReader {
    /// The argument of an operator, in the shape its entry gives.
    mutating func readArguments(_ entry: OperatorEntry, _ value: YAMLNode?, at node: YAMLNode) -> OperatorArgumentsDecl? {
        let name = entry.name
        let shape = entry.shape
        var arguments = OperatorArgumentsDecl()
        guard !shape.parameters.isEmpty else {
            if let value, !value.isNull {
                diagnostics.error(.invalidOperator, "'\(name)' takes no argument", at: value.range, fixIt: "write '- \(name)'")
                return nil
            }
            return arguments
        }
        guard let value, !value.isNull else {
            if shape.mayBeBare { return arguments }
            diagnostics.error(.missingArgument, "'\(name)' needs \(shape.example), as in '\(name): ...'", at: node.range)
            return nil
        }
        if shape.isSingleValue {
            return read(shape.parameters[0], value, keyed: false, of: name, into: &arguments) ? arguments : nil
        }
        if shape.shorthand && value.mapping == nil {
            // The first parameter alone; the others, when some are required, are then missing.
            let first = shape.parameters[0]
            guard read(first, value, keyed: false, shorthand: true, of: name, into: &arguments) else { return nil }
            let missing = shape.parameters.dropFirst().filter { $0.required && $0.key != nil }
            guard missing.isEmpty else {
                let needs = missing.map { "'\($0.key!):'\($0.hint)" }.joined(separator: " and ")
                let keys = ["\(first.key ?? ""): \(value.string ?? "")"] + missing.map { "\($0.key!): \"...\"" }
                diagnostics.error(.missingKey, "'\(name)' needs \(needs)", at: value.range,
                                  fixIt: "write '\(name): { \(keys.joined(separator: ", ")) }'")
                return nil
            }
            return arguments
        }
        let keys = shape.parameters.compactMap(\.key)
        guard let f = fields(value, of: "'\(name)'", allowed: keys) else { return nil }
        if shape.missingKeys == .together {
            let required = shape.parameters.filter { $0.required && $0.key != nil }
            guard required.allSatisfy({ f[$0.key!] != nil }) else {
                let needs = required.map { "'\($0.key!):'\($0.hint)" }.joined(separator: " and ")
                diagnostics.error(.missingKey, "'\(name)' needs \(needs)", at: value.range, fixIt: shape.keysFixIt.map { "write '\(name): \($0)'" })
                return nil
            }
        }
        for parameter in shape.parameters {
            guard let key = parameter.key else { continue }
            guard let node = f[key] else {
                if parameter.required {
                    diagnostics.error(.missingKey, "'\(name)' needs '\(key):'\(parameter.hint)", at: value.range)
                    return nil
                }
                continue
            }
            guard read(parameter, node, keyed: true, of: name, into: &arguments) else { return nil }
        }
        return arguments
    }

    /// One parameter's value, by its kind, into `arguments`; false when it was refused (and
    /// reported). `keyed`: written under its key, which the messages then name. `shorthand`:
    /// written alone in place of a mapping, where a list of streams is one name.
    private mutating func read(_ parameter: OperatorParameter, _ value: YAMLNode, keyed: Bool, shorthand: Bool = false, of name: String,
                               into arguments: inout OperatorArgumentsDecl) -> Bool {
        let key = parameter.key ?? ""
        func found(_ node: YAMLNode) -> String { node.scalar.map { "'\($0.value)'" } ?? node.kindName }
        switch parameter.kind {
        case .expression:
            guard let e = expression(value) else { return false }
            arguments.expressions.append(e)
        case .comparer:
            guard let e = expression(value) else { return false }
            arguments.comparer = e
        case .values:
            let items = value.sequence ?? [value]
            let exprs = items.compactMap { expression($0) }
            guard exprs.count == items.count, !exprs.isEmpty else { return false }
            arguments.expressions += exprs
        case .count(let minimum):
            guard let text = value.string, value.scalar?.style == .plain, let n = Int(text), n >= minimum else {
                let what = keyed ? "a '\(key):' of \(minimum) or more" : parameter.hint.isEmpty ? "a count of \(minimum) or more" : parameter.hint
                diagnostics.error(.invalidCount, "'\(name)' needs \(what), found \(found(value))", at: value.range, fixIt: parameter.fixIt)
                return false
            }
            arguments.count = Located(n, value.range)
        case .duration(let minimum):
            guard let d = minimum >= 1 ? positiveDuration(value, of: keyed ? "\(name)' '\(key)" : name) : duration(value) else { return false }
            arguments.duration = d
        case .countOrDuration:
            if let text = value.string, value.scalar?.style == .plain, let n = Int(text), n >= 0 {
                arguments.count = Located(n, value.range)
            } else if let text = value.string, value.scalar?.style == .plain, text.first?.isNumber == true, text.last?.isLetter == true {
                guard let d = duration(value) else { return false }
                arguments.duration = d
            } else {
                diagnostics.error(.invalidCount, "'\(name)' needs a count of 0 or more or a duration such as '300ms', found \(found(value))", at: value.range)
                return false
            }
        case .stream(let what):
            if let items = value.sequence, items.count > 1, name == "withLatestFrom" {
                // RxSwift's `withLatestFrom(Observable.combineLatest(n, q))`: one other source, and a
                // name read in the expression is sampled just as the other source is.
                let names = items.compactMap(\.string)
                let first = names.first ?? "other", rest = names.dropFirst().map { "'\($0)'" }.joined(separator: ", ")
                diagnostics.error(.expectedName, "'withLatestFrom' samples one other source, found a list", at: value.range,
                                  notes: [DiagnosticNote("a name read in the 'combine:' expression is sampled as the other source is, so the others are read there by name; for several streams with no current value, combine them into one stream first with 'combineLatest: { with: [...], combine: EXPR }'")],
                                  fixIt: "write 'withLatestFrom: { with: \(first), combine: EXPR }', with EXPR reading \(rest.isEmpty ? "the others" : rest) by name")
                return false
            }
            guard let other = identifier(value, what: what, allowDots: true) else { return false }
            arguments.sources = [other]
        case .streams(let what):
            let items = shorthand ? [value] : value.sequence ?? [value]
            guard !items.isEmpty else {
                let message = keyed ? "'\(name)' needs at least one other source in '\(key):'" : "'\(name)' needs at least one stream, as in '\(name): other'"
                diagnostics.error(.missingArgument, message, at: value.range)
                return false
            }
            let others = items.compactMap { identifier($0, what: what, allowDots: true) }
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
        case .flag:
            guard value.scalar?.style == .plain, let text = value.string, text == "true" || text == "false" else {
                diagnostics.error(.typeMismatch, "'\(key):' is 'true' or 'false'", at: value.range)
                return false
            }
            arguments.flag = Located(text == "true", value.range)
        case .request:
            guard let request = readRequest(value, of: name) else { return false }
            arguments.request = request
        case .navigation:
            guard let navigation = readNavigate(value) else { return false }
            arguments.navigation = navigation
        case .expressionOrStream:
            guard value.mapping != nil else {
                guard let e = expression(value) else { return false }
                arguments.expressions.append(e)
                return true
            }
            guard let f = fields(value, of: "'\(name)'", allowed: ["stream"]), let s = f["stream"] else {
                if value.mapping?.contains(where: { $0.key.string == "stream" }) == false {
                    diagnostics.error(.missingKey, "'\(name)' with a mapping needs 'stream:' naming the fallback stream", at: value.range)
                }
                return false
            }
            guard let other = identifier(s, what: "stream name", allowDots: true) else { return false }
            arguments.sources = [other]
        case .streamsOrRequest:
            if value.mapping != nil {
                // `map { service.call($0) }.switchLatest()`: the inner streams are requests.
                guard let request = readRequest(value, of: name) else { return false }
                arguments.request = request
                return true
            }
            let items = value.sequence ?? [value]
            guard !items.isEmpty else {
                diagnostics.error(.missingArgument, "'\(name)' needs at least one stream to choose from, as in '[a, b]'", at: value.range)
                return false
            }
            let names = items.compactMap { identifier($0, what: "stream name", allowDots: true) }
            guard names.count == items.count else { return false }
            arguments.sources = names
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
