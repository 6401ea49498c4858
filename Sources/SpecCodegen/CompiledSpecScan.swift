/// What the generator reads from a program's expressions: the screens it navigates to.
///
/// It reads the compiled JSON the generated file embeds anyway (`CompiledSpec.json`), in one pass
/// over its bytes: every `navigate:` is a `makeNavigation` object there, wherever the expression
/// sits (an output, a handler, an operator, a view binding), which a walk of the program's types
/// would have to find place by place.
enum CompiledSpecScan {
    /// The `screen:` names of every `navigate:` in `program`, sorted.
    static func navigationTargets(inProgram program: String) -> [String] {
        let bytes = Array(program.utf8)
        let key = Array(#""makeNavigation":"#.utf8)
        var found: Set<String> = []
        var i = 0
        while let start = firstIndex(of: key, in: bytes, from: i) {
            i = start + key.count
            if let screen = screenField(of: bytes, objectAt: i) { found.insert(screen) }
        }
        return found.sorted()
    }

    private static func firstIndex(of key: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard key.count <= bytes.count else { return nil }
        var i = start
        while i + key.count <= bytes.count {
            if bytes[i] == key[0], bytes[i..<(i + key.count)].elementsEqual(key) { return i }
            i += 1
        }
        return nil
    }

    /// The string value of the key `screen` directly inside the object that starts at `start`.
    private static func screenField(of bytes: [UInt8], objectAt start: Int) -> String? {
        guard start < bytes.count, bytes[start] == UInt8(ascii: "{") else { return nil }
        var depth = 0
        var i = start
        var expectingKey = false
        while i < bytes.count {
            switch bytes[i] {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                expectingKey = bytes[i] == UInt8(ascii: "{")
                i += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth == 0 { return nil }
                i += 1
            case UInt8(ascii: ","):
                expectingKey = true
                i += 1
            case UInt8(ascii: "\""):
                let (text, next) = string(bytes, from: i)
                i = next
                if depth == 1, expectingKey, text == "screen", i + 1 < bytes.count, bytes[i] == UInt8(ascii: ":"), bytes[i + 1] == UInt8(ascii: "\"") {
                    return string(bytes, from: i + 1).text
                }
                expectingKey = false
            default:
                i += 1
            }
        }
        return nil
    }

    /// The JSON string starting at the quote at `start` (escapes kept as written: a screen name
    /// is an identifier), and the index after its closing quote.
    private static func string(_ bytes: [UInt8], from start: Int) -> (text: String, next: Int) {
        var i = start + 1
        var text: [UInt8] = []
        while i < bytes.count, bytes[i] != UInt8(ascii: "\"") {
            if bytes[i] == UInt8(ascii: "\\"), i + 1 < bytes.count {
                text.append(bytes[i])
                i += 1
            }
            text.append(bytes[i])
            i += 1
        }
        return (String(decoding: text, as: UTF8.self), i + 1)
    }
}
