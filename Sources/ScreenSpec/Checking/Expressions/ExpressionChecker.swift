import SpecRuntime

/// A name an expression can refer to.
struct Symbol {
    var node: Int
    var type: SpecType
    var hasCurrentValue: Bool
    /// What it is, for messages: "input event", "action errors", ...
    var what: String
}

/// Resolves names and checks types of one expression, producing a ``TypedExpr``.
///
/// On an error it reports a diagnostic and returns nil, so one mistake does not cascade.
struct ExpressionChecker {
    let symbols: [String: Symbol]
    /// The spec's types, and the pair records `enumerated()` made (see ``addedRecords``).
    var table: TypeTable
    /// The record types this checker added to ``table`` (`EnumeratedSequence<Int>` for
    /// `items.enumerated()`): a pass that keeps the expression's type adds them to its own table.
    var addedRecords: [(name: String, fields: [(name: String, type: SpecType)])] = []
    /// Names whose declarations had errors: references to them are not reported again.
    var poisoned: Set<String> = []
    /// The event being handled, readable by its own name inside a handler or an action's `with:`.
    var payload: (name: String, type: SpecType)?
    /// Where the expression is written, for the help of a stream read as a value
    /// (``noCurrentValueNote(_:_:)``).
    var site: ExpressionSite = .plain
    /// When the payload is a row that a stream of the screen fires with as one of the row's
    /// value inputs or its action's `elements` or `errors` fires (`feed.like.elements`), the
    /// row's field holding the value that fired and its type: read on the payload
    /// (`feed.like.elements.like.elements`) it is that value, never nil there, as the row's own
    /// handler reads it, and as `cell.like.elements` gives it in RxSwift. `?.` and `??` on it
    /// are still taken (what the field's optional type needed before).
    var fired: (field: String, type: SpecType)?
    /// Inside a cell view model (`viewModels:`), its names: each a field of the row, which is the
    /// payload the row's expressions run with.
    var rowFields: [String: (field: Int, type: SpecType)] = [:]
    /// Inside a cell view model, the names the screen declares, which a row does not read: a
    /// row expression reading one is told so, and how to pass the value to the row.
    var screenNames: Set<String> = []
    /// Nodes read, in first-read order: the expression's dependencies.
    private(set) var reads: [Int] = []
    var closureArguments: [SpecType] = []
    /// The closures around the expression being checked, innermost last, with the parameters
    /// each names (see ``ClosureScope``).
    var closureScopes: [ClosureScope] = []
    private var reportedUnknown: Set<String> = []
    /// The types of `$0`, `$1`, ... in an operator's expression (outside any list closure).
    var operatorArguments: [SpecType] = []
    /// In an action's `work:`, the action, its input type and its trigger: `$0` reads the input.
    var actionInput: (action: String, type: SpecType, trigger: (name: String, type: SpecType)?)?
    /// The action's `input:` type did not resolve (reported already): `$0` says nothing more.
    var inputUnresolved = false
    /// In a row's action, the row field holding its input (its trigger's latest value): `$0`
    /// reads it there, the row being the payload.
    var actionInputField: Int?
    /// The spec's `functions:`, which a call inlines (see ``FunctionTable/call(_:_:)``).
    var functions = FunctionTable()
    /// Inside a function's body, its parameters by name (index and type); nil elsewhere. The
    /// body reads nothing else of the screen.
    var functionParameters: [String: (index: Int, type: SpecType)]?
    /// Whether `now` reads the clock here (`ExpressionChecker+Clock.swift`): not in a service's
    /// `http:`, whose expressions run with the call's arguments alone.
    var clockReadable = true
    var diagnostics: DiagnosticBag

    init(symbols: [String: Symbol], table: TypeTable, payload: (name: String, type: SpecType)? = nil, diagnostics: DiagnosticBag) {
        self.symbols = symbols
        self.table = table
        self.payload = payload
        self.diagnostics = diagnostics
    }

