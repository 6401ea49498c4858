/// What an expression reads while it runs: the graph's current values, the event being handled
/// and the arguments of enclosing closures.
package final class EvalContext {
    // Unchecked for speed, as the graph's own state (see ScreenGraph): every access is a plain read
    // or write that calls no other code while it lasts.
    @exclusivity(unchecked) package var values: [Value]
    @exclusivity(unchecked) var payload: Value = .void
    @exclusivity(unchecked) var closureArguments: [Value] = []
    /// `$0`, `$1` of the operator expression being evaluated.
    @exclusivity(unchecked) var operatorArguments: [Value] = []
    /// Per node, whether it has no value (see `ScreenGraph.markValueless`); empty while every node
    /// has one, so that a read costs one test of `isEmpty`.
    @exclusivity(unchecked) package var valueless: [Bool] = []
    /// Node names, for the message of a read of a node with no value.
    let names: [String]
    /// The most characters (UTF-8 bytes) in a string or elements in a list an expression may
    /// build; see ``ScenarioRunner/maximumValueSize``.
    package var maximumValueSize = Int.max
    /// List elements and characters the expressions went through so far (copied, mapped,
    /// searched, printed); see ``ScenarioRunner/maximumWork``.
    @exclusivity(unchecked) package var work = 0
    package var maximumWork = Int.max
    /// Set when an expression went past ``maximumValueSize`` or ``maximumWork``: the scenario stops.
    @exclusivity(unchecked) package var exceeded: String?

    package init(values: [Value], names: [String] = []) {
        self.values = values
        self.names = names
    }

    /// The error for a string or list that would grow past ``maximumValueSize``; records it so
    /// the graph's owner can stop the scenario.
    func tooLarge(_ what: String, _ size: Int) -> EvalError {
        let message = what == "value"
            ? "a value too large to print as text (more than \(maximumValueSize) elements and characters)"
            : "a \(what) of \(size) \(what == "string" ? "characters" : "elements") is larger than the limit of \(maximumValueSize)"
        if exceeded == nil { exceeded = message }
        return EvalError(message: message)
    }

    /// Counts `elements` of work; past ``maximumWork`` the expression fails and the scenario stops.
    @inline(__always)
    func spend(_ elements: Int) throws(EvalError) {
        work &+= elements
        if work > maximumWork {
            let message = "the expressions went through more than \(maximumWork) list elements and characters (the work budget)"
            if exceeded == nil { exceeded = message }
            throw EvalError(message: message)
        }
    }

    /// Throws ``noValue(_:)`` when `node` has no value. Out of line: the compiled read of a node
    /// calls it only for a `.none` while some node has no value.
    @inline(never)
    func checkHasValue(_ node: Int) throws(EvalError) {
        if valueless[node] { throw noValue(node) }
    }

    /// A read of a node with no value fails, rather than passing a placeholder on.
    func noValue(_ node: Int) -> EvalError {
        EvalError(message: "'\(node < names.count ? names[node] : "?")' has no value (its expression failed)")
    }
}

/// An expression failed while running; the graph reports it and keeps going, and a stream ends
/// with it (an error event).
package struct EvalError: Error {
    var message: String
    /// The error `fail(…)` raised; nil for a failure of the evaluation itself (overflow, division
    /// by zero), which a stream ends with as an `evaluation` error carrying ``message``.
    var raised: ErrorValue?

    init(message: String) {
        self.message = message
    }

    /// `fail(error)`.
    init(raising error: ErrorValue) {
        self.message = "'fail(.\(ValueFormatter.text(.error(error))))'"
        self.raised = error
    }

    /// The error a stream ends with when its expression fails so.
    var streamError: ErrorValue { raised ?? ErrorValue(.evaluation, message: message) }
}

package typealias CompiledExpr = (EvalContext) throws(EvalError) -> Value

