@_spi(Engine) import SpecProgram

/// Compiles a ``TypedExpr`` once into nested closures: no name lookups and no type dispatch on
/// the hot path beyond the value's own tag. Integer arithmetic reports overflow instead of trapping.
package enum ExpressionCompiler {
    /// A Swift `Character` test (`isNumber`, …) over a text: true when it is not empty and every
    /// character passes (a one-character text is what a string's closure methods hand `$0`).
    static func everyCharacter(_ s: String, _ ctx: EvalContext, _ test: (Character) -> Bool) throws(EvalError) -> Value {
        try ctx.spend(s.utf8.count)
        return .bool(!s.isEmpty && s.allSatisfy(test))
    }

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
    package static func compile(_ expr: TypedExpr) -> CompiledExpr { compile(expr, instrumentation: nil) }

    /// `expr` compiled; with `instrumentation`, each probe reports to it which way it went (see
    /// ``ScreenInstrumentation``), without, a probe costs nothing.
    static func compile(_ expr: TypedExpr, instrumentation: (any ScreenInstrumentation)?) -> CompiledExpr {
        // Sub-expressions compile with the same instrumentation as the whole.
        func compile(_ e: TypedExpr) -> CompiledExpr { ExpressionCompiler.compile(e, instrumentation: instrumentation) }
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
        case .outerClosureArgument(let n):
            return { ctx in
                let i = ctx.closureArguments.count - 1 - n
                return i >= 0 && i < ctx.closureArguments.count ? ctx.closureArguments[i] : .none
            }
        case .operatorArgument(let i):
            return { ctx in i < ctx.operatorArguments.count ? ctx.operatorArguments[i] : .none }
        case .not, .and, .or, .order:
            // Conditions build no `Value` until their result (ScalarCompiler.swift).
            let condition = compileCondition(expr, instrumentation: instrumentation)
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
                let integer = compileInteger(expr, instrumentation: instrumentation)
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
                case .error(let e):
                    // The same failure whatever a backend's message or body ("Errors as values").
                    if case .error(let f) = y { return .bool(e.isSameFailure(as: f) != negated) }
                default: break
                }
                return .bool((x == y) != negated)
            }
        case .conditional(let c, let a, let b):
            if let i = nodeOperand(c, instrumentation: instrumentation) { return conditional(on: i, compile(a), compile(b)) }
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
                    if let text { s += text } else if let f { s += try ctx.describe(try f(ctx)) }
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
            guard let instrumentation = instrumentation else { return compile(inner) }
            return probe(site, inner, instrumentation)
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
            case (.stringIsNumber, .string(let s)): return try ExpressionCompiler.everyCharacter(s, ctx, \.isNumber)
            case (.stringIsLetter, .string(let s)): return try ExpressionCompiler.everyCharacter(s, ctx, \.isLetter)
            case (.stringIsWhitespace, .string(let s)): return try ExpressionCompiler.everyCharacter(s, ctx, \.isWhitespace)
            case (.stringIsUppercase, .string(let s)): return try ExpressionCompiler.everyCharacter(s, ctx, \.isUppercase)
            case (.stringIsLowercase, .string(let s)): return try ExpressionCompiler.everyCharacter(s, ctx, \.isLowercase)
            case (.stringIsPunctuation, .string(let s)): return try ExpressionCompiler.everyCharacter(s, ctx, \.isPunctuation)
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
