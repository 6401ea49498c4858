import SpecRuntime

/// RxSwift's own spelling where the spec writes a form: a request written as the closure's body
/// (`flatMapLatest: 'api.search($0)'`, `'$0 ? Observable<Int>.interval(.seconds(1), scheduler: s)
/// : .empty()'`) and a source written as a static call (`stream: Observable.combineLatest(a, b)`).
/// Each gets the spec's form as its help, built from what is written: the service's own
/// parameter names (read from `services:`), the operator's argument shape (from the operator
/// catalogue).
extension SpecReader {
    /// The help for `text`, the scalar a request operator (`what`, `flatMapLatest`) was given:
    /// the request it means when it reads as a service call, a choice (`? :`) or an inner
    /// stream RxSwift names (`.empty()`, `.just(x)`, `Observable<Int>.interval(.seconds(1), …)`);
    /// nil when it reads as none of them.
    func requestHelp(for text: String, of what: String) -> String? {
        if let (condition, yes, no) = Self.ternary(text) {
            let then = innerForm(yes) ?? "{ call: ... }", otherwise = innerForm(no) ?? "{ call: ... }"
            return "choose the inner stream per element with 'if:', 'then:' and 'else:': "
                + "'\(what): { if: \(Self.flowValue(condition)), then: \(then), else: \(otherwise) }'"
        }
        guard let form = innerForm(text) else { return nil }
        return "write the request as '\(what): \(form)'"
    }

