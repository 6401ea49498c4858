import SpecRuntime

/// Walks the YAML tree into a ``Spec``, reporting every structural problem (unknown or missing
/// keys, wrong node kinds) with its location. Expressions are parsed here, once.
struct SpecReader {
    let source: SourceFile
    var diagnostics: DiagnosticBag
    /// The spec's `services:` as written, for the help of a request written as RxSwift's call
    /// (SpecReader+RxSwiftCalls.swift), read before the outputs that may call one.
    var servicesNode: YAMLNode?
    /// Keys YAML made of the rest of a value cut at a comma inside `{ … }` (`n))` of
    /// `{ get: Double(max(1, n)) }`), each with the value before it: reported at the end of reading
    /// only when nothing was reported inside that value (the expression's `expected ')'` says it).
    var cutKeys: [(diagnostic: Diagnostic, value: SpecRange)] = []

    static let sections = ["screen", "types", "params", "functions", "inputs", "state", "outputs", "actions", "handlers", "viewModels", "cells", "children", "services", "view", "bindings", "invariants", "explore", "scenarios", "equivalentMutants", "unreachable"]

    init(source: SourceFile, diagnostics: DiagnosticBag) {
        self.source = source
        self.diagnostics = diagnostics
    }

    mutating func read(_ root: YAMLNode) -> Spec {
        let file = source.path
        var spec = Spec(file: file, screen: Located("", root.range))
        defer { reportCutKeys() }
        guard let top = fields(root, of: "the spec", allowed: Self.sections) else { return spec }
        servicesNode = top["services"]
        if let screen = top["screen"] {
            if let name = identifier(screen, what: "screen name") { spec.screen = name }
        } else {
            diagnostics.error(.missingKey, "the spec has no 'screen:' naming the screen", at: SpecRange(file: file, at: root.range.start),
                              fixIt: "add 'screen: MyScreen' at the top")
        }
        if let node = top["types"] {
            for (name, value) in entries(node, of: "types") {
                if let decl = readType(name, value) { spec.types.append(decl) } else { spec.unreadableTypes.insert(name.value) }
            }
        }
        if let node = top["params"] {
            for (name, value) in entries(node, of: "params") {
                if let type = typeName(value) { spec.params.append(ParamDecl(name: name, type: type)) } else { spec.unreadable.insert(name.value) }
            }
        }
        if let node = top["functions"] {
            for (name, value) in entries(node, of: "functions") {
                if let decl = readFunction(name, value) { spec.functions.append(decl) } else { spec.unreadableFunctions.insert(name.value) }
            }
        }
        if let node = top["inputs"] {
            for (name, value) in entries(node, of: "inputs") {
                if let decl = readInput(name, value) { spec.inputs.append(decl) } else { spec.unreadable.insert(name.value) }
            }
        }
        if let node = top["state"] {
            for (name, value) in entries(node, of: "state") {
                if let decl = readState(name, value) { spec.state.append(decl) } else { spec.unreadable.insert(name.value) }
            }
        }
        if let node = top["outputs"] {
            for (name, value) in entries(node, of: "outputs") {
                if let decl = readOutput(name, value) { spec.outputs.append(decl) } else { spec.unreadable.insert(name.value) }
            }
        }
        if let node = top["actions"] {
            for (name, value) in entries(node, of: "actions") {
                if let decl = readAction(name, value) {
                    spec.actions.append(decl)
                } else {
                    spec.unreadable.formUnion([name.value] + ["enabled", "executing", "elements", "errors", "completions"].map { name.value + "." + $0 })
                }
            }
        }
        if let node = top["handlers"] { spec.handlers = list(node, of: "handlers").compactMap { readHandler($0) } }
        readCells(top, into: &spec)
        if let node = top["services"] {
            for (name, value) in entries(node, of: "services") {
                if let decl = readService(name, value) { spec.services.append(decl) } else { spec.unreadable.insert(name.value) }
            }
        }
        if let node = top["view"] {
            for (name, value) in entries(node, of: "view") {
                if let decl = readComponent(name, value) { spec.view.append(decl) } else { spec.unreadableComponents.insert(name.value) }
            }
        }
        if let node = top["bindings"] { spec.bindings = list(node, of: "bindings").compactMap { readBinding($0) } }
        if let node = top["scenarios"] { spec.scenarios = list(node, of: "scenarios").compactMap { readScenario($0) } }
        dropMissingKeysThatAreMisspelled()
        if let node = top["equivalentMutants"] {
            spec.equivalentMutants = list(node, of: "equivalentMutants").compactMap { readEquivalentMutant($0) }
        }
        if let node = top["unreachable"] {
            spec.unreachable = list(node, of: "unreachable").compactMap { item in
                readMark(item, of: "an unreachable item", keys: ("item", "the item as 'specrun coverage' prints it after 'never'"),
                         example: "'- { in: total, item: \"the fallback of '??' is used\", reason: \"...\" }'", optionalKey: "occurrence")
                    .flatMap { mark in
                        var decl = UnreachableDecl(declaration: mark.declaration, item: mark.text, reason: mark.reason, range: item.range)
                        if let node = mark.optional {
                            // `occurrence: 2`: the second item of that text in the declaration, in the report's order.
                            guard let n = occurrence(node, of: "item") else { return nil }
                            decl.occurrence = n
                        }
                        return decl
                    }
            }
        }
        if let node = top["invariants"] { spec.invariants = entries(node, of: "invariants").compactMap { readInvariant($0.0, $0.1) } }
        if let node = top["explore"] { spec.explore = readExplore(node) }
        return spec
    }