    typealias Typed = (expr: TypedExpr, type: SpecType)

    /// Checks `expr` and, when `expected` is given, that its type fits.
    mutating func check(_ expr: Expr, expecting expected: SpecType?) -> TypedExpr? {
        guard let typed = infer(expr, expected: expected) else { return nil }
        if let expected, !expected.accepts(typed.type) {
            if expected == .double, typed.type == .int {
                return .call(.intToDouble, [typed.expr])
            }
            diagnostics.error(.typeMismatch, "expected '\(expected)', found '\(typed.type)'", at: expr.range,
                              notes: hint(expected: expected, found: typed.type))
            return nil
        }
        return typed.expr
    }

    private func hint(expected: SpecType, found: SpecType) -> [DiagnosticNote] {
        if case .optional(let wrapped) = found, expected.accepts(wrapped) {
            return [DiagnosticNote("unwrap the optional with '??', as in 'value ?? default'")]
        }
        if expected.unwrapped == .error {
            return [DiagnosticNote("an 'Error' is written '.notEnabled', '.unknown', '.decode', '.timeout' or '.http(STATUS)'")]
        }
        if expected == .string, found != .string {
            return [DiagnosticNote("turn it into text with interpolation, as in '\"\\(value)\"'")]
        }
        return []
    }

    mutating func error(_ id: DiagnosticID, _ message: String, _ range: SpecRange, notes: [DiagnosticNote] = []) -> Typed? {
        diagnostics.error(id, message, at: range, notes: notes)
        return nil
    }

    mutating func infer(_ expr: Expr, expected: SpecType? = nil) -> Typed? {
        switch expr.kind {
        case .invalid:
            return nil
        case .int(let v):
            if expected?.unwrapped == .double { return (.constant(.double(Double(v))), .double) }
            return (.constant(.int(v)), .int)
        case .double(let v):
            return (.constant(.double(v)), .double)
        case .bool(let v):
            return (.constant(.bool(v)), .bool)
        case .string(let s):
            return (.constant(.string(s)), .string)
        case .null:
            if let expected, expected.isOptional { return (.constant(.none), expected) }
            return error(.nilContext, "'nil' needs an optional type from its context, as in 'value ?? nil' or 'x == nil'", expr.range)
        case .void:
            return (.constant(.void), .void)
        case .interpolation(let parts):
            return interpolation(parts)
        case .name(let name):
            return resolveName(name, expr.range, quoted: expr.yamlQuoted, expected: expected)
        case .closureArgument(let index):
            return dollarArgument(index, expr)
        case .implicitMember(let name):
            return implicitMember(name, expected: expected, expr.range)
        case .construct(let callee, let arguments):
            return labeledCall(callee, arguments, expr.range)
        case .unary(let op, let operand):
            return unary(op, operand, expr.range)
        case .binary(let op, let lhs, let rhs):
            return binary(op, lhs, rhs, expr.range, operatorRange: expr.operatorRange, expected: expected)
        case .ternary(let c, let a, let b):
            return ternary(c, a, b, expected: expected, expr.range)
        case .member(let base, let name, let optional, let nameRange):
            return member(base, name, optional: optional, nameRange: nameRange, whole: expr.range)
        case .call(let callee, let arguments):
            if case .implicitMember(let name) = callee.kind { return implicitCall(name, arguments, expected: expected, expr.range) }
            return call(callee, arguments, expected: expected, expr.range)
        case .closureParameter(let name, let declared):
            return closureParameter(name, declared: declared, expr.range)
        case .closure:
            return error(.unexpectedClosure, "a closure '{ ... }' can only follow a list function such as 'map' or 'filter'", expr.range)
        case .list(let items):
            return listLiteral(items, expected: expected, expr.range)
        }
    }

