/// Swift names for a spec's names: lowerCamelCase members, UpperCamelCase types, checked against
/// Swift's keywords and each other.
enum SwiftNames {
    /// Swift's reserved words, and the contextual ones that cannot name a member without
    /// backquotes (The Swift Programming Language, "Lexical Structure: Keywords").
    static let keywords: Set<String> = [
        "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension", "fileprivate", "func",
        "import", "init", "inout", "internal", "let", "nonisolated", "open", "operator", "private", "precedencegroup",
        "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias", "var",
        "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard", "if",
        "in", "repeat", "return", "throw", "switch", "where", "while",
        "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try",
        "Protocol", "Type",
    ]

    /// `segment` in lowerCamelCase: words split at characters that cannot be in an identifier
    /// (`sign-in`, `sign_in` -> `signIn`), the first word's first letter lowered. Nil when
    /// nothing is left or it starts with a digit.
    static func member(_ segment: String) -> String? {
        let words = Self.words(segment)
        guard let first = words.first else { return nil }
        let joined = lowerFirst(first) + words.dropFirst().map(upperFirst).joined()
        return isIdentifier(joined) ? joined : nil
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

    static func upperFirst(_ word: String) -> String { word.prefix(1).uppercased() + word.dropFirst() }

    static func lowerFirst(_ word: String) -> String {
        // An all-capital word (`URL`) is lowered whole, as Swift's API guidelines ask.
        if word.count > 1, word == word.uppercased(), word.contains(where: \.isLetter) { return word.lowercased() }
        return word.prefix(1).lowercased() + word.dropFirst()
    }
}