/// Compiles a ``TypedExpr`` once into nested closures: no name lookups and no type dispatch on
/// the hot path beyond the value's own tag. Integer arithmetic reports overflow instead of trapping.
package enum ExpressionCompiler {
    /// `s.count`, the Characters of `s`, which Swift finds by walking grapheme boundaries: in the
    /// login form's `email.count >= 10` that walk was a tenth of a change. ASCII text, the usual
    /// case, is counted from its bytes instead: every ASCII byte is one Character but a "\r\n"
    /// pair, which is one. Eight bytes are tested at a time (any byte past ASCII, any "\r"); only
    /// text with a "\r" takes the byte loop that counts pairs. Any other text is counted by
    /// `String`. The bytes are read where they are (`withContiguousStorageIfAvailable` does not
    /// copy the string, as the mutating `withUTF8` did).
    @inline(__always)
    static func characterCount(_ s: String) -> Int {
        let ascii: Int?? = s.utf8.withContiguousStorageIfAvailable { bytes -> Int? in
            guard let base = bytes.baseAddress else { return 0 }
            let n = bytes.count
            var i = 0
            var sawCR = false
            let raw = UnsafeRawPointer(base)
            while i &+ 8 <= n {
                let word = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                if word & 0x8080_8080_8080_8080 != 0 { return nil }
                // A zero byte in `word ^ CRs` is a "\r" in `word` (the classic has-zero-byte test).
                let x = word ^ 0x0D0D_0D0D_0D0D_0D0D
                if (x &- 0x0101_0101_0101_0101) & ~x & 0x8080_8080_8080_8080 != 0 { sawCR = true }
                i &+= 8
            }
            while i < n {
                let b = base[i]
                if b >= 0x80 { return nil }
                if b == 0x0D { sawCR = true }
                i &+= 1
            }
            guard sawCR else { return n }
            var pairs = 0
            var afterCR = false
            for b in bytes {
                if b == 0x0A && afterCR { pairs += 1 }
                afterCR = b == 0x0D
            }
            return n - pairs
        }
        if let ascii, let count = ascii { return count }
        return s.count
    }

    /// `expr` compiled without instrumentation: a probe compiles to what it wraps.
    package static func compile(_ expr: TypedExpr) -> CompiledExpr { compile(expr, coverage: nil) }

    /// `expr` compiled; with `coverage`, each probe reports to it which way it went (see
    /// ``CoverageRecorder``), without, a probe costs nothing.
    static func compile(_ expr: TypedExpr, coverage: CoverageRecorder?) -> CompiledExpr {
        // Sub-expressions compile with the same instrumentation as the whole.
        func compile(_ e: TypedExpr) -> CompiledExpr { ExpressionCompiler.compile(e, coverage: coverage) }
        switch expr {
        case .constant(let v):
            return { _ in v }
        case .node(let i):
            // The hot read of every expression. A node with no value holds `.none` (see
            // `ScreenGraph.markValueless`), so only a `.none` looks at `valueless`: an ordinary read
            // costs one test of the tag it loads anyway, and the throw stays out of line.
            return { ctx throws(EvalError) in
                let value = ctx.values[i]
                if case .none = value, !ctx.valueless.isEmpty { try ctx.checkHasValue(i) }
                return value
            }
        case .eventPayload:
            return { ctx in ctx.payload }
        case .closureArgument:
            return { ctx in ctx.closureArguments.last ?? .none }
        case .operatorArgument(let i):
            return { ctx in i < ctx.operatorArguments.count ? ctx.operatorArguments[i] : .none }
        case .not, .and, .or, .order:
            // Conditions build no `Value` until their result (ScalarCompiler.swift).
            let condition = compileCondition(expr, coverage: coverage)
            return { ctx throws(EvalError) in .bool(try condition(ctx)) }
        case .negate(let e, let kind):
            let f = compile(e)
            if kind == .double {
                return { ctx throws(EvalError) in
                    guard case .double(let d) = try f(ctx) else { return .none }
                    return .double(-d)
                }
            }
            return { ctx throws(EvalError) in
                guard case .int(let i) = try f(ctx) else { return .none }
                let (r, o) = Int(0).subtractingReportingOverflow(i)
                if o { throw EvalError(message: "integer overflow negating \(i)") }
                return .int(r)
            }
        case .arithmetic(let op, let kind, let a, let b):
            guard kind == .double else {
                // Integer arithmetic builds no `Value` until its result (ScalarCompiler.swift).
                let integer = compileInteger(expr, coverage: coverage)
                return { ctx throws(EvalError) in
                    guard let i = try integer(ctx) else { return .none }
                    return .int(i)
                }
            }
            return arithmetic(op, compile(a), compile(b))
        case .concatenate(let a, let b, let isString):
            let fa = compile(a), fb = compile(b)
            if isString {
                return { ctx throws(EvalError) in
                    guard case .string(let x) = try fa(ctx), case .string(let y) = try fb(ctx) else { return .none }
                    let size = x.utf8.count + y.utf8.count
                    if size > ctx.maximumValueSize { throw ctx.tooLarge("string", size) }
                    try ctx.spend(size)
                    return .string(x + y)
                }
            }
            return { ctx throws(EvalError) in
                guard case .list(let x) = try fa(ctx), case .list(let y) = try fb(ctx) else { return .none }
                if x.count + y.count > ctx.maximumValueSize { throw ctx.tooLarge("list", x.count + y.count) }
                try ctx.spend(x.count + y.count)
                return .list(x + y)
            }
        case .equal(let a, let b, let negated):
            let fa = compile(a), fb = compile(b)
            return { ctx throws(EvalError) in
                let x = try fa(ctx), y = try fb(ctx)
                switch x {
                case .list(let l): try ctx.spend(l.count)
                case .string(let t): try ctx.spend(t.utf8.count)
                default: break
                }
                return .bool((x == y) != negated)
            }
        case .conditional(let c, let a, let b):
            let fc = compile(c), fa = compile(a), fb = compile(b)
            return { ctx throws(EvalError) in (try fc(ctx)).boolValue ? try fa(ctx) : try fb(ctx) }
        case .coalesce(let a, let b):
            let fa = compile(a), fb = compile(b)
            return { ctx throws(EvalError) in
                let v = try fa(ctx)
                if case .none = v { return try fb(ctx) }
                return v
            }
        case .member(let base, let member, let chained):
            return self.member(compile(base), member, chained: chained)
        case .call(let builtin, let arguments):
            return call(builtin, arguments.map(compile))
        case .closureCall(let kind, let list, let body):
            return closureCall(kind, compile(list), compile(body))
        case .interpolation(let parts):
            let compiled: [(String?, CompiledExpr?)] = parts.map {
                switch $0 {
                case .text(let t): return (t, nil)
                case .value(let e): return (nil, compile(e))
                }
            }
            return { ctx throws(EvalError) in
                var s = ""
                for (text, f) in compiled {
                    if let text { s += text } else if let f { s += try describe(try f(ctx), ctx) }
                    if s.utf8.count > ctx.maximumValueSize { throw ctx.tooLarge("string", s.utf8.count) }
                }
                try ctx.spend(s.utf8.count)
                return .string(s)
            }
        case .list(let items):
            let fs = items.map(compile)
            return { ctx throws(EvalError) in
                var out: [Value] = []
                out.reserveCapacity(fs.count)
                for f in fs { out.append(try f(ctx)) }
                return .list(out)
            }
        case .makeRecord(let type, let names, let fields):
            let fs = fields.map(compile)
            return { ctx throws(EvalError) in
                var out: [Value] = []
                for f in fs { out.append(try f(ctx)) }
                return .record(RecordValue(type: type, fieldNames: names, fields: out))
            }
        case .probe(let site, let inner):
            guard let recorder = coverage else { return compile(inner) }
            return probe(site, inner, recorder)
        case .makeNavigation(let screen, let names, let params):
            let fs = params.map(compile)
            return { ctx throws(EvalError) in
                var out: [Value] = []
                for f in fs { out.append(try f(ctx)) }
                return .navigation(NavigationValue(screen: screen, paramNames: names, params: out))
            }
        }
    }

    /// How a value reads inside string interpolation: strings without quotes.
    static func describe(_ v: Value) -> String {
        if case .string(let s) = v { return s }
        return ValueFormatter.text(v)
    }

    /// `describe`, refusing a value too large to print within the context's value-size limit
    /// (a list of shared parts can be small in memory and terabytes as text).
    static func describe(_ v: Value, _ ctx: EvalContext) throws(EvalError) -> String {
        if case .string(let s) = v { return s }
        let size = v.size(upTo: ctx.maximumValueSize)
        if size > ctx.maximumValueSize { throw ctx.tooLarge("value", size) }
        try ctx.spend(size)
        return ValueFormatter.text(v)
    }

    /// Double arithmetic (integer arithmetic is `compileInteger`'s, in ScalarCompiler.swift).
    private static func arithmetic(_ op: TypedExpr.ArithmeticOperator, _ fa: @escaping CompiledExpr, _ fb: @escaping CompiledExpr) -> CompiledExpr {
        { ctx throws(EvalError) in
            guard case .double(let x) = try fa(ctx), case .double(let y) = try fb(ctx) else { return .none }
            switch op {
            case .add: return .double(x + y)
            case .subtract: return .double(x - y)
            case .multiply: return .double(x * y)
            case .divide: return .double(x / y)
            case .remainder: return .double(x.truncatingRemainder(dividingBy: y))
            }
        }
    }

    static func order(_ op: TypedExpr.OrderOperator, _ fa: @escaping CompiledExpr, _ fb: @escaping CompiledExpr) -> CompiledExpr {
        { ctx throws(EvalError) in
            let a = try fa(ctx), b = try fb(ctx)
            let less: Bool, equal: Bool
            switch (a, b) {
            case (.int(let x), .int(let y)): (less, equal) = (x < y, x == y)
            case (.double(let x), .double(let y)): (less, equal) = (x < y, x == y)
            case (.string(let x), .string(let y)): (less, equal) = (x < y, x == y)
            default: return .bool(false)
            }
            switch op {
            case .less: return .bool(less)
            case .lessOrEqual: return .bool(less || equal)
            case .greater: return .bool(!less && !equal)
            case .greaterOrEqual: return .bool(!less)
            }
        }
    }

    private static func member(_ f: @escaping CompiledExpr, _ member: TypedExpr.Member, chained: Bool) -> CompiledExpr {
        if case .errorKind = member {
            // The `ErrorKind` values are built once here, not per event.
            func kind(_ k: ErrorValue.Kind) -> Value { .enumCase(EnumValue(type: ErrorValue.kindTypeName, caseName: k.rawValue)) }
            let (notEnabled, unknown, http, decode, evaluation) = (kind(.notEnabled), kind(.unknown), kind(.http), kind(.decode), kind(.evaluation))
            let timeout = kind(.timeout)
            return { ctx throws(EvalError) in
                guard case .error(let e) = try f(ctx) else { return .none }
                switch e.kind {
                case .notEnabled: return notEnabled
                case .unknown: return unknown
                case .http: return http
                case .decode: return decode
                case .evaluation: return evaluation
                case .timeout: return timeout
                }
            }
        }
        return { ctx throws(EvalError) in
            let base = try f(ctx)
            switch (member, base) {
            case (_, .none): return .none
            case (.field(let i), .record(let r)): return i < r.fields.count ? r.fields[i] : .none
            case (.stringCount, .string(let s)): return .int(ExpressionCompiler.characterCount(s))
            case (.stringIsEmpty, .string(let s)): return .bool(s.isEmpty)
            case (.listCount, .list(let l)): return .int(l.count)
            case (.listIsEmpty, .list(let l)): return .bool(l.isEmpty)
            case (.listFirst, .list(let l)): return l.first ?? .none
            case (.listLast, .list(let l)): return l.last ?? .none
            case (.colorWhite, .color(let c)): return .double(c.white)
            case (.colorRed, .color(let c)): return .double(c.red)
            case (.colorGreen, .color(let c)): return .double(c.green)
            case (.colorBlue, .color(let c)): return .double(c.blue)
            case (.colorAlpha, .color(let c)): return .double(c.alpha)
            case (.errorStatus, .error(let e)): return e.status.map(Value.int) ?? .none
            case (.errorMessage, .error(let e)): return .string(e.messageText)
            default: return .none
            }
        }
    }

    /// A builtin's implementation, from ``BuiltinCatalog``. An id the catalogue does not have
    /// cannot reach here: the checker writes only catalogue ids, and a loaded compiled spec is
    /// validated first (``ProgramValidator``); it would give no value.
    private static func call(_ builtin: TypedExpr.Builtin, _ fs: [CompiledExpr]) -> CompiledExpr {
        guard let entry = BuiltinCatalog.entry(builtin) else { return { _ in .none } }
        return entry.implementation(fs)
    }

    private static func closureCall(_ kind: TypedExpr.ClosureBuiltin, _ fl: @escaping CompiledExpr, _ body: @escaping CompiledExpr) -> CompiledExpr {
        { ctx throws(EvalError) in
            guard case .list(let items) = try fl(ctx) else { return .none }
            try ctx.spend(items.count)
            var out: [Value] = []
            defer { ctx.closureArguments.removeLast() }
            ctx.closureArguments.append(.none)
            for item in items {
                ctx.closureArguments[ctx.closureArguments.count - 1] = item
                let r = try body(ctx)
                switch kind {
                case .map: out.append(r)
                case .filter: if r.boolValue { out.append(item) }
                case .containsWhere: if r.boolValue { return .bool(true) }
                case .firstWhere: if r.boolValue { return item }
                case .allSatisfy: if !r.boolValue { return .bool(false) }
                }
            }
            switch kind {
            case .map, .filter: return .list(out)
            case .containsWhere: return .bool(false)
            case .firstWhere: return .none
            case .allSatisfy: return .bool(true)
            }
        }
    }
}