    /// The keys of ``cutKeys`` whose value before them reported nothing.
    private mutating func reportCutKeys() {
        for cut in cutKeys where !diagnostics.all.contains(where: { d in
            d.range.file == cut.value.file && cut.value.start <= d.range.start && d.range.start <= cut.value.end
        }) {
            diagnostics.append(cut.diagnostic)
        }
        cutKeys.removeAll()
    }

    /// `retuns: Int` is one mistake: the unknown key 'retuns' (did you mean 'returns'?) explains
    /// why 'returns:' is missing from the same mapping, so that second report goes.
    private mutating func dropMissingKeysThatAreMisspelled() {
        let misspellings = diagnostics.all.compactMap { d -> (range: SpecRange, meant: String)? in
            guard d.id == DiagnosticID.unknownKey.rawValue, let start = d.message.range(of: Suggestion.didYouMeanPrefix, options: .backwards) else { return nil }
            return (d.range, String(d.message[start.upperBound...].dropLast(2)))
        }
        guard !misspellings.isEmpty else { return }
        diagnostics.removeAll { d in
            d.id == DiagnosticID.missingKey.rawValue && misspellings.contains { m in
                m.range.file == d.range.file && d.range.start <= m.range.start && m.range.end <= d.range.end && d.message.contains("'\(m.meant):'")
            }
        }
    }

    // MARK: sections

    mutating func readType(_ name: Located<String>, _ node: YAMLNode) -> TypeDecl? {
        if let items = node.sequence {
            let cases = items.compactMap { identifier($0, what: "enum case") }
            if cases.isEmpty { diagnostics.error(.emptyEnum, "enum '\(name.value)' needs at least one case", at: node.range) }
            return TypeDecl(name: name, kind: .enumeration(cases))
        }
        if let pairs = node.mapping {
            var fields: [(name: Located<String>, type: Located<String>)] = []
            for (key, value) in pairs {
                guard let field = identifier(key, what: "field name"), let type = typeName(value) else { continue }
                fields.append((field, type))
            }
            return TypeDecl(name: name, kind: .record(fields))
        }
        diagnostics.error(.invalidTypeDecl, "type '\(name.value)' must be a record ('{ field: Type }') or an enum ('[caseA, caseB]')", at: node.range)
        return nil
    }

