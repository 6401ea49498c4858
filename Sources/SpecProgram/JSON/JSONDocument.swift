/// A JSON text read into a tree that remembers where each value starts, so that a compiled spec
/// refused for its syntax says where (line, column and byte), and one refused for a value says
/// at which key (``JSONTreeDecoder``).
///
/// The reader is strict RFC 8259 and bounded: UTF-8 only, no lone surrogate in a `\u` escape, no
/// control character in a string, no key twice in one object, no text after the value, and at
/// most ``maximumDepth`` arrays and objects inside each other. It never traps and recurses only
/// as deep as that bound. (Foundation's `JSONDecoder` says only "The given data was not valid
/// JSON." for all of these and for a number that does not fit, with no place.)
struct JSONDocument {
    /// One value and the byte offset where it starts.
    struct Node {
        var value: Value
        var offset: Int
    }

    indirect enum Value {
        case null
        case bool(Bool)
        /// The number as written: read as an integer or a Double when it is decoded, so that a
        /// fraction where an integer belongs is refused at its key rather than rounded.
        case number(String)
        case string(String)
        case array([Node])
        /// The members in the order written; keys are unique.
        case object([(key: String, value: Node)])
    }

    /// Arrays and objects inside each other, at most: deeper than any compiled spec of a checked
    /// spec (whose expressions nest at most 64 levels, a few JSON levels each), shallow enough
    /// that decoding and playing recurse safely.
    static let maximumDepth = 512

    /// Why a text is not JSON, and where: `line` and `column` 1-based, the column counted in
    /// Unicode scalars; `offset` the 0-based byte offset.
    struct SyntaxError: Error, CustomStringConvertible {
        var offset: Int
        var line: Int
        var column: Int
        var reason: String

        var description: String { "not JSON at line \(line), column \(column) (byte \(offset)): \(reason)" }
    }

    /// The tree of `bytes`, or where and why they are not one JSON value.
    static func read(_ bytes: [UInt8]) throws(SyntaxError) -> Node {
        var reader = Reader(bytes: bytes)
        do throws(Reader.Failure) {
            reader.skipSpace()
            let node = try reader.value(depth: 0)
            reader.skipSpace()
            guard reader.at == bytes.count else { throw Reader.Failure(offset: reader.at, reason: "text after the JSON value: \(reader.found)") }
            return node
        } catch {
            var line = 1, column = 1
            for byte in bytes[..<min(error.offset, bytes.count)] {
                if byte == UInt8(ascii: "\n") {
                    line += 1
                    column = 1
                } else if byte & 0xC0 != 0x80 {
                    column += 1
                }
            }
            throw SyntaxError(offset: error.offset, line: line, column: column, reason: error.reason)
        }
    }
}

/// The recursive descent over the bytes: one function per rule of RFC 8259's grammar; each loop
/// consumes at least one byte per turn.
private struct Reader {
    struct Failure: Error {
        var offset: Int
        var reason: String
    }

    let bytes: [UInt8]
    var at = 0

    /// The byte at the reading position as a message shows it.
    var found: String {
        guard at < bytes.count else { return "the end of the text" }
        let b = bytes[at]
        return b >= 0x20 && b < 0x7F ? "'\(Character(Unicode.Scalar(b)))'" : "byte 0x\(String(b, radix: 16, uppercase: true))"
    }

