/// The type of a value in a spec. Optionals do not nest: `T??` is `T?`.
public indirect enum SpecType: Hashable, Sendable, CustomStringConvertible {
    case void, bool, int, double, string
    case optional(SpecType)
    case list(SpecType)
    /// A record declared under `types:`.
    case record(String)
    /// An enum declared under `types:`.
    case enumeration(String)
    /// A failure of a service or an action: `notEnabled`, `unknown`, `http(status)`, `decode`.
    case error
    /// A request to open another screen.
    case navigation
    /// A colour, white/alpha or RGB (``ColorValue``).
    case color

    /// The type as a spec writes it: `String`, `[Repo]`, `Int?`.
    public var description: String {
        switch self {
        case .void: return "Void"
        case .bool: return "Bool"
        case .int: return "Int"
        case .double: return "Double"
        case .string: return "String"
        case .optional(let t): return "\(t)?"
        case .list(let t): return "[\(t)]"
        case .record(let n), .enumeration(let n): return n
        case .error: return "Error"
        case .navigation: return "Navigation"
        case .color: return "Color"
        }
    }

    package static func makeOptional(_ t: SpecType) -> SpecType {
        if case .optional = t { return t }
        return .optional(t)
    }

    package var isOptional: Bool {
        if case .optional = self { return true }
        return false
    }

    /// The wrapped type of an optional, or the type itself.
    package var unwrapped: SpecType {
        if case .optional(let t) = self { return t }
        return self
    }

    package var isNumeric: Bool { self == .int || self == .double }

    /// Whether a value of `other` can be used where `self` is expected (a `T` where `T?` is).
    package func accepts(_ other: SpecType) -> Bool {
        if self == other { return true }
        if case .optional(let wrapped) = self {
            if case .optional(let o) = other { return wrapped.accepts(o) }
            return wrapped.accepts(other)
        }
        if case .list(let a) = self, case .list(let b) = other { return a.accepts(b) }
        return false
    }
}

// Codable is synthesised here, in the types' own file (Swift requires it): the JSON of a
// compiled spec (see `CompiledSpec`).
extension SpecType: Codable {}
