/// Every builtin function and method of the expression language, one ``BuiltinEntry`` each: how
/// it is written (its spellings and their parameter types, which the checker resolves) and what
/// it does (its implementation, which the expression compiler calls). A new builtin is one entry
/// in one of the `Builtins+*.swift` files and a line in ``all``; nothing else knows builtins by name.
///
/// Closure methods (`map { }`, `filter { }`, …) bind `$0` and are typed by the checker itself
/// (``TypedExpr/ClosureBuiltin``); properties (`count`, `isEmpty`, `first`, `last`) are members
/// (``TypedExpr/Member``), listed in ``properties`` for their typing.
package enum BuiltinCatalog {
    /// Every entry; ids are unique (a test checks it).
    package static let all: [BuiltinEntry] = numbers + text + formatting + lists + listMoves + records + colors + errors + collections + clock + sets + slices

    private static let byID: [String: BuiltinEntry] = Dictionary(all.map { ($0.builtin.id, $0) }, uniquingKeysWith: { first, _ in first })

    /// The entry of a compiled builtin, nil for an id this engine does not have (a compiled spec
    /// from elsewhere).
    package static func entry(_ builtin: TypedExpr.Builtin) -> BuiltinEntry? { byID[builtin.id] }

    /// The spellings of free functions called `name` (`min(a, b)`), each with its entry.
    package static func functions(named name: String) -> [(entry: BuiltinEntry, spelling: BuiltinSpelling)] {
        all.flatMap { entry in entry.spellings.filter { $0.name == name && $0.receiver == nil }.map { (entry, $0) } }
    }

    /// The spellings of methods called `name` whose receiver accepts `receiver` (`s.uppercased()`).
    package static func methods(named name: String, on receiver: SpecType) -> [(entry: BuiltinEntry, spelling: BuiltinSpelling)] {
        all.flatMap { entry in entry.spellings.filter { $0.name == name && $0.receiverBinding(receiver) != nil }.map { (entry, $0) } }
    }

    /// The names of free functions, for "did you mean" and the list in messages.
    package static var functionNames: [String] {
        var seen: Set<String> = []
        return all.flatMap { $0.spellings.filter { $0.receiver == nil }.map(\.name) }.filter { seen.insert($0).inserted }
    }

    /// The names of the methods a value of type `receiver` has.
    package static func methodNames(on receiver: SpecType) -> [String] {
        var seen: Set<String> = []
        let spelt = all.flatMap { $0.spellings.filter { $0.receiverBinding(receiver) != nil }.map(\.name) }
        // The labeled list moves have no spellings: the checker types them (see `labeledListMoves`).
        let labeled: [String] = if case .list = receiver { labeledListMoves } else { [] }
        return (spelt + labeled).filter { seen.insert($0).inserted }
    }

    /// Properties of strings and lists: name, receiver, member and type (over `T`, a list's element).
    package static let properties: [(name: String, receiver: BuiltinType, member: TypedExpr.Member, type: BuiltinType)] = [
        ("count", .exact(.string), .stringCount, .exact(.int)),
        ("isEmpty", .exact(.string), .stringIsEmpty, .exact(.bool)),
        ("isNumber", .exact(.string), .stringIsNumber, .exact(.bool)),
        ("isLetter", .exact(.string), .stringIsLetter, .exact(.bool)),
        ("isWhitespace", .exact(.string), .stringIsWhitespace, .exact(.bool)),
        ("isUppercase", .exact(.string), .stringIsUppercase, .exact(.bool)),
        ("isLowercase", .exact(.string), .stringIsLowercase, .exact(.bool)),
        ("isPunctuation", .exact(.string), .stringIsPunctuation, .exact(.bool)),
        ("count", .list(.element), .listCount, .exact(.int)),
        ("isEmpty", .list(.element), .listIsEmpty, .exact(.bool)),
        ("first", .list(.element), .listFirst, .optional(.element)),
        ("last", .list(.element), .listLast, .optional(.element)),
    ]
}

