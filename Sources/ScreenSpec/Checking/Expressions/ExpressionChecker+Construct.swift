import SpecRuntime

/// Calls with labeled arguments: a record built field by field (`Goal(id: 1, title: "a")`), a
/// record copied with some fields changed (`message.with(status: .sent)`) and a number formatted
/// (`String(format: "%d:%02d", m, s)`). The parser reads all three as a construction; the callee
/// says which it is.
extension ExpressionChecker {
    mutating func labeledCall(_ callee: Expr, _ arguments: [LabeledExpr], _ range: SpecRange) -> Typed? {
        if case .member(let base, "with", false, _) = callee.kind { return recordCopy(base, arguments, range) }
        if case .member(let base, let name, false, let nameRange) = callee.kind, name == "sorted" || name == "count" {
            guard let b = infer(base) else { return nil }
            if let handled = characterMethod(b, name, nameRange, arguments, range) { return handled }
            if let handled = closureMethod(b, name, nameRange, arguments, range) { return handled }
            let labels = arguments.map { "\($0.label.isEmpty ? "_" : $0.label):" }.joined()
            return error(.unknownMember, "'\(b.type)' has no function '\(name)(\(labels))'", nameRange)
        }
        if case .member(let base, let name, false, let nameRange) = callee.kind, Self.listMoveNames.contains(name) {
            return listMove(base, name, nameRange, arguments, range)
        }
        if case .name("String") = callee.kind, arguments.first?.label == "format" { return format(arguments, range) }
        if case .name(let name) = callee.kind, let function = functions.checked[name] {
            // A function of `functions:` takes its arguments in order, as `func mmss(_ t: Int)`.
            let labels = arguments.map { $0.label.isEmpty ? "_" : $0.label + ":" }.joined(separator: " ")
            diagnostics.error(.mixedArguments, "'\(name)' takes its arguments without labels, found '\(labels)'", at: range,
                              notes: [DiagnosticNote("it takes " + function.params.map { "'\($0.name)'" }.joined(separator: ", ") + ", in that order")],
                              fixIt: "remove the labels, as in '\(name)(" + function.params.map(\.name).joined(separator: ", ") + ")'")
            return nil
        }
        // `order.firstIndex(of: 2)`: a method the language does not have (ExpressionChecker+LabeledMethods.swift).
        if case .member(let base, let name, false, let nameRange) = callee.kind,
           let handled = unknownLabeledMethod(base, name, nameRange, arguments) {
            return handled
        }
        if let stray = arguments.first(where: { $0.label.isEmpty }) {
            return error(.mixedArguments, "every argument of a record needs a label, as in 'Goal(id: 1)'", stray.value.range)
        }
        return construct(callee, arguments, range)
    }

    /// `message.with(status: .sent, text: "b")`: the record with those fields replaced, each
    /// checked against its field's type.
    private mutating func recordCopy(_ base: Expr, _ arguments: [LabeledExpr], _ range: SpecRange) -> Typed? {
        guard let b = infer(base) else { return nil }
        guard case .record(let type) = b.type, let fields = table.records[type] else {
            let notes = b.type.isOptional ? [DiagnosticNote("unwrap the optional first, as in '(value ?? fallback).with(…)'")] : []
            return error(.notARecord, "'with(…)' copies a record, but this is a '\(b.type)'", base.range, notes: notes)
        }
        var typed: [TypedExpr] = [b.expr]
        var given: Set<String> = []
        var ok = true
        for argument in arguments {
            guard !argument.label.isEmpty else {
                diagnostics.error(.mixedArguments, "every argument of 'with(…)' names a field, as in 'with(\(fields[0].name): …)'",
                                  at: argument.value.range)
                ok = false
                continue
            }
            guard let i = fields.firstIndex(where: { $0.name == argument.label }) else {
                diagnostics.error(.unknownField, "'\(type)' has no field '\(argument.label)'\(diagnostics.didYouMean(argument.label, in: fields.map(\.name)))",
                                  at: argument.labelRange, notes: [Self.fieldsNote(fields)])
                ok = false
                continue
            }
            guard given.insert(argument.label).inserted else {
                diagnostics.error(.duplicateField, "field '\(argument.label)' is given twice", at: argument.labelRange)
                ok = false
                continue
            }
            if let value = check(argument.value, expecting: fields[i].type) {
                typed += [.constant(.int(i)), value]
            } else {
                ok = false
            }
        }
        guard ok else { return nil }
        return (.call(.recordWith, typed), b.type)
    }

    /// `String(format: "$%.2f", total)`: the format must be a literal, read here, so that each value
    /// is checked against its conversion (`%d` an `Int`, `%f` a `Double`, `%@` a `String`).
    private mutating func format(_ arguments: [LabeledExpr], _ range: SpecRange) -> Typed? {
        let formatArgument = arguments[0].value
        guard case .string(let text) = formatArgument.kind else {
            if case .interpolation = formatArgument.kind {
                return error(.invalidFormat, "a format is a plain string literal; pass the values after it instead of '\\(…)'", formatArgument.range)
            }
            return error(.invalidFormat, "'String(format:)' takes its format as a string literal, as in 'String(format: \"%02d\", n)'",
                         formatArgument.range)
        }
        let format: FormatString
        do throws(FormatString.Problem) {
            format = try FormatString(text)
        } catch {
            return self.error(.invalidFormat, error.message, Self.range(of: error, in: text, formatArgument.range))
        }
        let values = arguments.dropFirst()
        let conversions = format.conversions
        guard values.count == conversions.count else {
            return error(.invalidFormat, "the format takes \(conversions.count) value\(conversions.count == 1 ? "" : "s"), found \(values.count)", range)
        }
        var typed: [TypedExpr] = [.constant(.string(text))]
        var ok = true
        for (value, conversion) in zip(values, conversions) {
            if let t = check(value.value, expecting: conversion.type) { typed.append(t) } else { ok = false }
        }
        return ok ? (.call(.format, typed), .string) : nil
    }

    /// The conversion a format problem starts at, when the literal is written as it reads (one
    /// line of ASCII, no escapes); else the whole literal.
    private static func range(of problem: FormatString.Problem, in text: String, _ literal: SpecRange) -> SpecRange {
        let r = literal
        guard text.allSatisfy(\.isASCII), r.start.line == r.end.line, r.end.column - r.start.column == text.count + 2 else { return literal }
        let start = SpecLocation(line: r.start.line, column: r.start.column + 1 + problem.offset)
        return SpecRange(file: r.file, at: start, length: min(2, text.count - problem.offset))
    }

    static func fieldsNote(_ fields: [(name: String, type: SpecType)]) -> DiagnosticNote {
        // A child's instance (`$instance`, CellsPass+Children.swift) is no field a spec names.
        DiagnosticNote("its fields are " + fields.filter { !$0.name.hasPrefix("$") }.map { "'\($0.name): \($0.type)'" }.joined(separator: ", "))
    }
}
