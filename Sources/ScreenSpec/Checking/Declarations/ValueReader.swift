import SpecRuntime

/// Reads YAML data (defaults, step values, service results) as a value of an expected type.
///
/// A row's record may leave out its view fields (`titleLabel.text`, ``TypeTable/viewFields``):
/// they are derived from the row. A value read to be written (a `set:`, a `send:`, a service's
/// result) carries none of them, what it gives of them is dropped; an expected value
/// (``expecting``) keeps those it gives, and `expect:` compares only those (``Value/matches(_:)``).
struct ValueReader {
    let table: TypeTable
    /// Whether the value read is one an `expect:` compares with: a row's view fields it gives
    /// are kept.
    var expecting = false

    init(table: TypeTable, expecting: Bool = false) {
        self.table = table
        self.expecting = expecting
    }

    /// This reader for an expected value (``expecting``).
    var forExpected: ValueReader { ValueReader(table: table, expecting: true) }

    func read(_ node: YAMLNode, as type: SpecType, diagnostics: inout DiagnosticBag) -> Value? {
        read(node, as: type, depth: 0, diagnostics: &diagnostics)
    }

    private func mismatch(_ node: YAMLNode, _ type: SpecType, _ diagnostics: inout DiagnosticBag, detail: String = "") -> Value? {
        let found = node.scalar.map { "'\($0.value)'" } ?? node.kindName
        diagnostics.error(.typeMismatch, "expected a value of type '\(type)', found \(found)\(detail)", at: node.range)
        return nil
    }

    private func read(_ node: YAMLNode, as type: SpecType, depth: Int, diagnostics: inout DiagnosticBag) -> Value? {
        guard depth < 64 else { return mismatch(node, type, &diagnostics, detail: " nested too deeply") }
        switch type {
        case .optional(let wrapped):
            if node.isNull { return Value.none }
            // YAML's no-value is '~', 'null' or nothing; Swift's 'nil' is a plain word here.
            if let s = node.scalar, s.style == .plain, s.value == "nil" {
                if wrapped.unwrapped == .string {
                    diagnostics.append(Diagnostic(.warning, id: .nilText, "'nil' here is the text \"nil\", not the absence of a value", at: node.range,
                                                  notes: [DiagnosticNote("in YAML data no value is '~', 'null' or nothing; 'nil' means nil only inside expressions")],
                                                  fixIt: "~"))
                } else {
                    return mismatch(node, type, &diagnostics, detail: "; in YAML data no value is '~', 'null' or nothing")
                }
            }
            return read(node, as: wrapped, depth: depth + 1, diagnostics: &diagnostics)
        case .void:
            if node.isNull || node.string == "()" { return .void }
            return mismatch(node, type, &diagnostics, detail: "; write '()' or nothing")
        case .bool:
            guard let s = node.scalar, s.style == .plain else { return mismatch(node, type, &diagnostics) }
            if s.value == "true" { return .bool(true) }
            if s.value == "false" { return .bool(false) }
            return mismatch(node, type, &diagnostics)
        case .int:
            guard let s = node.scalar, s.style == .plain else { return mismatch(node, type, &diagnostics) }
            guard let i = Int(s.value.filter { $0 != "_" }) else {
                let detail = s.value.allSatisfy({ $0.isNumber || $0 == "-" }) && !s.value.isEmpty ? " (too large for Int)" : ""
                return mismatch(node, type, &diagnostics, detail: detail)
            }
            return .int(i)
        case .double:
            guard let s = node.scalar, s.style == .plain, let d = Double(s.value), d.isFinite else { return mismatch(node, type, &diagnostics) }
            return .double(d)
        case .string:
            guard let s = node.scalar, !node.isNull || s.style != .plain else { return mismatch(node, type, &diagnostics) }
            return .string(s.value)
        case .list(let element):
            guard let items = node.sequence else { return mismatch(node, type, &diagnostics, detail: "; write a list as '[a, b]' or '- a' lines") }
            var values: [Value] = []
            values.reserveCapacity(items.count)
            var ok = true
            for item in items {
                if let v = read(item, as: element, depth: depth + 1, diagnostics: &diagnostics) { values.append(v) } else { ok = false }
            }
            return ok ? .list(values) : nil
        case .record(let name):
            guard let fields = table.records[name] else { return nil }
            guard let pairs = node.mapping else { return mismatch(node, type, &diagnostics, detail: "; write a record as '{ field: value }'") }
            var values: [Value?] = Array(repeating: nil, count: fields.count)
            var ok = true
            for (key, value) in pairs {
                guard let k = key.string, let i = fields.firstIndex(where: { $0.name == k }) else {
                    diagnostics.error(.unknownField, "'\(name)' has no field '\(key.string ?? "")'\(diagnostics.didYouMean(key.string ?? "", in: fields.map(\.name)))",
                                      at: key.range)
                    ok = false
                    continue
                }
                values[i] = read(value, as: fields[i].type, depth: depth + 1, diagnostics: &diagnostics)
                if values[i] == nil { ok = false }
            }
            // A row's view fields are derived: never required, and kept only when expected.
            let derived = table.viewFields[name] ?? fields.count
            for (i, field) in fields.enumerated() where values[i] == nil && ok && i < derived {
                // A view model used by itself keeps its instance in a field no spec names
                // (`$instance`, CellsPass+Children.swift): never required, and never compared.
                if field.name.hasPrefix("$") {
                    if !expecting { values[i] = Value.none }
                    continue
                }
                if field.type.isOptional {
                    values[i] = Value.none
                } else {
                    diagnostics.error(.missingField, "'\(name)' value is missing field '\(field.name)' of type '\(field.type)'", at: node.range)
                    ok = false
                }
            }
            guard ok else { return nil }
            let kept = fields.indices.filter { ($0 < derived && values[$0] != nil) || (expecting && values[$0] != nil) }
            return .record(RecordValue(type: EnumeratedPair.runtimeName(name), fieldNames: kept.map { fields[$0].name },
                                       fields: kept.map { values[$0] ?? .none }))
        case .enumeration(let name):
            guard let cases = table.enums[name], let s = node.string else { return mismatch(node, type, &diagnostics) }
            let caseName = s.hasPrefix(".") ? String(s.dropFirst()) : s
            guard cases.contains(caseName) else {
                diagnostics.error(.unknownCase, "'\(name)' has no case '\(caseName)'\(diagnostics.didYouMean(caseName, in: cases))", at: node.range,
                                  notes: [DiagnosticNote("its cases are " + cases.map { "'\($0)'" }.joined(separator: ", "))])
                return nil
            }
            return .enumCase(EnumValue(type: name, caseName: caseName))
        case .error:
            return readError(node, diagnostics: &diagnostics)
        case .color:
            switch ColorValue.read(node) {
            case .success(let c): return .color(c)
            case .failure(let e):
                diagnostics.error(.invalidColor, e.message, at: node.range, notes: e.note.map { [DiagnosticNote($0)] } ?? [])
                return nil
            }
        case .navigation:
            return mismatch(node, type, &diagnostics, detail: "; navigation values come from outputs, not from data")
        }
    }

