import Foundation

/// The format of `String(format: "%d:%02d", m, s)`, read once: literal text and conversions, as
/// Foundation's `String(format:)` (C's printf) writes them. The checker reads it to type each
/// argument and to locate a mistake in the format; the builtin formats with it at run time.
///
/// Conversions: `%d` and `%i` (an `Int`), `%x` and `%X` (an `Int` in hexadecimal), `%f` (a
/// `Double`), `%@` and `%s` (a `String`), `%%` (a percent sign). Flags: `0` pads with zeros, `-`
/// aligns left, `+` signs positive numbers, `'` groups thousands with `,` (POSIX printf's flag;
/// a spec has no locale, so the separator is always `,`). A width and, for `%f`, a precision
/// (`%.2f`) may follow; `*` and positional arguments (`%1$d`) are not supported.
package struct FormatString: Sendable, Equatable {
    package enum Conversion: Sendable, Equatable {
        case int, hex(uppercase: Bool), double, string

        /// The type an argument of this conversion must have.
        package var type: SpecType {
            switch self {
            case .int, .hex: return .int
            case .double: return .double
            case .string: return .string
            }
        }
    }

    package struct Spec: Sendable, Equatable {
        var leftAlign = false
        var zeroPad = false
        var plus = false
        var grouping = false
        var width = 0
        var precision: Int?
        package var conversion: Conversion
    }

    package enum Piece: Sendable, Equatable {
        case text(String)
        case value(Spec)
    }

    package let pieces: [Piece]

    /// The conversions, one per argument, in order.
    package var conversions: [Conversion] {
        pieces.compactMap { if case .value(let s) = $0 { s.conversion } else { nil } }
    }

    /// A format that could not be read: what is wrong, and the character offset it starts at.
    package struct Problem: Error, Equatable {
        package let message: String
        package let offset: Int
    }

    /// The widest field or precision a format may ask for, so that `%999999999d` cannot build a
    /// gigabyte of spaces.
    package static let maximumWidth = 1000

    package init(_ format: String) throws(Problem) {
        var pieces: [Piece] = []
        var text = ""
        let chars = Array(format)
        var i = 0
        while i < chars.count {
            guard chars[i] == "%" else {
                text.append(chars[i])
                i += 1
                continue
            }
            let start = i
            i += 1
            if i < chars.count, chars[i] == "%" {
                text.append("%")
                i += 1
                continue
            }
            var spec = Spec(conversion: .int)
            while i < chars.count, let flag = "-0+'".firstIndex(of: chars[i]) {
                switch "-0+'".distance(from: "-0+'".startIndex, to: flag) {
                case 0: spec.leftAlign = true
                case 1: spec.zeroPad = true
                case 2: spec.plus = true
                default: spec.grouping = true
                }
                i += 1
            }
            func number() throws(Problem) -> Int? {
                var digits = ""
                while i < chars.count, chars[i].isASCII, chars[i].isNumber {
                    digits.append(chars[i])
                    i += 1
                }
                guard !digits.isEmpty else { return nil }
                guard let n = Int(digits), n <= Self.maximumWidth else {
                    throw Problem(message: "a width or precision is at most \(Self.maximumWidth), found \(digits)", offset: start)
                }
                return n
            }
            spec.width = try number() ?? 0
            if i < chars.count, chars[i] == "." {
                i += 1
                spec.precision = try number() ?? 0
            }
            // `l`, `ll`, `ld` as C writes a long: Swift's `Int` is one already.
            while i < chars.count, chars[i] == "l" { i += 1 }
            guard i < chars.count else {
                throw Problem(message: "'%' ends the format without a conversion; write '%%' for a percent sign", offset: start)
            }
            switch chars[i] {
            case "d", "i": spec.conversion = .int
            case "x": spec.conversion = .hex(uppercase: false)
            case "X": spec.conversion = .hex(uppercase: true)
            case "f", "F": spec.conversion = .double
            case "@", "s": spec.conversion = .string
            default:
                throw Problem(message: "'%\(chars[i])' is not a conversion specrun formats; use '%d', '%x', '%f', '%@' or '%%'", offset: start)
            }
            if spec.precision != nil, spec.conversion != .double {
                throw Problem(message: "a precision ('.N') applies to '%f' only", offset: start)
            }
            i += 1
            if !text.isEmpty { pieces.append(.text(text)) }
            text = ""
            pieces.append(.value(spec))
        }
        if !text.isEmpty { pieces.append(.text(text)) }
        self.pieces = pieces
    }

    /// The text, with `arguments` (one per conversion, of its type) in place.
    package func format(_ arguments: [Value]) -> String {
        var out = ""
        var next = 0
        for piece in pieces {
            switch piece {
            case .text(let t): out += t
            case .value(let spec):
                let argument = next < arguments.count ? arguments[next] : .none
                next += 1
                out += Self.format(argument, spec)
            }
        }
        return out
    }

    private static func format(_ value: Value, _ spec: Spec) -> String {
        var sign = ""
        var digits: String
        switch (spec.conversion, value) {
        case (.int, .int(let n)):
            digits = String(n.magnitude)
            if spec.grouping { digits = grouped(digits) }
            sign = n < 0 ? "-" : (spec.plus ? "+" : "")
        case (.hex(let upper), .int(let n)):
            // As printf's `%x` of a 64-bit value: a negative number prints its two's complement.
            digits = String(UInt(bitPattern: n), radix: 16, uppercase: upper)
        case (.double, .double(let d)):
            guard d.isFinite else {
                digits = d.isNaN ? "nan" : "inf"
                sign = d < 0 ? "-" : (spec.plus && !d.isNaN ? "+" : "")
                return pad(sign, digits, spec, zeros: false)
            }
            digits = String(format: "%.\(spec.precision ?? 6)f", Swift.abs(d))
            if spec.grouping {
                let parts = digits.split(separator: ".", maxSplits: 1)
                digits = grouped(String(parts[0])) + (parts.count > 1 ? "." + parts[1] : "")
            }
            sign = d.sign == .minus && digits.contains(where: { $0 != "0" && $0 != "." && $0 != "," }) ? "-" : (spec.plus ? "+" : "")
        case (.string, .string(let s)):
            return pad("", s, spec, zeros: false)
        default:
            // As in string interpolation: a string without quotes.
            if case .string(let s) = value { digits = s } else { digits = ValueFormatter.text(value) }
        }
        return pad(sign, digits, spec, zeros: spec.conversion != .string)
    }

    private static func grouped(_ digits: String) -> String {
        var out = ""
        for (k, c) in digits.enumerated() {
            if k > 0, (digits.count - k) % 3 == 0 { out.append(",") }
            out.append(c)
        }
        return out
    }

    private static func pad(_ sign: String, _ body: String, _ spec: Spec, zeros: Bool) -> String {
        let missing = spec.width - sign.count - body.count
        guard missing > 0 else { return sign + body }
        if spec.leftAlign { return sign + body + String(repeating: " ", count: missing) }
        if spec.zeroPad && zeros { return sign + String(repeating: "0", count: missing) + body }
        return String(repeating: " ", count: missing) + sign + body
    }
}