    private mutating func implicitMember(_ name: String, expected: SpecType?, _ range: SpecRange) -> Typed? {
        if expected?.unwrapped == .error { return errorLiteral(name, range) }
        if expected?.unwrapped == .color { return implicitColor(name, range) }
        guard case .enumeration(let type)? = expected?.unwrapped, let cases = table.enums[type] else {
            if ColorValue.named(name) != nil {
                diagnostics.error(.implicitMemberContext, "'.\(name)' needs a 'Color' or an enum type from its context, as in 'textColor: .\(name)'",
                                  at: range, fixIt: "where nothing says it is a colour, write '\(name)'")
                return nil
            }
            if Self.errorLiterals.contains(name) && name != "http" {
                return error(.implicitMemberContext, "'.\(name)' needs an 'Error' or an enum type from its context, as in 'error == .\(name)'", range)
            }
            return error(.implicitMemberContext, "'.\(name)' needs an enum type from its context, as in 'segment == .\(name)'", range)
        }
        guard cases.contains(name) else {
            return error(.unknownCase, "'\(type)' has no case '\(name)'\(diagnostics.didYouMean(name, in: cases))", range,
                         notes: [DiagnosticNote("its cases are " + cases.map { "'\($0)'" }.joined(separator: ", "))])
        }
        return (.constant(.enumCase(EnumValue(type: type, caseName: name))), .enumeration(type))
    }

    /// `.http(409)`: only an `Error` literal takes arguments.
    private mutating func implicitCall(_ name: String, _ arguments: [Expr], expected: SpecType?, _ range: SpecRange) -> Typed? {
        // A parse error inside the parentheses was reported; the call around it says nothing more.
        if arguments.contains(where: { if case .invalid = $0.kind { true } else { false } }) { return nil }
        if expected?.unwrapped == .error { return errorLiteralCall(name, arguments, range) }
        if case .enumeration(let type)? = expected?.unwrapped, table.enums[type]?.contains(name) == true {
            let notes = type == Self.errorKindType && name == "http"
                ? [DiagnosticNote("to match one status, compare the error itself: 'error == .http(409)', or 'error.status == 409'")] : []
            return error(.wrongArity, "'.\(name)' is a case of '\(type)' and takes no arguments", range, notes: notes)
        }
        let notes = name == "http" ? [DiagnosticNote("'.http(STATUS)' is an 'Error' literal, as in 'error == .http(409)'")] : []
        return error(.implicitMemberContext, "'.\(name)(...)' needs an 'Error' from its context, as in 'error == .\(name)(...)'", range, notes: notes)
    }

    /// `Goal(id: 1, title: "a")`: every field once, optional ones may be left out (nil).
    mutating func construct(_ callee: Expr, _ arguments: [LabeledExpr], _ range: SpecRange) -> Typed? {
        // A record whose declaration failed was reported; building one says nothing new.
        if case .name(let type) = callee.kind, table.failed.contains(type) { return nil }
        guard case .name(let type) = callee.kind, let fields = table.records[type] else {
            let written: String = if case .name(let n) = callee.kind { n } else { "this expression" }
            return error(.notARecord, "'\(written)' is not a record type declared under 'types:'\(diagnostics.didYouMean(written, in: Array(table.records.keys)))",
                         callee.range)
        }
        var values: [TypedExpr?] = Array(repeating: nil, count: fields.count)
        var ok = true
        for argument in arguments {
            guard let i = fields.firstIndex(where: { $0.name == argument.label }) else {
                diagnostics.error(.unknownField, "'\(type)' has no field '\(argument.label)'\(diagnostics.didYouMean(argument.label, in: fields.map(\.name)))",
                                  at: argument.labelRange, notes: [Self.fieldsNote(fields)])
                ok = false
                continue
            }
            if values[i] != nil {
                diagnostics.error(.duplicateField, "field '\(argument.label)' is given twice", at: argument.labelRange)
                ok = false
                continue
            }
            if let typed = check(argument.value, expecting: fields[i].type) { values[i] = typed } else { ok = false }
        }
        guard ok else { return nil }
        for (i, field) in fields.enumerated() where values[i] == nil {
            guard field.type.isOptional else {
                return error(.missingField, "'\(type)(...)' is missing field '\(field.name)' of type '\(field.type)'", range)
            }
            values[i] = .constant(.none)
        }
        return (.makeRecord(type: type, fieldNames: fields.map(\.name), values.map { $0! }), .record(type))
    }

