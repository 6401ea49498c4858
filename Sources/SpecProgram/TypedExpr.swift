/// An expression after checking: names resolved to node indices, every operation typed.
/// The runtime compiles it once into closures; it never looks a name up again.
package indirect enum TypedExpr: Sendable {
    case constant(Value)
    /// The current value of graph node `index`.
    case node(Int)
    /// The value carried by the event being handled (a handler's `on:`, an action's trigger).
    case eventPayload
    /// `$0` of the innermost closure.
    case closureArgument
    /// The argument of the closure `n` closures out from the innermost (`n` ≥ 1): `p` in
    /// `polled.filter { p in !messages.contains { $0.id == p.id } }`, read from the inner closure.
    case outerClosureArgument(Int)
    /// `$N` of an operator's expression: `$0` the element (or `scan`'s accumulator), `$1` the next.
    case operatorArgument(Int)
    case not(TypedExpr)
    case negate(TypedExpr, NumericKind)
    case arithmetic(ArithmeticOperator, NumericKind, TypedExpr, TypedExpr)
    case concatenate(TypedExpr, TypedExpr, isString: Bool)
    case equal(TypedExpr, TypedExpr, negated: Bool)
    case order(OrderOperator, TypedExpr, TypedExpr)
    case and(TypedExpr, TypedExpr)
    case or(TypedExpr, TypedExpr)
    case conditional(TypedExpr, TypedExpr, TypedExpr)
    case coalesce(TypedExpr, TypedExpr)
    /// A member of the value; when `chained`, a nil base gives nil (`a?.b`).
    case member(TypedExpr, Member, chained: Bool)
    case call(Builtin, [TypedExpr])
    /// `list.map { body }`, `list.filter { body }` and friends, with `$0` bound to each element.
    case closureCall(ClosureBuiltin, TypedExpr, body: TypedExpr)
    case interpolation([TypedInterpolationPart])
    case list([TypedExpr])
    case makeRecord(type: String, fieldNames: [String], [TypedExpr])
    case makeNavigation(screen: String, paramNames: [String], [TypedExpr])
    /// `expr`, whose ways of evaluating coverage counts at `site`; evaluates exactly as `expr`.
    case probe(ProbeSite, TypedExpr)

    package enum NumericKind: Sendable { case int, double }

    package enum ArithmeticOperator: Sendable { case add, subtract, multiply, divide, remainder }

    package enum OrderOperator: Sendable { case less, lessOrEqual, greater, greaterOrEqual }

    package enum Member: Sendable {
        case field(Int)
        case stringCount, stringIsEmpty
        /// Swift's `Character` tests on a text (one character, as a string's closure methods
        /// hand it): true when it is not empty and every character passes.
        case stringIsNumber, stringIsLetter, stringIsWhitespace, stringIsUppercase, stringIsLowercase, stringIsPunctuation
        case listCount, listIsEmpty, listFirst, listLast
        case colorWhite, colorRed, colorGreen, colorBlue, colorAlpha
        /// `error.kind` (an `ErrorKind` case), `error.status` (`Int?`), `error.message` (`String`).
        case errorKind, errorStatus, errorMessage
    }

    /// A builtin function or method by its catalogue id (``BuiltinCatalog``): `minInt`,
    /// `uppercased`, … A struct rather than an enum, so that a new builtin is one catalogue entry.
    package struct Builtin: Hashable, Sendable {
        /// The id the catalogue knows the implementation by; unique across builtins.
        package let id: String

        package init(_ id: String) { self.id = id }
    }

    package enum ClosureBuiltin: Sendable { case map, filter, containsWhere, firstWhere, allSatisfy }
}

package enum TypedInterpolationPart: Sendable {
    case text(String)
    case value(TypedExpr)
}

extension TypedExpr {
    /// The expression without a coverage probe around it.
    package var unprobed: TypedExpr {
        if case .probe(_, let inner) = self { return inner.unprobed }
        return self
    }
}

// Codable is synthesised here, in the types' own file (Swift requires it): the JSON of a
// compiled spec (see `CompiledSpec`).
extension TypedExpr: Codable {}
extension TypedExpr.NumericKind: Codable {}
extension TypedExpr.ArithmeticOperator: Codable {}
extension TypedExpr.OrderOperator: Codable {}
extension TypedExpr.Member: Codable {}
extension TypedExpr.ClosureBuiltin: Codable {}
extension TypedInterpolationPart: Codable {}