    mutating func skipSpace() {
        while at < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[at]) { at += 1 }
    }

    func fail(_ reason: String, at offset: Int? = nil) -> Failure { Failure(offset: offset ?? at, reason: reason) }

    mutating func value(depth: Int) throws(Failure) -> JSONDocument.Node {
        let start = at
        guard at < bytes.count else { throw fail("expected a value, found the end of the text") }
        switch bytes[at] {
        case UInt8(ascii: "{"): return JSONDocument.Node(value: try object(depth: depth + 1), offset: start)
        case UInt8(ascii: "["): return JSONDocument.Node(value: try array(depth: depth + 1), offset: start)
        case UInt8(ascii: "\""): return JSONDocument.Node(value: .string(try string()), offset: start)
        case UInt8(ascii: "t"): try literal("true"); return JSONDocument.Node(value: .bool(true), offset: start)
        case UInt8(ascii: "f"): try literal("false"); return JSONDocument.Node(value: .bool(false), offset: start)
        case UInt8(ascii: "n"): try literal("null"); return JSONDocument.Node(value: .null, offset: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return JSONDocument.Node(value: .number(try number()), offset: start)
        default: throw fail("expected a value, found \(found)")
        }
    }

    mutating func literal(_ word: String) throws(Failure) {
        for byte in word.utf8 {
            guard at < bytes.count, bytes[at] == byte else { throw fail("expected '\(word)', found \(found)") }
            at += 1
        }
    }

    mutating func object(depth: Int) throws(Failure) -> JSONDocument.Value {
        guard depth <= JSONDocument.maximumDepth else { throw fail("more than \(JSONDocument.maximumDepth) arrays and objects inside each other") }
        at += 1
        var members: [(key: String, value: JSONDocument.Node)] = []
        var keys: Set<String> = []
        skipSpace()
        if at < bytes.count, bytes[at] == UInt8(ascii: "}") { at += 1; return .object(members) }
        while true {
            skipSpace()
            let keyStart = at
            guard at < bytes.count, bytes[at] == UInt8(ascii: "\"") else { throw fail("expected a key in quotes, found \(found)") }
            let key = try string()
            guard keys.insert(key).inserted else { throw fail("the key '\(key)' twice in one object", at: keyStart) }
            skipSpace()
            guard at < bytes.count, bytes[at] == UInt8(ascii: ":") else { throw fail("expected ':' after a key, found \(found)") }
            at += 1
            skipSpace()
            members.append((key, try value(depth: depth)))
            skipSpace()
            guard at < bytes.count else { throw fail("the text ends inside an object") }
            if bytes[at] == UInt8(ascii: "}") { at += 1; return .object(members) }
            guard bytes[at] == UInt8(ascii: ",") else { throw fail("expected ',' or '}' in an object, found \(found)") }
            at += 1
        }
    }

    mutating func array(depth: Int) throws(Failure) -> JSONDocument.Value {
        guard depth <= JSONDocument.maximumDepth else { throw fail("more than \(JSONDocument.maximumDepth) arrays and objects inside each other") }
        at += 1
        var elements: [JSONDocument.Node] = []
        skipSpace()
        if at < bytes.count, bytes[at] == UInt8(ascii: "]") { at += 1; return .array(elements) }
        while true {
            skipSpace()
            elements.append(try value(depth: depth))
            skipSpace()
            guard at < bytes.count else { throw fail("the text ends inside an array") }
            if bytes[at] == UInt8(ascii: "]") { at += 1; return .array(elements) }
            guard bytes[at] == UInt8(ascii: ",") else { throw fail("expected ',' or ']' in an array, found \(found)") }
            at += 1
        }
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, as written.
    mutating func number() throws(Failure) -> String {
        let start = at
        func digits(_ r: inout Reader) -> Int {
            let from = r.at
            while r.at < r.bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(r.bytes[r.at]) { r.at += 1 }
            return r.at - from
        }
        if bytes[at] == UInt8(ascii: "-") { at += 1 }
        let leading = at
        guard digits(&self) > 0 else { throw fail("expected a digit, found \(found)") }
        if bytes[leading] == UInt8(ascii: "0"), at - leading > 1 { throw fail("a number with a leading zero", at: leading) }
        if at < bytes.count, bytes[at] == UInt8(ascii: ".") {
            at += 1
            guard digits(&self) > 0 else { throw fail("expected a digit after '.', found \(found)") }
        }
        if at < bytes.count, bytes[at] == UInt8(ascii: "e") || bytes[at] == UInt8(ascii: "E") {
            at += 1
            if at < bytes.count, bytes[at] == UInt8(ascii: "+") || bytes[at] == UInt8(ascii: "-") { at += 1 }
            guard digits(&self) > 0 else { throw fail("expected a digit in an exponent, found \(found)") }
        }
        return String(decoding: bytes[start..<at], as: UTF8.self)
    }

    /// A string: its bytes must be UTF-8 and its `\u` escapes whole scalars (a surrogate only in a
    /// pair of a high and a low one).
    mutating func string() throws(Failure) -> String {
        let start = at
        at += 1
        var scalars = String.UnicodeScalarView()
        var run = at
        func flush(_ r: Reader, _ upTo: Int, into scalars: inout String.UnicodeScalarView) throws(Failure) {
            guard run < upTo else { return }
            guard let text = String(validating: r.bytes[run..<upTo], as: UTF8.self) else { throw r.fail("a string that is not UTF-8", at: run) }
            scalars.append(contentsOf: text.unicodeScalars)
        }
        while true {
            guard at < bytes.count else { throw fail("the text ends inside a string", at: start) }
            let byte = bytes[at]
            if byte == UInt8(ascii: "\"") {
                try flush(self, at, into: &scalars)
                at += 1
                return String(scalars)
            }
            if byte < 0x20 { throw fail("a control character (\(found)) in a string; JSON writes it as an escape") }
            if byte != UInt8(ascii: "\\") { at += 1; continue }
            try flush(self, at, into: &scalars)
            let escape = at
            at += 1
            guard at < bytes.count else { throw fail("the text ends inside a string", at: start) }
            let letter = bytes[at]
            at += 1
            switch letter {
            case UInt8(ascii: "\""): scalars.append("\"")
            case UInt8(ascii: "\\"): scalars.append("\\")
            case UInt8(ascii: "/"): scalars.append("/")
            case UInt8(ascii: "b"): scalars.append("\u{8}")
            case UInt8(ascii: "f"): scalars.append("\u{C}")
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "u"):
                let unit = try hex4(escape)
                var code = UInt32(unit)
                if (0xD800...0xDBFF).contains(unit) {
                    let low = at
                    guard at + 1 < bytes.count, bytes[at] == UInt8(ascii: "\\"), bytes[at + 1] == UInt8(ascii: "u") else {
                        throw fail("a lone surrogate '\\u\(String(unit, radix: 16))' in a string", at: escape)
                    }
                    at += 2
                    let second = try hex4(low)
                    guard (0xDC00...0xDFFF).contains(second) else { throw fail("a lone surrogate '\\u\(String(unit, radix: 16))' in a string", at: escape) }
                    code = 0x10000 + (UInt32(unit) - 0xD800) << 10 + (UInt32(second) - 0xDC00)
                } else if (0xDC00...0xDFFF).contains(unit) {
                    throw fail("a lone surrogate '\\u\(String(unit, radix: 16))' in a string", at: escape)
                }
                guard let scalar = Unicode.Scalar(code) else { throw fail("an escape that is not a Unicode scalar", at: escape) }
                scalars.append(scalar)
            default:
                throw fail("an unknown escape '\\\(Character(Unicode.Scalar(letter)))' in a string", at: escape)
            }
            run = at
        }
    }

    /// The four hex digits after `\u`.
    mutating func hex4(_ escape: Int) throws(Failure) -> UInt16 {
        var unit: UInt16 = 0
        for _ in 0..<4 {
            guard at < bytes.count, let digit = Int(String(Unicode.Scalar(bytes[at])), radix: 16) else {
                throw fail("expected four hex digits after '\\u', found \(found)")
            }
            unit = unit << 4 | UInt16(digit)
            at += 1
        }
        return unit
    }
}