    func unify(_ a: SpecType, _ b: SpecType) -> SpecType? {
        if a.accepts(b) { return a }
        if b.accepts(a) { return b }
        if SpecType.makeOptional(a).accepts(b) { return .makeOptional(a) }
        return nil
    }

    private mutating func resolveName(_ name: String, _ range: SpecRange, quoted: Bool = false, expected: SpecType? = nil) -> Typed? {
        if let parameter = functionParameters?[name] {
            // The record of the call's arguments is the argument of a closure around the body,
            // one out from each list closure of the body around this read.
            let out = closureScopes.count(where: \.pushesElement)
            return (.member(out == 0 ? .closureArgument : .outerClosureArgument(out), .field(parameter.index), chained: false), parameter.type)
        }
        if let payload, payload.name == name {
            return (.eventPayload, payload.type)
        }
        if let row = rowFields[name] {
            return (.member(.eventPayload, .field(row.field), chained: false), row.type)
        }
        // A declaration that failed to check was reported already; say nothing more about it,
        // but keep the dependency so that a cycle through it is still found.
        if poisoned.contains(name) {
            if let node = symbols[name]?.node, !reads.contains(node) { reads.append(node) }
            return nil
        }
        guard let symbol = symbols[name] else {
            if let color = ColorValue.named(name) { return (.constant(.color(color)), .color) }
            if let clock = clockName(name, range) { return clock }
            if let problem = typeUsedAsValue(name) { return error(.unknownName, problem.message, range, notes: problem.notes) }
            // One report per name and expression: `a + a + a` with an unknown `a` is one mistake.
            guard !reportedUnknown.contains(name) else { return nil }
            reportedUnknown.insert(name)
            if let dotted = missingDot(name, expected: expected) {
                diagnostics.error(.unknownName, "unknown name '\(name)'; did you mean '\(dotted)'?", at: range,
                                  notes: [DiagnosticNote(dotted.hasPrefix(".http") || expected?.unwrapped == .error || expected == nil
                                      ? "an 'Error' literal starts with a dot, as an enum case does in Swift"
                                      : "an enum case starts with a dot where its type is known, as in Swift")],
                                  fixIt: "write '\(dotted)'")
                return nil
            }
            if reportRowPosition(name, range) { return nil }
            if screenNames.contains(name) {
                // A row's own name near it may be what was meant (`items` for the element `item`).
                let own = diagnostics.didYouMean(name, in: Array(rowFields.keys) + (payload.map { [$0.name] } ?? []))
                return error(.unknownName, "'\(name)' is a name of the screen, and a row reads only its own names: its element and parameters, its inputs, state, outputs and actions\(own)",
                             range, notes: [DiagnosticNote("to use a screen value in a row, hand it to the row as RxSwift's 'RowViewModel(item: $0, \(name): \(name))' does: declare it in the view model's 'params:' after the element ('\(name): TYPE') and give it in its 'cells:' entry with 'with: { \(name): \(name) }', an expression over the screen's names and the element, '$0'; the rows follow it when it changes")])
            }
            let suggestion = diagnostics.didYouMean(name, in: (payload.map { [$0.name] } ?? []) + rowFields.keys + (functionParameters?.keys.map { $0 } ?? [])
                                                    + symbols.keys.prefix(Suggestion.maximumCandidates))
            let notes = functionParameters != nil ? [DiagnosticNote("a function reads its parameters only: pass what it needs as an argument")]
                : suggestion.isEmpty && quoted ? [DiagnosticNote("to write text, put quotes inside the YAML value, as in '\"\(name)\"'")] : []
            return error(.unknownName, "unknown name '\(name)'\(suggestion)", range, notes: notes)
        }
        guard symbol.hasCurrentValue else {
            return error(.noCurrentValue, "'\(name)' is an \(symbol.what) and has no current value", range,
                         notes: [noCurrentValueNote(name, symbol)])
        }
        if !reads.contains(symbol.node) { reads.append(symbol.node) }
        return (.node(symbol.node), symbol.type)
    }

