import ScreenSpec
import SpecRuntime

/// What the generated Swift of one spec declares, with every name already a Swift name (a
/// keyword in backquotes, ``SwiftNames/identifier(_:)``; a name built from it takes it
/// ``SwiftNames/bare(_:)``): built once from the checked spec (``ShapeBuilder``), then written as
/// a typed screen, an `@Observable` model or an RxSwift shape.
struct ScreenShape {
    /// The spec's `screen:` name.
    var screen: String
    /// `LoginScreen`, `LoginModel`, `LoginViewModel`.
    var screenType: String
    var modelType: String
    var rxType: String
    /// The spec file's name, for comments.
    var fileName: String
    /// The compiled program (`specrun compile`'s JSON).
    var program: String
    var records: [Record] = []
    var enums: [Enumeration] = []
    var params: [Param] = []
    /// The members of the screen, grouped by their names' first segment.
    var groups: [Group] = []
    var services: [Service] = []
    /// The screens this one navigates to, when it does.
    var destinations: [Destination] = []
    /// The streams the screen reads itself, by spec name: left out of the contract (``ContractWriter``).
    var plumbing: Set<String> = []

    struct Record {
        var swiftName: String
        var specName: String
        var fields: [(swiftName: String, specName: String, type: SwiftType)]
        /// For the record of a view model's rows or children: the fields the screen gives
        /// (`with:`, `params:`), by spec name, with the comment of their `let` saying who gives
        /// them: the screen computes it again, the row reads it and never writes it.
        var given: [String: String] = [:]
    }

    struct Enumeration {
        var swiftName: String
        var specName: String
        var cases: [(swiftName: String, specName: String)]
    }

    struct Param {
        var swiftName: String
        var specName: String
        var specType: String
        var type: SwiftType
    }

    /// One node of the screen as a member.
    struct Member {
        enum Kind: Equatable {
            /// An input property or state: read and written.
            case settable
            /// A param, a derived output, an output held as state: read.
            case current
            /// An event (a `Void` input): a method without arguments.
            case event
            /// A value input: a method taking the value.
            case valueInput
            /// A stream output, an action's elements or errors: its latest element.
            case stream
        }

        var specName: String
        var swiftName: String
        var kind: Kind
        /// Whether the view writes it (an input), not the view model (state, outputs).
        var isInput = false
        /// The spec's spelling of the type, checked against the program when the screen is made.
        var specType: String
        var type: SwiftType
    }

    /// The members whose names start with one segment: one member (`email`), an action
    /// (`login.enabled`…), or a member with members under it (`weather` and `weather.errors`).
    struct Group {
        var swiftName: String
        var specName: String
        /// The node named by the segment itself, when there is one.
        var main: Member?
        /// The members under it (`errors` of `weather.errors`), by the rest of their names.
        var children: [Member] = []
        /// The action, when the group is one.
        var action: Action?
        /// The nested type of a group that is more than one member (`LoginAction`, `WeatherGroup`).
        var nestedType: String?
        /// The inputs of its rows, when the group is a `cells:` entry (`cart`): each sent to a row
        /// by its identity (``RowInput``).
        var rowInputs: [RowInput] = []
        /// The actions of its rows, each executed directly on a row by its identity
        /// (``RowAction``).
        var rowActions: [RowAction] = []
    }

    struct Action {
        var specName: String
        /// The action's input, nil for none.
        var input: SwiftType?
        var inputSpecType: String
    }

    struct Service {
        var specName: String
        /// `auth.signIn` -> ["auth", "signIn"].
        var path: [String]
        /// The arguments struct (`AuthSignInArguments`), nil when the service takes none.
        var arguments: String?
        var argumentFields: [(swiftName: String, specName: String, type: SwiftType)]
        /// nil for `Void`.
        var returns: SwiftType?
    }

    struct Destination {
        var swiftCase: String
        var screen: String
        /// The target's generated screen type, when it is generated beside this one.
        var targetType: String?
    }

    /// The property of each node (by spec name) in the generated `Nodes`: unique Swift names, set
    /// once the members are known (``nodePropertyNames()``).
    var nodeNames: [String: String] = [:]
    /// The property of each row input and row action (by spec name, `cart.remove`) in the
    /// generated `Nodes`, unique among the nodes' (``rowInputPropertyNames()``).
    var rowInputNames: [String: String] = [:]

    /// Unique Swift names for the nodes of the parameters and the members.
    func nodePropertyNames() -> [String: String] {
        var names: [String: String] = [:]
        var used: Set<String> = []
        for specName in params.map(\.specName) + allMembers.map(\.specName) where names[specName] == nil {
            var name = SwiftNames.member(specName) ?? "node"
            if SwiftNames.keywords.contains(name) { name += "Node" }
            var candidate = name
            var n = 2
            while used.contains(candidate) {
                candidate = name + String(n)
                n += 1
            }
            used.insert(candidate)
            names[specName] = candidate
        }
        return names
    }

    /// Every member of every group, in order.
    var allMembers: [Member] {
        groups.flatMap { group in (group.main.map { [$0] } ?? []) + group.children }
    }
}

/// A Swift type for a spec type, with what a read of a node with no value gives.
indirect enum SwiftType: Equatable {
    case bool, int, double, string, void, error, color
    case named(String, empty: String)
    case optional(SwiftType)
    case list(SwiftType)
    /// A `Navigation`: the screen's `Destination` when it navigates, else `ScreenNavigation`.
    case navigation(String)

    /// The Swift spelling, inside the screen's type (nested types by their short names).
    var spelling: String {
        switch self {
        case .bool: return "Bool"
        case .int: return "Int"
        case .double: return "Double"
        case .string: return "String"
        case .void: return "Void"
        case .error: return "ErrorValue"
        case .color: return "ColorValue"
        case .named(let name, _): return name
        case .optional(let wrapped): return wrapped.isOptional ? "(\(wrapped.spelling))?" : "\(wrapped.spelling)?"
        case .list(let element): return "[\(element.spelling)]"
        case .navigation(let name): return name
        }
    }

    /// The spelling from outside the screen's type (`LoginScreen.Goal`).
    func qualified(in screen: String) -> String {
        switch self {
        case .named(let name, _): return "\(screen).\(name)"
        case .navigation(let name): return name == "ScreenNavigation" ? name : "\(screen).\(name)"
        case .optional(let wrapped): return wrapped.isOptional ? "(\(wrapped.qualified(in: screen)))?" : "\(wrapped.qualified(in: screen))?"
        case .list(let element): return "[\(element.qualified(in: screen))]"
        default: return spelling
        }
    }

    var isOptional: Bool {
        if case .optional = self { return true }
        return false
    }

    /// The value a node of this type with no value reads as.
    var empty: String {
        switch self {
        case .bool: return "false"
        case .int, .double: return "0"
        case .string: return "\"\""
        case .void: return "()"
        case .error: return ".unknownError"
        case .color: return ".black"
        case .named(_, let empty): return empty
        case .optional, .navigation: return "nil"
        case .list: return "[]"
        }
    }

    /// Whether a navigation is in it (read and observed apart from `Codable` values).
    var isNavigation: Bool {
        switch self {
        case .navigation: return true
        case .optional(let wrapped): return wrapped.isNavigation
        default: return false
        }
    }
}
