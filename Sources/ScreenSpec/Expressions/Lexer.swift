/// A token of the expression language. Offsets are in Unicode scalars of the expression text.
struct Token: Sendable {
    enum Kind: Sendable, Equatable {
        case int(Int)
        case double(Double)
        /// A string literal; `parts` alternate between text and the offsets of `\( ... )`.
        case string([StringPart])
        case identifier(String)
        /// `$0`, `$1`, ...: an argument of a closure or of an operator's expression.
        case closureArgument(Int)
        case symbol(String)
        case end
        case invalid(String)
    }

    enum StringPart: Sendable, Equatable {
        case text(String)
        /// The scalar offsets `start..<end` of an interpolated expression.
        case interpolation(start: Int, end: Int)
    }

    var kind: Kind
    var start: Int
    var end: Int
}

/// Splits expression text into tokens. Every step consumes at least one scalar.
struct Lexer {
    private let scalars: [Unicode.Scalar]
    private var position: Int
    private let limit: Int

    init(scalars: [Unicode.Scalar], start: Int = 0, end: Int? = nil) {
        self.scalars = scalars
        self.position = start
        self.limit = end ?? scalars.count
    }

    private static let symbols: [String] = ["??", "?.", "&&", "||", "==", "!=", "<=", ">=",
                                            "+", "-", "*", "/", "%", "<", ">", "!", "?", ":", ".", ",", "(", ")", "[", "]", "{", "}", "\\"]

    mutating func tokenize() -> [Token] {
        var tokens: [Token] = []
        while true {
            let token = next()
            tokens.append(token)
            if token.kind == .end { return tokens }
        }
    }

    private func peek(_ ahead: Int = 0) -> Unicode.Scalar? {
        let i = position + ahead
        return i < limit ? scalars[i] : nil
    }

    private mutating func next() -> Token {
        while let c = peek(), c == " " || c == "\t" || c == "\n" || c == "\r" { position += 1 }
        let start = position
        guard let c = peek() else { return Token(kind: .end, start: start, end: start) }
        if c.properties.isXIDStart || c == "_" {
            while let d = peek(), d.properties.isXIDContinue || d == "_" { position += 1 }
            return Token(kind: .identifier(text(start, position)), start: start, end: position)
        }
        if c == "$" {
            position += 1
            if let d = peek(), isDigit(d), !isDigit(peek(1)) {
                position += 1
                return Token(kind: .closureArgument(Int(d.value) - 48), start: start, end: position)
            }
            return Token(kind: .invalid("'$' must be followed by one digit, as in '$0' (a closure's argument) or '$1'"), start: start, end: position)
        }
        if c.properties.numericType == .decimal, c.isASCII { return number(start) }
        if c == "\"" { return string(start) }
        if c == "'" {
            position += 1
            return Token(kind: .invalid("strings are written in double quotes, as in Swift"), start: start, end: position)
        }
        for symbol in Self.symbols where matches(symbol) {
            position += symbol.unicodeScalars.count
            return Token(kind: .symbol(symbol), start: start, end: position)
        }
        position += 1
        return Token(kind: .invalid("unexpected character '\(c)'"), start: start, end: position)
    }

    private func matches(_ symbol: String) -> Bool {
        for (i, s) in symbol.unicodeScalars.enumerated() where peek(i) != s { return false }
        return true
    }

    private func text(_ start: Int, _ end: Int) -> String {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars[start..<end])
        return String(view)
    }

    private func isDigit(_ c: Unicode.Scalar?) -> Bool {
        guard let c else { return false }
        return c.value >= 48 && c.value <= 57
    }

    private mutating func number(_ start: Int) -> Token {
        while isDigit(peek()) || peek() == "_" { position += 1 }
        var isDouble = false
        if peek() == ".", isDigit(peek(1)) {
            isDouble = true
            position += 1
            while isDigit(peek()) || peek() == "_" { position += 1 }
        }
        if peek() == "e" || peek() == "E" {
            let save = position
            position += 1
            if peek() == "+" || peek() == "-" { position += 1 }
            if isDigit(peek()) {
                isDouble = true
                while isDigit(peek()) { position += 1 }
            } else {
                position = save
            }
        }
        let literal = text(start, position).filter { $0 != "_" }
        if isDouble {
            guard let value = Double(literal), value.isFinite else {
                return Token(kind: .invalid("'\(literal)' is not a representable number"), start: start, end: position)
            }
            return Token(kind: .double(value), start: start, end: position)
        }
        guard let value = Int(literal) else {
            return Token(kind: .invalid("integer literal '\(literal)' overflows Int"), start: start, end: position)
        }
        return Token(kind: .int(value), start: start, end: position)
    }

    /// A string literal with escapes `\" \\ \n \t \r \0 \u{...}` and interpolations `\( ... )`.
    private mutating func string(_ start: Int) -> Token {
        position += 1
        var parts: [Token.StringPart] = []
        var current = String.UnicodeScalarView()
        while let c = peek() {
            if c == "\"" {
                position += 1
                if !current.isEmpty || parts.isEmpty { parts.append(.text(String(current))) }
                return Token(kind: .string(parts), start: start, end: position)
            }
            if c == "\\" {
                let escapeStart = position
                position += 1
                guard let e = peek() else { break }
                position += 1
                switch e {
                case "\"": current.append("\"")
                case "\\": current.append("\\")
                case "n": current.append("\n")
                case "t": current.append("\t")
                case "r": current.append("\r")
                case "0": current.append("\0")
                case "'": current.append("'")
                case "u":
                    guard peek() == "{" else {
                        return Token(kind: .invalid("expected '{' after '\\u'"), start: escapeStart, end: position)
                    }
                    position += 1
                    let hexStart = position
                    while let h = peek(), h != "}", position - hexStart < 9 { position += 1 }
                    guard peek() == "}", let code = UInt32(text(hexStart, position), radix: 16),
                          let scalar = Unicode.Scalar(code) else {
                        return Token(kind: .invalid("invalid unicode escape"), start: escapeStart, end: position)
                    }
                    position += 1
                    current.append(scalar)
                case "(":
                    if !current.isEmpty { parts.append(.text(String(current))) }
                    current = String.UnicodeScalarView()
                    let exprStart = position
                    var depth = 1
                    var inString = false
                    while let d = peek() {
                        if inString {
                            if d == "\\" { position += 1 } else if d == "\"" { inString = false }
                        } else if d == "\"" {
                            inString = true
                        } else if d == "(" {
                            depth += 1
                        } else if d == ")" {
                            depth -= 1
                            if depth == 0 { break }
                        }
                        position += 1
                    }
                    guard peek() == ")" else {
                        return Token(kind: .invalid("unterminated '\\(' in string interpolation"), start: escapeStart, end: position)
                    }
                    parts.append(.interpolation(start: exprStart, end: position))
                    position += 1
                default:
                    return Token(kind: .invalid("invalid escape sequence '\\\(e)' in string"), start: escapeStart, end: position)
                }
                continue
            }
            current.append(c)
            position += 1
        }
        return Token(kind: .invalid("unterminated string literal"), start: start, end: position)
    }
}