    private mutating func unary(_ op: UnaryOperator, _ operand: Expr, _ range: SpecRange) -> Typed? {
        switch op {
        case .not:
            guard let t = check(operand, expecting: .bool) else { return nil }
            return (.not(t), .bool)
        case .negate:
            guard let t = infer(operand) else { return nil }
            switch t.type {
            case .int: return (.negate(t.expr, .int), .int)
            case .double: return (.negate(t.expr, .double), .double)
            default: return error(.typeMismatch, "'-' needs an 'Int' or a 'Double', found '\(t.type)'", operand.range)
            }
        }
    }

    /// Infers both operands, letting an integer literal on one side become a Double.
    private mutating func operands(_ lhs: Expr, _ rhs: Expr) -> (Typed, Typed)? {
        if lhs.isImplicitMember {
            // `.received == segment`: the right side gives the left its type.
            let r = infer(rhs)
            // Without it there is no context for the left side: that is not another mistake.
            guard r != nil else { return nil }
            let l = infer(lhs, expected: r?.type)
            guard let a = l, let b = r else { return nil }
            return (a, b)
        }
        let l = infer(lhs)
        // `.case`, `nil` and `[]` take their type from the left side: without one, their error
        // would only repeat the left's.
        if l == nil, rhs.isImplicitMember || Self.needsContext(rhs) { return nil }
        let r = infer(rhs, expected: l?.type)
        guard var a = l, var b = r else { return nil }
        if a.type == .int, b.type == .double, case .int(let v) = lhs.kind { a = (.constant(.double(Double(v))), .double) }
        if a.type == .double, b.type == .int, case .int(let v) = rhs.kind { b = (.constant(.double(Double(v))), .double) }
        return (a, b)
    }

    /// `.case`, `nil` and `[]` take their type from the other side of an operator.
    private static func needsContext(_ expr: Expr) -> Bool {
        switch expr.kind {
        case .implicitMember, .null: return true
        case .list(let items): return items.isEmpty
        default: return false
        }
    }

