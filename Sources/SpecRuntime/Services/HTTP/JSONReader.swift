/// A JSON document as read from an answer: integers kept apart from doubles.
indirect enum JSONAnswer: Equatable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSONAnswer])
    case object([(key: String, value: JSONAnswer)])

    static func == (a: JSONAnswer, b: JSONAnswer) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case (.bool(let x), .bool(let y)): return x == y
        case (.int(let x), .int(let y)): return x == y
        case (.double(let x), .double(let y)): return x == y
        case (.string(let x), .string(let y)): return x == y
        case (.array(let x), .array(let y)): return x == y
        case (.object(let x), .object(let y)): return x.count == y.count && zip(x, y).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: return false
        }
    }
}

/// Reads a JSON answer (RFC 8259) into a ``JSONAnswer``, keeping integers apart from doubles and
/// `true` apart from `1`, which Foundation's `JSONSerialization` blurs on Linux.
///
/// Bounded: nesting deeper than ``maximumDepth`` is an error, not a stack overflow. Errors say
/// what was found and at which byte, never more of the body than a few characters.
struct JSONReader {
    static let maximumDepth = 512

    struct Failure: Error {
        var reason: String
    }

    private let bytes: [UInt8]
    private var i = 0
    private var depth = 0

    static func read(_ bytes: [UInt8]) throws(Failure) -> JSONAnswer {
        var reader = JSONReader(bytes: bytes)
        reader.skipSpace()
        let value = try reader.value()
        reader.skipSpace()
        guard reader.i == bytes.count else { throw reader.fail("unexpected \(reader.found) after the JSON value") }
        return value
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private var found: String {
        guard i < bytes.count else { return "end of the body" }
        let b = bytes[i]
        if b >= 0x20 && b < 0x7f { return "'\(Character(Unicode.Scalar(b)))'" }
        return "byte 0x" + String(b, radix: 16)
    }

    private func fail(_ reason: String) -> Failure { Failure(reason: "\(reason) at byte \(i)") }

    private mutating func skipSpace() {
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x0a || bytes[i] == 0x0d || bytes[i] == 0x09 { i += 1 }
    }

    private mutating func value() throws(Failure) -> JSONAnswer {
        guard i < bytes.count else { throw fail("expected a JSON value, found the end of the body") }
        switch bytes[i] {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw fail("expected a JSON value, found \(found)")
        }
    }

    private mutating func literal(_ word: String) throws(Failure) {
        for b in word.utf8 {
            guard i < bytes.count, bytes[i] == b else { throw fail("expected '\(word)', found \(found)") }
            i += 1
        }
    }

    private mutating func enter() throws(Failure) {
        depth += 1
        if depth > Self.maximumDepth { throw fail("the JSON nests deeper than \(Self.maximumDepth) levels") }
    }

    private mutating func object() throws(Failure) -> JSONAnswer {
        try enter()
        defer { depth -= 1 }
        i += 1
        var pairs: [(key: String, value: JSONAnswer)] = []
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "}") { i += 1; return .object(pairs) }
        while true {
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { throw fail("expected a key in quotes, found \(found)") }
            let key = try string()
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw fail("expected ':' after a key, found \(found)") }
            i += 1
            skipSpace()
            pairs.append((key, try value()))
            skipSpace()
            guard i < bytes.count else { throw fail("expected ',' or '}', found the end of the body") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "}") { i += 1; return .object(pairs) }
            throw fail("expected ',' or '}', found \(found)")
        }
    }

    private mutating func array() throws(Failure) -> JSONAnswer {
        try enter()
        defer { depth -= 1 }
        i += 1
        var items: [JSONAnswer] = []
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
        while true {
            skipSpace()
            items.append(try value())
            skipSpace()
            guard i < bytes.count else { throw fail("expected ',' or ']', found the end of the body") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
            throw fail("expected ',' or ']', found \(found)")
        }
    }

    private mutating func number() throws(Failure) -> JSONAnswer {
        let start = i
        var isInteger = true
        if bytes[i] == UInt8(ascii: "-") { i += 1 }
        func digits(_ r: inout JSONReader) -> Int {
            let s = r.i
            while r.i < r.bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(r.bytes[r.i]) { r.i += 1 }
            return r.i - s
        }
        guard digits(&self) > 0 else { throw fail("expected a digit, found \(found)") }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            isInteger = false
            i += 1
            guard digits(&self) > 0 else { throw fail("expected a digit after '.', found \(found)") }
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            isInteger = false
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            guard digits(&self) > 0 else { throw fail("expected a digit in the exponent, found \(found)") }
        }
        let text = String(decoding: bytes[start..<i], as: UTF8.self)
        if isInteger, let n = Int(text) { return .int(n) }
        guard let d = Double(text), d.isFinite else { throw fail("the number \(text.prefix(40)) is out of range") }
        return .double(d)
    }

    private mutating func string() throws(Failure) -> String {
        i += 1
        var out: [UInt8] = []
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "\"") {
                i += 1
                guard let s = String(validating: out, as: UTF8.self) else { throw fail("a string is not valid UTF-8") }
                return s
            }
            if b < 0x20 { throw fail("a control character inside a string") }
            if b != UInt8(ascii: "\\") {
                out.append(b)
                i += 1
                continue
            }
            i += 1
            guard i < bytes.count else { break }
            let e = bytes[i]
            i += 1
            switch e {
            case UInt8(ascii: "\""): out.append(0x22)
            case UInt8(ascii: "\\"): out.append(0x5c)
            case UInt8(ascii: "/"): out.append(0x2f)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0c)
            case UInt8(ascii: "n"): out.append(0x0a)
            case UInt8(ascii: "r"): out.append(0x0d)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var code = try hex4()
                if (0xD800..<0xDC00).contains(code), i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") {
                    i += 2
                    let low = try hex4()
                    guard (0xDC00..<0xE000).contains(low) else { throw fail("an unpaired surrogate in a string") }
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let scalar = Unicode.Scalar(code) else { throw fail("an unpaired surrogate in a string") }
                out.append(contentsOf: Array(String(Character(scalar)).utf8))
            default: throw fail("an invalid escape in a string")
            }
        }
        throw fail("a string is not closed")
    }

    private mutating func hex4() throws(Failure) -> UInt32 {
        guard i + 4 <= bytes.count, let v = UInt32(String(decoding: bytes[i..<(i + 4)], as: UTF8.self), radix: 16) else {
            throw fail("expected 4 hex digits after '\\u'")
        }
        i += 4
        return v
    }
}