/// One builtin: its compiled id, the ways it is written, and its implementation.
package struct BuiltinEntry: Sendable {
    package let builtin: TypedExpr.Builtin
    /// Spellings that call it: `min(Int, Int)`; `rgb(r, g, b)` and `rgba(r, g, b, a)` alike.
    package let spellings: [BuiltinSpelling]
    /// How many compiled arguments a call has (the receiver, the arguments, the appended
    /// constants): what the implementation may index, checked when a compiled spec is loaded.
    package let argumentCounts: Set<Int>
    /// For an entry whose argument count varies (`String(format:)`, `with(…)`), in place of
    /// ``argumentCounts``: why the typed arguments of a compiled call are not ones it can run,
    /// nil when they are.
    package let validate: (@Sendable (_ arguments: [TypedExpr]) -> String?)?
    /// Given the compiled arguments (the receiver first for a method), the compiled call.
    package let implementation: @Sendable (_ arguments: [CompiledExpr]) -> CompiledExpr

    /// `arguments`: the argument counts of an entry without spellings (one the checker writes
    /// itself); `validate`: the rule of a variadic one instead.
    init(_ id: String, _ spellings: [BuiltinSpelling], arguments: Set<Int> = [],
         validate: (@Sendable (_ arguments: [TypedExpr]) -> String?)? = nil,
         implementation: @escaping @Sendable (_ arguments: [CompiledExpr]) -> CompiledExpr) {
        self.builtin = TypedExpr.Builtin(id)
        self.spellings = spellings
        self.argumentCounts = arguments.union(spellings.map { ($0.receiver == nil ? 0 : 1) + $0.parameters.count + $0.appended.count })
        self.validate = validate
        self.implementation = implementation
    }

    /// Why a compiled call with `arguments` cannot run, nil when it can.
    package func problem(with arguments: [TypedExpr]) -> String? {
        if let validate { return validate(arguments) }
        guard argumentCounts.contains(arguments.count) else {
            return "with \(arguments.count) arguments, which takes \(argumentCounts.sorted().map(String.init).joined(separator: " or "))"
        }
        return nil
    }
}

/// How a builtin is written: a function `name(parameters)` or a method `receiver.name(parameters)`.
package struct BuiltinSpelling: Sendable {
    package let name: String
    /// The type of the value before the dot; nil for a free function.
    package let receiver: BuiltinType?
    package let parameters: [BuiltinType]
    /// Constants passed after the arguments written: `joined()` is `joined("")`, `rgb(r, g, b)`
    /// is `rgba(r, g, b, 1)`.
    package let appended: [Value]
    package let result: BuiltinType

    package static func function(_ name: String, _ parameters: [BuiltinType], appending: [Value] = [], _ result: BuiltinType) -> BuiltinSpelling {
        BuiltinSpelling(name: name, receiver: nil, parameters: parameters, appended: appending, result: result)
    }

    package static func method(_ name: String, on receiver: BuiltinType, _ parameters: [BuiltinType], appending: [Value] = [],
                               _ result: BuiltinType) -> BuiltinSpelling {
        BuiltinSpelling(name: name, receiver: receiver, parameters: parameters, appended: appending, result: result)
    }

    /// `T` (a list's element) bound by a receiver of type `type`, `.void` when nothing binds it;
    /// nil when the receiver does not fit.
    package func receiverBinding(_ type: SpecType) -> SpecType? {
        guard let receiver else { return nil }
        return receiver.bind(type, element: nil)
    }
}

/// A parameter, receiver or result type of a builtin, over `T` (the element of a list receiver).
package indirect enum BuiltinType: Sendable, Equatable, CustomStringConvertible {
    case exact(SpecType)
    /// Any type (`String(x)` describes anything).
    case any
    /// `T`, the element of the receiver list.
    case element
    case list(BuiltinType)
    case optional(BuiltinType)

    /// `T` if `type` fits this pattern (`.void` when the pattern binds none); nil when it does not fit.
    package func bind(_ type: SpecType, element: SpecType?) -> SpecType? {
        switch self {
        case .exact(let t): return t == type ? (element ?? .void) : nil
        case .any: return element ?? .void
        case .element:
            if let element { return element == type ? element : nil }
            return type
        case .list(let inner):
            guard case .list(let e) = type else { return nil }
            return inner.bind(e, element: element)
        case .optional(let inner):
            return inner.bind(type.unwrapped, element: element)
        }
    }

    /// The type with `T` replaced by `element`; nil for `any`.
    package func resolved(element: SpecType) -> SpecType? {
        switch self {
        case .exact(let t): return t
        case .any: return nil
        case .element: return element
        case .list(let inner): return inner.resolved(element: element).map { .list($0) }
        case .optional(let inner): return inner.resolved(element: element).map { .makeOptional($0) }
        }
    }

    package var description: String {
        switch self {
        case .exact(let t): return "\(t)"
        case .any: return "any value"
        case .element: return "T"
        case .list(let inner): return "[\(inner)]"
        case .optional(let inner): return "\(inner)?"
        }
    }
}

// A builtin is written in a compiled spec as `{"minInt": {}}`, the shape an enum case without
// payload has, so compiled specs keep their format.
extension TypedExpr.Builtin: Codable {
    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    private struct Empty: Codable {}

    package init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        guard container.allKeys.count == 1, let key = container.allKeys.first else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "a builtin is one key, its id"))
        }
        _ = try container.decode(Empty.self, forKey: key)
        self.init(key.stringValue)
    }

    package func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(Empty(), forKey: Key(stringValue: id))
    }
}
