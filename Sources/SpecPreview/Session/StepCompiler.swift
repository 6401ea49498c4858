import ScreenSpec
import SpecRuntime
import SpecTools

/// Turns what a person did in the page into a scenario step, through the step checks of the
/// spec's own scenarios: the step is written as YAML (`- type: { email: "a@b.c" }`), read as a
/// scenario reads it and checked against the loaded spec's ``CheckScope`` (the spec itself is not
/// checked or read again). So a gesture in the browser is exactly the `type:`, `tap:`, `slide:`
/// ... step a scenario would hold, with the same checks (a disabled control, a value out of
/// range, an unknown component), and the YAML is what a recording keeps.
struct StepCompiler {
    /// The spec's path, which the step's diagnostics name.
    let path: String
    /// The spec the session's graph was built from, and what it was checked with: the step
    /// addresses its nodes.
    let spec: CheckedSpec
    let scope: CheckScope

    /// A value the page sent, as JSON gives it.
    enum Scalar: Decodable, Equatable, Sendable {
        case bool(Bool), int(Int), double(Double), string(String)

        init(from decoder: Decoder) throws {
            let c = try decoder.singleValueContainer()
            if let b = try? c.decode(Bool.self) { self = .bool(b) }
            else if let i = try? c.decode(Int.self) { self = .int(i) }
            else if let d = try? c.decode(Double.self) { self = .double(d) }
            else { self = .string(try c.decode(String.self)) }
        }
    }

    struct Failure: Error, Equatable {
        var message: String
    }

    /// The verbs a person may use from the page: the gestures on components, `fire` for a custom
    /// component's callback (its value written as in a scenario, typed by the checker), and
    /// `set`/`send` for a spec without `view:`.
    static let verbs: Set<String> = Set(GestureVerb.all.filter(\.fromPage).map(\.name) + ["fire", "set", "send"])

    /// The step's YAML line, `- verb: target` or `- verb: { target: value }`. `flow` is a value
    /// the person wrote as YAML flow text (a record or a list for a generated form's input).
    func yaml(verb: String, target: String, value: Scalar?, flow: String? = nil) throws(Failure) -> String {
        guard Self.verbs.contains(verb) else { throw Failure(message: "unknown step '\(verb)'") }
        // A name is a plain YAML key: letters, digits, '_' and '.', so no text from the page
        // becomes YAML syntax.
        guard !target.isEmpty, target.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }) else {
            throw Failure(message: "'\(target)' is not a name of this spec")
        }
        if let flow { return "- \(verb): { \(target): \(try Self.flowValue(flow)) }" }
        guard let value else { return "- \(verb): \(target)" }
        return "- \(verb): { \(target): \(try yamlValue(value, for: target)) }"
    }

    /// `text` when it is one YAML value on one line, read where the step puts it (`{ t: TEXT }`):
    /// a text that would add a key, a step or a comment to the step is refused, so what the page
    /// sends stays one value for the checker to type.
    static func flowValue(_ text: String) throws(Failure) -> String {
        let value = text.trimmingCharacters(in: .whitespaces)
        guard !value.isEmpty, value.count <= 100_000, !value.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw Failure(message: "a value is written on one line, as in a scenario: '{ name: \"a\" }'")
        }
        var bag = DiagnosticBag()
        let root = YAMLParser.parse(SourceFile(path: "value", text: "v: { t: \(value) }\n"), diagnostics: &bag)
        guard bag.all.isEmpty, let outer = root?.mapping, outer.count == 1, let inner = outer[0].value.mapping, inner.count == 1,
              inner[0].key.string == "t" else {
            throw Failure(message: "'\(value)' is not one YAML value; write it as in a scenario: '{ name: \"a\" }'")
        }
        return value
    }

    /// A value as YAML: strings double-quoted, but an enum input's case bare, as a spec writes it.
    private func yamlValue(_ value: Scalar, for target: String) throws(Failure) -> String {
        switch value {
        case .bool(let b): return b ? "true" : "false"
        case .int(let i): return String(i)
        case .double(let d):
            guard d.isFinite else { throw Failure(message: "\(d) is not a number a step can give") }
            return ValueFormatter.formatDouble(d)
        case .string(let s):
            if let node = spec.node(named: target), case .enumeration = spec.nodes[node].type,
               !s.isEmpty, s.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) {
                return s
            }
            var out = ""
            ValueFormatter.quote(s, into: &out)
            return out
        }
    }

    /// The step the checker makes of `line`, or its errors as one message.
    func compile(_ line: String) throws(Failure) -> StepPlan {
        let (plans, diagnostics) = scope.check(stepText: line, path: path)
        let errors = diagnostics.filter { $0.severity == .error }.map(\.message)
        guard errors.isEmpty, let step = plans.first else {
            throw Failure(message: errors.isEmpty ? "the step '\(line)' does not check" : errors.joined(separator: "; "))
        }
        return step
    }
}