    private mutating func binary(_ op: BinaryOperator, _ lhs: Expr, _ rhs: Expr, _ range: SpecRange, operatorRange: SpecRange?,
                                 expected: SpecType?) -> Typed? {
        switch op {
        case .and, .or:
            let a = check(lhs, expecting: .bool)
            let b = check(rhs, expecting: .bool)
            guard let a, let b else { return nil }
            // At its operator: `a && b && c` has two, which the whole expression's start would not tell apart.
            return (.probe(ProbeSite(op == .and ? .and : .or, operatorRange ?? range), op == .and ? .and(a, b) : .or(a, b)), .bool)
        case .coalesce:
            guard let a = infer(lhs) else { return nil }
            guard case .optional(let wrapped) = isFiredRead(a.expr) ? .makeOptional(a.type) : a.type else {
                _ = infer(rhs)
                return error(.typeMismatch, "the left side of '??' must be optional, found '\(a.type)'", lhs.range)
            }
            guard let b = infer(rhs, expected: wrapped) else { return nil }
            guard let type = unify(wrapped, b.type) else {
                return error(.typeMismatch, "the right side of '??' must be '\(wrapped)', found '\(b.type)'", rhs.range)
            }
            let bExpr = (type == .double && b.type == .int) ? TypedExpr.call(.intToDouble, [b.expr]) : b.expr
            return (.probe(ProbeSite(.coalesce, range), .coalesce(a.expr, bExpr)), b.type.isOptional ? .makeOptional(type) : type)
        case .equal, .notEqual:
            if case .null = rhs.kind {
                // A left side that does not check has said why: not again through `operands`.
                guard let a = infer(lhs) else { return nil }
                guard a.type.isOptional else { return error(.typeMismatch, "'\(a.type)' is not optional, so it is never 'nil'", lhs.range) }
                return (.equal(a.expr, .constant(.none), negated: op == .notEqual), .bool)
            }
            guard let (a, b) = operands(lhs, rhs) else { return nil }
            guard unify(a.type, b.type) != nil else {
                return error(.typeMismatch, "cannot compare '\(a.type)' with '\(b.type)'", range)
            }
            return (.equal(a.expr, b.expr, negated: op == .notEqual), .bool)
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            guard let (a, b) = operands(lhs, rhs) else { return nil }
            guard a.type == b.type, [.int, .double, .string].contains(a.type) else {
                if a.type == b.type {
                    return error(.typeMismatch, "'\(op.rawValue)' compares Int, Double or String, found '\(a.type)'", range)
                }
                return error(.typeMismatch, "cannot compare '\(a.type)' with '\(b.type)'", range,
                             notes: a.type.isNumeric && b.type.isNumeric ? [DiagnosticNote("convert with 'Double(x)' first")] : [])
            }
            let order: TypedExpr.OrderOperator = switch op {
            case .less: .less
            case .lessOrEqual: .lessOrEqual
            case .greater: .greater
            default: .greaterOrEqual
            }
            return (.order(order, a.expr, b.expr), .bool)
        case .add, .subtract, .multiply, .divide, .remainder:
            guard let (a, b) = operands(lhs, rhs) else { return nil }
            if op == .add, a.type == .string, b.type == .string { return (.concatenate(a.expr, b.expr, isString: true), .string) }
            if op == .add, case .list = a.type, let u = unify(a.type, b.type), case .list = u {
                return (.concatenate(a.expr, b.expr, isString: false), u)
            }
            let arithmetic: TypedExpr.ArithmeticOperator = switch op {
            case .add: .add
            case .subtract: .subtract
            case .multiply: .multiply
            case .divide: .divide
            default: .remainder
            }
            if a.type == .int, b.type == .int { return (.arithmetic(arithmetic, .int, a.expr, b.expr), .int) }
            if a.type == .double, b.type == .double, op != .remainder { return (.arithmetic(arithmetic, .double, a.expr, b.expr), .double) }
            var notes: [DiagnosticNote] = []
            if a.type.isNumeric && b.type.isNumeric && a.type != b.type { notes.append(DiagnosticNote("convert with 'Double(x)' first")) }
            if a.type.isOptional || b.type.isOptional { notes.append(DiagnosticNote("unwrap the optional with '??' first")) }
            return error(.typeMismatch, "'\(op.rawValue)' cannot combine '\(a.type)' and '\(b.type)'", range, notes: notes)
        }
    }