    mutating func readInput(_ name: Located<String>, _ node: YAMLNode) -> InputDecl? {
        if let text = node.string, !node.isNull {
            if text == "event" { return InputDecl(name: name, kind: .event) }
            return InputDecl(name: name, kind: .value(Located(text, node.range)))
        }
        guard let f = fields(node, of: "input '\(name.value)'", allowed: ["type", "default", "secure"]) else { return nil }
        let secure = f["secure"].flatMap { readSecure($0) }
        guard let typeNode = f["type"] else {
            diagnostics.error(.missingKey, "input '\(name.value)' needs a 'type:'", at: node.range,
                              fixIt: "write 'event' for a trigger, or '{ type: String, default: \"\" }' for a property")
            return nil
        }
        guard let type = typeName(typeNode) else { return nil }
        if type.value == "event" {
            if let d = f["default"] { diagnostics.error(.eventDefault, "an event has no value, so no default", at: d.range) }
            if let secure, secure.value {
                diagnostics.error(.typeMismatch, "an event has no value to hide, so it is not 'secure:'", at: secure.range,
                                  fixIt: "remove 'secure: true', or mark the text input the person types the secret into")
            }
            return InputDecl(name: name, kind: .event)
        }
        // A secure text entry (UITextField's isSecureTextEntry) holds text; a number or a record is not typed so.
        if let secure, secure.value, type.value != "String", type.value != "String?" {
            diagnostics.error(.typeMismatch, "'secure:' marks text a person types; input '\(name.value)' is '\(type.value)', not 'String'", at: secure.range,
                              fixIt: "write '{ type: String, default: \"\", secure: true }', or remove 'secure: true'")
        }
        if let d = f["default"] {
            var decl = InputDecl(name: name, kind: .property(type, defaultValue: d), secure: secure?.value ?? false)
            decl.defaultExpression = quietExpression(d)
            return decl
        }
        return InputDecl(name: name, kind: .value(type), secure: secure?.value ?? false)
    }

    /// An input's `secure:`: `true` or `false`, as YAML writes them, unquoted.
    private mutating func readSecure(_ node: YAMLNode) -> Located<Bool>? {
        guard node.scalar?.style == .plain, let text = node.string, text == "true" || text == "false" else {
            diagnostics.error(.typeMismatch, "'secure:' is 'true' or 'false', found \(node.scalar != nil && !node.isNull ? "'\(node.string ?? "")'" : node.kindName)", at: node.range,
                              fixIt: "write 'secure: true' for a password, a PIN or any text to keep off the screen's readouts")
            return nil
        }
        return Located(text == "true", node.range)
    }

    mutating func readState(_ name: Located<String>, _ node: YAMLNode) -> StateDecl? {
        guard let f = fields(node, of: "state '\(name.value)'", allowed: ["type", "initial"]) else { return nil }
        guard let typeNode = f["type"], let initial = f["initial"] else {
            diagnostics.error(.missingKey, "state '\(name.value)' needs a 'type:' and an 'initial:' value", at: node.range,
                              fixIt: "write '{ type: Bool, initial: false }'")
            return nil
        }
        guard let type = typeName(typeNode) else { return nil }
        var decl = StateDecl(name: name, type: type, initial: initial)
        decl.initialExpression = quietExpression(initial)
        return decl
    }

    /// A first value (`initial:`, `default:`) read as an expression, quietly: most first values
    /// are data, and data is not an expression. Nil when it is not a scalar that parses as one.
    func quietExpression(_ node: YAMLNode) -> Expr? {
        guard node.scalar != nil, !node.isNull, node.scalar?.tag == nil else { return nil }
        var quiet = diagnostics.scratch
        let expr = ExpressionParser.parse(ExpressionSource(node: node, source: source), diagnostics: &quiet)
        return quiet.hasErrors ? nil : expr
    }

    mutating func readOutput(_ name: Located<String>, _ node: YAMLNode) -> OutputDecl? {
        if Self.isStreamOutput(node) { return readStreamOutput(name, node) }
        if node.mapping != nil {
            guard let f = fields(node, of: "output '\(name.value)'", allowed: ["value", "every"]) else { return nil }
            guard let value = f["value"] else {
                diagnostics.error(.missingKey, "output '\(name.value)' needs a 'value:' expression", at: node.range)
                return nil
            }
            var every: Located<Int>?
            if let everyNode = f["every"] {
                guard let d = positiveDuration(everyNode, what: "'every'") else { return nil }
                every = d
            }
            return expression(value).map { OutputDecl(name: name, kind: .derived($0), every: every) }
        }
        return expression(node).map { OutputDecl(name: name, kind: .derived($0)) }
    }

