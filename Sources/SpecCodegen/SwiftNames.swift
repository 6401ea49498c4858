/// Swift names for a spec's names: lowerCamelCase members, UpperCamelCase types, checked against
/// Swift's keywords and each other.
///
/// A member that is a keyword is written in backquotes wherever the generated code names it, a
/// declaration or a use after a dot (`` `default` ``, ``screen.rows.`open`(row:)``), as Swift lets
/// any keyword name a member that way; an argument label takes it bare (`Parameters(default: 1)`).
/// Only ``unrepresentable`` names, names with no letters and names starting with a digit are
/// refused.
enum SwiftNames {
    /// Swift's reserved words, and the contextual ones the generated code writes in backquotes
    /// (The Swift Programming Language, "Lexical Structure: Keywords"); `Protocol` and `Type` are
    /// among them, and ``unrepresentable`` refuses them.
    static let keywords: Set<String> = [
        "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension", "fileprivate", "func",
        "import", "init", "inout", "internal", "let", "nonisolated", "open", "operator", "private", "precedencegroup",
        "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias", "var",
        "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard", "if",
        "in", "repeat", "return", "throw", "switch", "where", "while",
        "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try",
        "Protocol", "Type",
    ]

    /// Members no backquote makes usable in the generated code: `self` and `Self` would hide the
    /// code's own (`self.email = email` in an initialiser, `Self(…)`), and after a type Swift
    /// reads `.Type` and `.Protocol` as its metatype.
    static let unrepresentable: Set<String> = ["self", "Self", "Type", "Protocol"]

    /// `name` as the generated code writes it in a declaration, as a local name or as a member
    /// after a dot: in backquotes when it is a keyword (an argument label is ``label(_:)``'s).
    static func identifier(_ name: String) -> String {
        keywords.contains(name) ? "`" + name + "`" : name
    }

    /// `name` as an argument label in a call, where Swift takes any keyword without backquotes
    /// (and warns of them): `Parameters(default: 1)`.
    static func label(_ name: String) -> String { bare(name) }

    /// `name` without the backquotes ``identifier(_:)`` put around it, to build another name from
    /// it (`default` and `enabled` -> `defaultEnabled`).
    static func bare(_ name: String) -> String {
        name.hasPrefix("`") && name.hasSuffix("`") && name.count > 2 ? String(name.dropFirst().dropLast()) : name
    }

    /// `segment` in lowerCamelCase: words split at characters that cannot be in an identifier
    /// (`sign-in`, `sign_in` -> `signIn`), the first word's first letter lowered. Nil when
    /// nothing is left or it starts with a digit.
    static func member(_ segment: String) -> String? {
        let words = Self.words(segment)
        guard let first = words.first else { return nil }
        let joined = lowerFirst(first) + words.dropFirst().map(upperFirst).joined()
        return isIdentifier(joined) ? joined : nil
    }

    /// `segment` as a member of the generated code: ``member(_:)``, in backquotes when it is a
    /// keyword; nil when it has no letters, starts with a digit or is ``unrepresentable``.
    static func memberIdentifier(_ segment: String) -> String? {
        guard let name = member(segment), !unrepresentable.contains(name) else { return nil }
        return identifier(name)
    }

    /// Why ``memberIdentifier(_:)`` gives `segment` no name, for a diagnostic.
    static func refusal(_ segment: String) -> String {
        if let name = member(segment), unrepresentable.contains(name) {
            return "Swift keeps '\(name)' for the code's own use, even in backquotes"
        }
        return "it has no letters or starts with a digit"
    }

    /// `name` in UpperCamelCase (`goal`, `goal_cell` -> `Goal`, `GoalCell`); nil as ``member(_:)``.
    static func type(_ name: String) -> String? {
        let joined = words(name).map(upperFirst).joined()
        return isIdentifier(joined) ? joined : nil
    }

    private static func words(_ text: String) -> [String] {
        text.split { !($0.isLetter || $0.isNumber) || !$0.isASCII }.map(String.init)
    }

    private static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first else { return false }
        return !("0"..."9").contains(Character(first))
    }

    /// `word` with its first letter raised, backquotes left out (`` `default` `` -> `Default`).
    static func upperFirst(_ word: String) -> String {
        let word = bare(word)
        return word.prefix(1).uppercased() + word.dropFirst()
    }

    static func lowerFirst(_ word: String) -> String {
        // An all-capital word (`URL`) is lowered whole, as Swift's API guidelines ask.
        if word.count > 1, word == word.uppercased(), word.contains(where: \.isLetter) { return word.lowercased() }
        return word.prefix(1).lowercased() + word.dropFirst()
    }
}