    /// `unknown`, `decode`, `notEnabled` or `http(404)`; with a leading dot too, as the literals
    /// of expressions are written (`.http(404)`).
    func readError(_ node: YAMLNode, diagnostics: inout DiagnosticBag) -> Value? {
        guard var text = node.string?.trimmingWhitespace(), !node.isNull else {
            diagnostics.error(.invalidError, "expected a failure such as 'unknown', 'decode' or 'http(500)', found \(node.kindName)", at: node.range)
            return nil
        }
        if text.hasPrefix(".") { text.removeFirst() }
        if text.hasPrefix("http(") && text.hasSuffix(")") {
            guard let status = Int(text.dropFirst(5).dropLast()), (100...999).contains(status) else {
                diagnostics.error(.invalidError, "an http failure needs a status from 100 to 999, as in 'http(404)'", at: node.range)
                return nil
            }
            return .error(ErrorValue(.http, status: status))
        }
        let names = ["unknown", "decode", "notEnabled", "timeout", "http(500)"]
        switch text {
        case "unknown": return .error(ErrorValue(.unknown))
        case "decode": return .error(ErrorValue(.decode))
        case "notEnabled": return .error(ErrorValue(.notEnabled))
        case "timeout": return .error(ErrorValue(.timeout))
        default:
            diagnostics.error(.invalidError, "unknown failure '\(text)'\(diagnostics.didYouMean(text, in: names))", at: node.range,
                              notes: [DiagnosticNote("a failure is 'unknown', 'decode', 'notEnabled', 'timeout' or 'http(STATUS)'")])
            return nil
        }
    }
}