    mutating func readAction(_ name: Located<String>, _ node: YAMLNode) -> ActionDecl? {
        guard let f = fields(node, of: "action '\(name.value)'", allowed: ["input", "trigger", "enabledIf", "work"]) else { return nil }
        let input = f["input"].flatMap { typeName($0) }
        let trigger = f["trigger"].flatMap { identifier($0, what: "trigger name", allowDots: true) }
        let enabledIf = f["enabledIf"].flatMap { expression($0) }
        guard let workNode = f["work"] else {
            diagnostics.error(.missingKey, "action '\(name.value)' needs a 'work:' such as '{ call: service.name }'", at: node.range)
            return nil
        }
        if let stream = readStreamWork(name, workNode) {
            guard let request = stream else { return nil }
            return ActionDecl(name: name, input: input, inputIsMalformed: f["input"] != nil && input == nil, trigger: trigger, enabledIf: enabledIf,
                              work: WorkDecl(service: request.service, arguments: [], range: workNode.range, request: request))
        }
        guard let w = fields(workNode, of: "the work of '\(name.value)'", allowed: ["call", "with"]) else { return nil }
        guard let callNode = w["call"], let service = identifier(callNode, what: "service name", allowDots: true) else {
            if w["call"] == nil {
                diagnostics.error(.missingKey, "the work of '\(name.value)' needs 'call:' naming a service", at: workNode.range)
            }
            return nil
        }
        var arguments: [(name: Located<String>, value: Expr)] = []
        if let with = w["with"] {
            for (argName, argValue) in entries(with, of: "with") {
                if let e = expression(argValue) { arguments.append((argName, e)) }
            }
        }
        return ActionDecl(name: name, input: input, inputIsMalformed: f["input"] != nil && input == nil, trigger: trigger, enabledIf: enabledIf,
                          work: WorkDecl(service: service, arguments: arguments, range: workNode.range))
    }

    /// `{ in: declaration, <key>: text, reason: text }`, the shape of `equivalentMutants:` and
    /// `unreachable:` entries.
    /// `optionalKey`: one more key the entry may have, returned as written.
    mutating func readMark(_ node: YAMLNode, of what: String, keys: (name: String, meaning: String), example: String, optionalKey: String? = nil)
        -> (declaration: Located<String>, text: Located<String>, reason: Located<String>, optional: YAMLNode?)? {
        guard let f = fields(node, of: what, allowed: ["in", keys.name, "reason"] + (optionalKey.map { [$0] } ?? [])) else { return nil }
        guard let inNode = f["in"], let textNode = f[keys.name], let reasonNode = f["reason"] else {
            diagnostics.error(.missingKey, "\(what) needs 'in:' (the declaration), '\(keys.name):' (\(keys.meaning)) "
                              + "and 'reason:' (why no scenario can tell it apart)", at: node.range, fixIt: example)
            return nil
        }
        guard let declaration = identifier(inNode, what: "declaration name", allowDots: true) else { return nil }
        var texts: [Located<String>] = []
        for (key, value) in [(keys.name, textNode), ("reason", reasonNode)] {
            guard let text = value.string, !value.isNull, !text.trimmingWhitespace().isEmpty else {
                let found = value.scalar != nil && !value.isNull ? "empty text" : value.kindName
                diagnostics.error(.expectedText, "'\(key):' must be non-empty text, found \(found)", at: value.range)
                return nil
            }
            texts.append(Located(text, value.range))
        }
        return (declaration, texts[0], texts[1], optionalKey.flatMap { f[$0] })
    }