    private mutating func member(_ base: Expr, _ name: String, optional: Bool, nameRange: SpecRange, whole: SpecRange) -> Typed? {
        // `Filter.active`: an enum case named with its type, as Swift writes it anywhere.
        if case .name(let typeName) = base.kind, !optional, let cases = table.enums[typeName], namesNoValue(typeName) {
            return qualifiedCase(typeName, cases, name, nameRange: nameRange)
        }
        // The event a handler is on, by a name of three parts or more: the stream of a row's
        // action, `settings.save.elements`.
        if !optional, let payload, isPayload(base, name) { return (.eventPayload, payload.type) }
        // `$0.save.executing` of a row read from the screen: its action's field, one dotted field.
        if !optional, case .member(let inner, let first, let innerOptional, _) = base.kind,
           let typed = rowActionField(inner, first, innerOptional, name) {
            return typed
        }
        // A dotted node name such as `login.enabled` or `auth.signIn` reads as one name; so does
        // `pages.errors` of a stream `pages` (which has no value whose member it could be), and
        // the event a handler is on, by the name its `on:` gives.
        if case .name(let baseName) = base.kind, !optional, payload?.name != baseName,
           symbols[baseName] == nil || payload?.name == baseName + "." + name
            || (symbols[baseName]?.hasCurrentValue == false && symbols[baseName + "." + name] != nil) {
            let dotted = baseName + "." + name
            if poisoned.contains(dotted) || poisoned.contains(baseName) { return nil }
            // A row's action's field (`save.executing`) is one name of the row too.
            if symbols[dotted] != nil || payload?.name == dotted || rowFields[dotted] != nil { return resolveName(dotted, whole) }
            let prefix = baseName + "."
            let members = symbols.keys.filter { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) }
            if !members.isEmpty {
                return error(.unknownMember, "'\(baseName)' has no member '\(name)'\(diagnostics.didYouMean(name, in: members))", nameRange,
                             notes: [DiagnosticNote("its members are " + members.sorted().map { "'\($0)'" }.joined(separator: ", "))])
            }
        }
        guard let b = infer(base) else { return nil }
        var type = b.type
        let chained = optional || isChained(b.expr)
        if optional {
            guard case .optional(let wrapped) = isFiredRead(b.expr) ? .makeOptional(type) : type else {
                return error(.typeMismatch, "'?.' needs an optional, but '\(type)' is not optional; use '.'", nameRange)
            }
            type = wrapped
        } else if case .optional(let wrapped) = type {
            if isChained(b.expr) {
                type = wrapped
            } else {
                return error(.optionalMember, "'\(type)' is optional; use '?.\(name)' or unwrap it with '??'", nameRange)
            }
        }
        let result: (TypedExpr.Member, SpecType)?
        switch type {
        case .string, .list:
            result = BuiltinCatalog.properties.lazy.compactMap { p -> (TypedExpr.Member, SpecType)? in
                guard p.name == name, let element = p.receiver.bind(type, element: nil), let t = p.type.resolved(element: element) else { return nil }
                return (p.member, t)
            }.first
        case .color:
            result = Self.colorMember(name).map { ($0, .double) }
        case .error:
            if name == "body" {
                let example = table.errorBodies.sorted().first ?? "FieldErrors"
                return error(.wrongArity, "'body' takes the type its body decodes to, as in '.body(\(example))'", nameRange,
                             notes: [DiagnosticNote("a service's 'errorBody:' names the types its failures' bodies decode to")])
            }
            result = Self.errorMember(name)
        case .record(let record):
            let fields = table.records[record] ?? []
            if let i = fields.firstIndex(where: { $0.name == name }) {
                result = (.field(i), !chained && isFired(b.expr, name) ? fired?.type ?? fields[i].type : fields[i].type)
            } else {
                return error(.unknownMember, "'\(record)' has no field '\(name)'\(diagnostics.didYouMean(name, in: fields.map(\.name)))", nameRange,
                             notes: [Self.fieldsNote(fields)])
            }
        default:
            result = nil
        }
        guard let (member, memberType) = result else {
            let known: [String] = switch type {
            case .string, .list: BuiltinCatalog.properties.filter { $0.receiver.bind(type, element: nil) != nil }.map(\.name)
            case .color: ["white", "red", "green", "blue", "alpha"]
            case .error: Self.errorMembers + ["body"]
            default: []
            }
            let methods = BuiltinCatalog.methodNames(on: type).map { $0 + "()" }
            return error(.unknownMember, "'\(type)' has no member '\(name)'\(diagnostics.didYouMean(name, in: known))", nameRange,
                         notes: Self.membersNote(type, properties: known, methods: methods))
        }
        return (.member(b.expr, member, chained: chained), chained ? .makeOptional(memberType) : memberType)
    }

    func isChained(_ e: TypedExpr) -> Bool {
        if case .member(_, _, let chained) = e { return chained }
        return false
    }
}
