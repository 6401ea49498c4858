import SpecRuntime

/// An enum case named with its type (`Filter.active`), as Swift writes it where no context gives
/// the type, and a type's name read as a value (`mode: Mode`), which says how a value of it is written.
extension ExpressionChecker {
    /// Whether `name` names nothing with a value here (no node, event, row field, parameter),
    /// so that `name.case` can be a type's case.
    func namesNoValue(_ name: String) -> Bool {
        symbols[name] == nil && payload?.name != name && rowFields[name] == nil && functionParameters?[name] == nil
    }

    /// `Type.name`, `Type` being an enum with `cases`.
    mutating func qualifiedCase(_ type: String, _ cases: [String], _ name: String, nameRange: SpecRange) -> Typed? {
        guard cases.contains(name) else {
            return error(.unknownCase, "'\(type)' has no case '\(name)'\(diagnostics.didYouMean(name, in: cases))", nameRange,
                         notes: [DiagnosticNote("its cases are " + cases.map { "'\($0)'" }.joined(separator: ", "))])
        }
        return (.constant(.enumCase(EnumValue(type: type, caseName: name))), .enumeration(type))
    }

    /// What to say when `name`, which names no value, is a declared type: not a near name (an
    /// output `mode` for the type `Mode`), but how a value of the type is written.
    func typeUsedAsValue(_ name: String) -> (message: String, notes: [DiagnosticNote])? {
        guard namesNoValue(name) else { return nil }
        if let cases = table.enums[name], let first = cases.first {
            return ("'\(name)' is a type, not a value; write one of its cases, as in '\(name).\(first)' or '.\(first)'",
                    [DiagnosticNote("its cases are " + cases.map { "'\($0)'" }.joined(separator: ", "))])
        }
        if let fields = table.records[name] {
            let example = fields.prefix(2).map { "\($0.name): …" }.joined(separator: ", ")
            return ("'\(name)' is a type, not a value; build one as '\(name)(\(example))'", [])
        }
        return nil
    }
}

/// A row's action state read through its row (`settings.contains { $0.save.executing }`): the
/// row's record has the dotted field `save.executing`, which `$0.save` alone is not.
extension ExpressionChecker {
    /// `inner.first.name` when `inner` is a record (or a chained optional one) with the field
    /// `first.name` and none named `first`; nil otherwise, nothing reported.
    mutating func rowActionField(_ inner: Expr, _ first: String, _ innerOptional: Bool, _ name: String) -> Typed? {
        // Its type first, quietly: an expression that is not one is checked the usual way.
        var probe = self
        probe.diagnostics = diagnostics.scratch
        guard let t = probe.infer(inner) else { return nil }
        let chained = innerOptional || isChained(t.expr)
        var type = t.type
        if chained, case .optional(let wrapped) = type { type = wrapped }
        guard case .record(let record) = type, let fields = table.records[record], !fields.contains(where: { $0.name == first }),
              let i = fields.firstIndex(where: { $0.name == first + "." + name }) else { return nil }
        guard let b = infer(inner) else { return nil }
        let fieldType = !chained && isFired(b.expr, first + "." + name) ? fired?.type ?? fields[i].type : fields[i].type
        return (.member(b.expr, .field(i), chained: chained), chained ? .makeOptional(fieldType) : fieldType)
    }
}