    /// The inner stream `text` names as RxSwift writes it, as a request's mapping: a declared
    /// service's call with its parameters' names, or `empty`, `never`, `just:`, `interval:`, `timer:`.
    private func innerForm(_ text: String) -> String? {
        guard let (callee, arguments) = Self.call(text) else { return nil }
        var name = callee
        for prefix in ["Observable.", "Single.", "Maybe.", "."] where name.hasPrefix(prefix) { name = String(name.dropFirst(prefix.count)) }
        if let generic = name.range(of: #"^Observable<[^>]*>\."#, options: .regularExpression) { name = String(name[generic.upperBound...]) }
        switch name {
        case "empty", "never": return arguments.isEmpty ? "{ \(name) }" : nil
        case "just": return arguments.count == 1 ? "{ just: \(Self.flowValue(arguments[0])) }" : nil
        case "interval", "timer":
            guard let first = arguments.first, let time = Self.duration(first) else { return nil }
            return "{ \(name): \(time) }"
        default:
            guard let params = serviceParameters(name) else { return nil }
            guard !params.isEmpty else { return "{ call: \(name) }" }
            var pairs: [String] = []
            for (k, param) in params.enumerated() {
                // `api.search(text: $0)` keeps its label's value; `api.search($0)` goes in order.
                let labelled = arguments.first { $0.hasPrefix(param + ":") }.map { String($0.dropFirst(param.count + 1)).trimmingWhitespace() }
                let value = labelled ?? (k < arguments.count && !arguments[k].contains(":") ? arguments[k] : "...")
                pairs.append("\(param): \(Self.flowValue(value))")
            }
            return "{ call: \(name), with: { \(pairs.joined(separator: ", ")) } }"
        }
    }

    /// The parameter names of service `name` as `services:` declares them, in order; nil when
    /// no service of that name is declared.
    private func serviceParameters(_ name: String) -> [String]? {
        guard let services = servicesNode?.mapping, let decl = services.first(where: { $0.key.string == name })?.value else { return nil }
        guard let params = decl.mapping?.first(where: { $0.key.string == "params" })?.value.mapping else { return [] }
        return params.compactMap { $0.key.string }
    }

    /// The help for `text`, a stream source written as RxSwift's call of an operator
    /// (`Observable.combineLatest(a, b)`, `Observable.merge(a, b)`, `a.withLatestFrom(b)`): the
    /// operator in `ops:` with the argument shape the catalogue gives it; nil for anything else.
    static func sourceCallHelp(for text: String) -> String? {
        var written = text.trimmingWhitespace()
        // A trailing closure is the result selector: `Observable.combineLatest(a, b) { $0 + $1 }`.
        var selector: String?
        if written.hasSuffix("}"), let open = written.firstIndex(of: "{"), written[..<open].trimmingWhitespace().hasSuffix(")") {
            selector = String(written[written.index(after: open)..<written.index(before: written.endIndex)]).trimmingWhitespace()
            written = String(written[..<open]).trimmingWhitespace()
        }
        guard let (callee, arguments) = call(written) else { return nil }
        let parts = callee.split(separator: ".").map(String.init)
        guard let name = parts.last, let entry = OperatorCatalog.entry(named: name) else { return nil }
        var sources = arguments.filter { !$0.contains(":") }
        if let labelled = arguments.first(where: { $0.hasPrefix("resultSelector:") }) {
            selector = String(labelled.dropFirst("resultSelector:".count)).trimmingWhitespace()
        }
        if let s = selector, s.hasPrefix("{"), s.hasSuffix("}") { selector = String(s.dropFirst().dropLast()).trimmingWhitespace() }
        // `a.withLatestFrom(b)`: the receiver is the source; `Observable.merge(a, b)`: the first argument is.
        let receiver = parts.dropLast().joined(separator: ".")
        if !receiver.isEmpty, !["Observable", "Single", "Maybe"].contains(receiver) { sources.insert(receiver, at: 0) }
        guard sources.count >= 2, sources.allSatisfy(isName) else { return nil }
        let others = sources.count == 2 ? sources[1] : "[" + sources.dropFirst().joined(separator: ", ") + "]"
        var keyed: [String] = []
        for parameter in entry.shape.parameters {
            switch parameter.kind {
            case .stream, .streams:
                guard let key = parameter.key else { return "'\(name)' is an operator: write 'stream: \(sources[0])' with 'ops: [ { \(name): \(others) } ]'" }
                keyed.append("\(key): \(others)")
            case .expression where parameter.key != nil:
                guard let key = parameter.key, parameter.required || selector != nil else { continue }
                keyed.append("\(key): \"\(selector ?? "...")\"")
            default:
                return nil
            }
        }
        guard !keyed.isEmpty else { return nil }
        // `withLatestFrom: b`: a shape whose first parameter may stand alone, written alone.
        if entry.shape.shorthand, keyed.count == 1 { return "'\(name)' is an operator: write 'stream: \(sources[0])' with 'ops: [ { \(name): \(others) } ]'" }
        let combine = selector == nil && keyed.contains { $0.hasPrefix("combine:") }
            ? ", '$0' the element of '\(sources[0])' and " + sources.dropFirst().enumerated().map { "'$\($0.offset + 1)' of '\($0.element)'" }.joined(separator: ", ")
            : ""
        return "'\(name)' is an operator: write 'stream: \(sources[0])' with 'ops: [ { \(name): { \(keyed.joined(separator: ", ")) } } ]'\(combine)"
    }

    // MARK: reading RxSwift's text

    /// `callee(a, b)` split into the callee and its arguments, split at the commas outside
    /// brackets and quotes; nil when `text` is not one call.
    static func call(_ text: String) -> (callee: String, arguments: [String])? {
        let t = text.trimmingWhitespace()
        guard t.hasSuffix(")"), let open = t.firstIndex(of: "(") else { return nil }
        let callee = String(t[..<open]).trimmingWhitespace()
        guard !callee.isEmpty, callee.allSatisfy({ $0.isLetter || $0.isNumber || "_.<>".contains($0) }) else { return nil }
        let inside = String(t[t.index(after: open)..<t.index(before: t.endIndex)])
        guard let arguments = split(inside, at: ","), arguments.count == 1 || !arguments.contains(where: \.isEmpty) else { return nil }
        return (callee, arguments == [""] ? [] : arguments)
    }

    /// `cond ? a : b` at the top level of `text`, with its three parts; nil when it is not one.
    static func ternary(_ text: String) -> (String, String, String)? {
        guard let parts = split(text, at: "?"), parts.count == 2, let branches = split(parts[1], at: ":"), !branches.isEmpty else { return nil }
        // `a : b`, with labels (`scheduler: s`) kept inside their call's brackets by the split.
        guard branches.count == 2, !parts[0].isEmpty, !branches[0].isEmpty, !branches[1].isEmpty else { return nil }
        return (parts[0], branches[0], branches[1])
    }

    /// `text` split at `separator` where it stands outside brackets and quotes, each part trimmed;
    /// nil when the brackets do not balance.
    static func split(_ text: String, at separator: Character) -> [String]? {
        var parts: [String] = [], current = "", depth = 0, quote: Character?
        for c in text {
            if let q = quote {
                if c == q { quote = nil }
            } else if c == "\"" || c == "'" {
                quote = c
            } else if "([{".contains(c) {
                depth += 1
            } else if ")]}".contains(c) {
                depth -= 1
                if depth < 0 { return nil }
            } else if c == separator, depth == 0 {
                parts.append(current.trimmingWhitespace())
                current = ""
                continue
            }
            current.append(c)
        }
        guard depth == 0, quote == nil else { return nil }
        parts.append(current.trimmingWhitespace())
        return parts
    }

    /// `.seconds(1)`, `.milliseconds(300)`, `RxTimeInterval.seconds(1)` as a spec's duration.
    private static func duration(_ text: String) -> String? {
        guard let (callee, arguments) = call(text), arguments.count == 1, let n = Int(arguments[0]) else { return nil }
        if callee.hasSuffix(".seconds") { return "\(n)s" }
        if callee.hasSuffix(".milliseconds") { return "\(n)ms" }
        return nil
    }

    /// A value as a flow mapping writes it: a name, `$0` or a number plain, anything else quoted.
    private static func flowValue(_ text: String) -> String {
        let plain = text.allSatisfy { $0.isLetter || $0.isNumber || "_.$".contains($0) }
        return plain && !text.isEmpty ? text : "\"" + text.replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    private static func isName(_ text: String) -> Bool {
        guard let first = text.first, first.isLetter || first == "_" else { return false }
        return text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }
    }
}