    mutating func readService(_ name: Located<String>, _ node: YAMLNode, isOverride: Bool = false) -> ServiceDecl? {
        let keys = ["returns", "latency", "result", "results", "fails", "sequence", "echo", "params", "cases", "timeout", "http", "errorBody"]
        let fixed = ["returns", "params", "timeout", "http", "errorBody"]
        guard let f = fields(node, of: "service '\(name.value)'", allowed: isOverride ? keys.filter { !fixed.contains($0) } + ["replace"] : keys)
        else { return nil }
        let returnsFound: Located<String>? = isOverride ? Located("", name.range) : f["returns"].flatMap { typeName($0) }
        guard let returns = returnsFound else {
            if f["returns"] == nil {
                diagnostics.error(.missingKey, "service '\(name.value)' needs 'returns:' with its result type", at: node.range,
                                  fixIt: "write 'returns: Void' for a call with no result")
            }
            return nil
        }
        let latency = f["latency"].flatMap { duration($0) }
        var results: [ResultDecl] = []
        if let r = f["result"] { results.append(ResultDecl(kind: .value(r), latency: nil, range: r.range)) }
        if let r = f["fails"] { results.append(ResultDecl(kind: .failure(r), latency: nil, range: r.range)) }
        if let r = f["sequence"] { results.append(ResultDecl(kind: .sequence(r), latency: nil, range: r.range)) }
        if let r = f["echo"], let p = identifier(r, what: "parameter name") { results.append(ResultDecl(kind: .echo(p), latency: nil, range: r.range)) }
        if let list = f["results"] {
            for item in self.list(list, of: "results") {
                guard let rf = fields(item, of: "a result", allowed: ["value", "fail", "sequence", "echo", "latency"]) else { continue }
                let itemLatency = rf["latency"].flatMap { duration($0) }
                if let v = rf["value"] {
                    results.append(ResultDecl(kind: .value(v), latency: itemLatency, range: item.range))
                } else if let e = rf["fail"] {
                    results.append(ResultDecl(kind: .failure(e), latency: itemLatency, range: item.range))
                } else if let q = rf["sequence"] {
                    results.append(ResultDecl(kind: .sequence(q), latency: itemLatency, range: item.range))
                } else if let q = rf["echo"] {
                    if let p = identifier(q, what: "parameter name") { results.append(ResultDecl(kind: .echo(p), latency: itemLatency, range: item.range)) }
                } else {
                    diagnostics.error(.missingKey, "a result needs 'value:', 'fail:', 'sequence:' or 'echo:'", at: item.range)
                }
            }
        }
        let answers = ["result", "results", "fails", "sequence", "echo"].compactMap { key in f[key].map { (key, $0.range.start) } }
            .sorted { $0.1 < $1.1 }.map(\.0)
        if answers.count > 1, let second = f[answers[1]] {
            // At the second of them, where the mistake is, rather than at the service's first key.
            diagnostics.error(.conflictingKeys, "service '\(name.value)' takes one of 'result:', 'results:', 'fails:', 'sequence:' or 'echo:', found "
                              + answers.map { "'\($0):'" }.joined(separator: " and "), at: second.range)
        }
        var service = ServiceDecl(name: name, returns: returns, latency: latency, results: results, range: node.range)
        service.timeout = f["timeout"].flatMap { duration($0) }
        if let p = f["params"] {
            service.params = entries(p, of: "params").compactMap { paramName, value in
                typeName(value).map { ParamDecl(name: paramName, type: $0) }
            }
        }
        if let c = f["cases"] {
            service.cases = list(c, of: "cases").compactMap { readCase($0) }
        }
        if let h = f["http"] { service.http = readHTTP(h, service: name.value) }
        if let b = f["errorBody"] { service.errorBodies = readErrorBodies(b, service: name.value) }
        return service
    }

    /// `{ when: { arg: value }, value: ... | fail: ..., latency: ... }`.
    mutating func readCase(_ node: YAMLNode) -> CaseDecl? {
        guard let f = fields(node, of: "a case", allowed: ["when", "value", "fail", "sequence", "echo", "latency"]) else { return nil }
        guard let whenNode = f["when"] else {
            diagnostics.error(.missingKey, "a case needs 'when:' with the arguments it matches, as in 'when: { page: 1 }'", at: node.range)
            return nil
        }
        guard let pairs = whenNode.mapping else {
            diagnostics.error(.expectedMapping, "'when:' must be a mapping of argument names to values, found \(whenNode.kindName)", at: whenNode.range)
            return nil
        }
        var when: [(name: Located<String>, value: YAMLNode)] = []
        for (k, v) in pairs {
            if let argName = identifier(k, what: "argument name") { when.append((argName, v)) }
        }
        let latency = f["latency"].flatMap { duration($0) }
        let result: ResultDecl
        let given = ["value", "fail", "sequence", "echo"].filter { f[$0] != nil }
        if given == ["value"], let v = f["value"] {
            result = ResultDecl(kind: .value(v), latency: latency, range: node.range)
        } else if given == ["fail"], let e = f["fail"] {
            result = ResultDecl(kind: .failure(e), latency: latency, range: node.range)
        } else if given == ["sequence"], let q = f["sequence"] {
            result = ResultDecl(kind: .sequence(q), latency: latency, range: node.range)
        } else if given == ["echo"], let q = f["echo"] {
            guard let p = identifier(q, what: "parameter name") else { return nil }
            result = ResultDecl(kind: .echo(p), latency: latency, range: node.range)
        } else {
            diagnostics.error(.missingKey, "a case needs one of 'value:', 'fail:', 'sequence:' or 'echo:'", at: node.range)
            return nil
        }
        return CaseDecl(when: when, result: result, range: node.range)
    }
}
