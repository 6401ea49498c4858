internal import CYaml
import SpecRuntime

/// Reads YAML text into ``YAMLNode`` trees. The only file that touches libyaml.
///
/// libyaml's 0-based marks become 1-based ``SpecLocation``s here, once. Anchors and aliases are
/// refused (they let a small file expand without bound), as are documents nested deeper than
/// ``maximumDepth``.
package enum YAMLParser {
    package static let maximumDepth = 200

    /// Parses the first document of `source`. Returns nil and appends diagnostics on failure.
    package static func parse(_ source: SourceFile, diagnostics: inout DiagnosticBag) -> YAMLNode? {
        if let tooDeep = flowNestingError(source) {
            diagnostics.append(tooDeep)
            return nil
        }
        let reader = EventReader(source: source)
        var builder = TreeBuilder(file: source.path, source: source)
        while true {
            switch reader.next() {
            case .failure(let diagnostic):
                diagnostics.append(diagnostic)
                return nil
            case .success(let event):
                if case .streamEnd = event.kind {
                    if let root = builder.root { return root }
                    // An empty file is an empty mapping, so that the checker names what is missing.
                    return YAMLNode(.mapping([]), range: SpecRange(file: source.path, at: SpecLocation(line: 1, column: 1)))
                }
                if let diagnostic = builder.consume(event) {
                    diagnostics.append(diagnostic)
                    return nil
                }
                if builder.documentEnded {
                    // A spec is one document: one after it (`---`, or more text after `...`) would be
                    // silently ignored. Only the next event is read; the rest is never parsed.
                    switch reader.next() {
                    case .failure(let diagnostic):
                        diagnostics.append(diagnostic)
                        return nil
                    case .success(let next):
                        guard case .documentStart = next.kind else { return builder.root }
                        diagnostics.append(Diagnostic(id: .yamlDocuments, "a spec file holds one YAML document; a second one starts here",
                                                      at: SpecRange(file: source.path, start: next.start, end: next.end),
                                                      notes: [DiagnosticNote("put each screen in its own file, or remove the '---' or '...' line and what follows")]))
                        return nil
                    }
                }
            }
        }
    }
}

extension YAMLParser {
    /// libyaml's scanner slows quadratically with the number of open flow collections (`[[[[...`),
    /// long before its events reach the depth check, so count brackets first. Brackets inside
    /// quotes and comments are skipped; the count only has to be an upper bound.
    static func flowNestingError(_ source: SourceFile) -> Diagnostic? {
        var depth = 0
        var quote: Unicode.Scalar?
        var line = 1, column = 0
        var inComment = false
        var previous: Unicode.Scalar = " "
        for scalar in source.text.unicodeScalars {
            column += 1
            if scalar == "\n" {
                line += 1
                column = 0
                inComment = false
                previous = scalar
                continue
            }
            if inComment { continue }
            if let q = quote {
                if scalar == q && previous != "\\" { quote = nil }
            } else if scalar == "#" && (previous == " " || previous == "\t" || column == 1) {
                inComment = true
            } else if (scalar == "\"" || scalar == "'") && (previous == " " || previous == "[" || previous == "{" || previous == "," || column == 1) {
                quote = scalar
            } else if scalar == "[" || scalar == "{" {
                depth += 1
                if depth > maximumDepth {
                    return Diagnostic(id: .yamlDepth, "the document nests deeper than \(maximumDepth) levels",
                                      at: SpecRange(file: source.path, at: SpecLocation(line: line, column: column)))
                }
            } else if scalar == "]" || scalar == "}" {
                depth = max(0, depth - 1)
            }
            previous = scalar
        }
        return nil
    }
}

/// One libyaml event, already converted to Swift values.
struct YAMLEvent {
    enum Kind {
        case streamStart, streamEnd, documentStart, documentEnd
        case alias(String)
        case scalar(YAMLNode.Scalar, anchor: String?)
        case sequenceStart(anchor: String?, tag: String?)
        case sequenceEnd
        case mappingStart(anchor: String?, tag: String?)
        case mappingEnd
    }

    var kind: Kind
    var start: SpecLocation
    var end: SpecLocation
}

/// Owns a `yaml_parser_t` and the input bytes it reads; `deinit` frees both.
private final class EventReader {
    private var parser = yaml_parser_t()
    private let bytes: UnsafeMutableBufferPointer<UInt8>
    private let source: SourceFile
    private var failed = false

    init(source: SourceFile) {
        self.source = source
        let utf8 = Array(source.text.utf8)
        bytes = .allocate(capacity: max(utf8.count, 1))
        _ = bytes.initialize(from: utf8)
        yaml_parser_initialize(&parser)
        yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
        yaml_parser_set_input_string(&parser, bytes.baseAddress, utf8.count)
    }

    deinit {
        yaml_parser_delete(&parser)
        bytes.deallocate()
    }

    func next() -> Result<YAMLEvent, Diagnostic> {
        var event = yaml_event_t()
        guard !failed, yaml_parser_parse(&parser, &event) == 1 else {
            failed = true
            return .failure(parserError())
        }
        defer { yaml_event_delete(&event) }
        let start = location(event.start_mark)
        let end = location(event.end_mark)
        let kind: YAMLEvent.Kind
        switch event.type {
        case YAML_STREAM_START_EVENT: kind = .streamStart
        case YAML_STREAM_END_EVENT: kind = .streamEnd
        case YAML_DOCUMENT_START_EVENT: kind = .documentStart
        case YAML_DOCUMENT_END_EVENT: kind = .documentEnd
        case YAML_ALIAS_EVENT: kind = .alias(cString(event.data.alias.anchor) ?? "")
        case YAML_SCALAR_EVENT:
            let s = event.data.scalar
            let value = string(s.value, length: s.length)
            let style: YAMLNode.ScalarStyle
            switch s.style {
            case YAML_SINGLE_QUOTED_SCALAR_STYLE: style = .singleQuoted
            case YAML_DOUBLE_QUOTED_SCALAR_STYLE: style = .doubleQuoted
            case YAML_LITERAL_SCALAR_STYLE: style = .literal
            case YAML_FOLDED_SCALAR_STYLE: style = .folded
            default: style = .plain
            }
            kind = .scalar(.init(value: value, style: style, tag: cString(s.tag)), anchor: cString(s.anchor))
        case YAML_SEQUENCE_START_EVENT:
            kind = .sequenceStart(anchor: cString(event.data.sequence_start.anchor), tag: cString(event.data.sequence_start.tag))
        case YAML_SEQUENCE_END_EVENT: kind = .sequenceEnd
        case YAML_MAPPING_START_EVENT:
            kind = .mappingStart(anchor: cString(event.data.mapping_start.anchor), tag: cString(event.data.mapping_start.tag))
        case YAML_MAPPING_END_EVENT: kind = .mappingEnd
        default: kind = .streamEnd
        }
        return .success(YAMLEvent(kind: kind, start: start, end: end))
    }

    private func location(_ mark: yaml_mark_t) -> SpecLocation {
        SpecLocation(line: Int(mark.line) + 1, column: Int(mark.column) + 1)
    }

    private func string(_ pointer: UnsafeMutablePointer<UInt8>?, length: Int) -> String {
        guard let pointer else { return "" }
        return String(decoding: UnsafeBufferPointer(start: pointer, count: length), as: UTF8.self)
    }

    private func cString(_ pointer: UnsafeMutablePointer<UInt8>?) -> String? {
        guard let pointer else { return nil }
        return String(cString: pointer)
    }

    /// libyaml's error as a located diagnostic, with a hint for the common YAML pitfalls.
    private func parserError() -> Diagnostic {
        let problem = parser.problem.map { String(cString: $0) } ?? "invalid YAML"
        let mark = location(parser.problem_mark)
        var notes: [DiagnosticNote] = []
        if let context = parser.context.map({ String(cString: $0) }) {
            notes.append(DiagnosticNote("\(context) at \(location(parser.context_mark))"))
        }
        var message = "invalid YAML: \(problem)"
        var fixIt: String?
        let lineText = source.line(mark.line) ?? ""
        if problem.contains("found character that cannot start any token"), source.scalar(at: mark) == "\t" {
            message = "invalid YAML: a tab cannot indent YAML; use spaces"
        } else if problem.contains("mapping values are not allowed"), let hint = Self.quotedTernary(lineText) {
            message = "invalid YAML: an unquoted 'a ? b : c' reads as a YAML mapping"
            fixIt = "quote the expression: \(hint)"
        } else if problem.contains("mapping values are not allowed"), let hint = Self.quotedLabeledCall(lineText, at: mark.column) {
            // `text: String(format: "%d", m)`: the label's ': ' reads as a second mapping.
            message = "invalid YAML: ': ' inside an unquoted expression (an argument label) reads as a YAML mapping"
            fixIt = "quote the expression: \(hint)"
        } else if problem.contains("mapping values are not allowed") || problem.contains("could not find expected ':'"),
                  Self.keyBeforeColumn(lineText, mark.column).count > 1024 {
            message = "invalid YAML: a key longer than 1024 characters must be written as '? key' (YAML's limit for a plain key)"
            fixIt = "use a shorter name"
        } else if problem.contains("found unknown escape character") {
            // YAML reads backslashes in double quotes before the expression parser sees them, so
            // Swift's `\(x)` interpolation is an unknown escape there.
            let escape = source.scalar(at: SpecLocation(line: mark.line, column: mark.column + 1)).map { "\\" + String($0) } ?? "\\"
            message = "invalid YAML: '\(escape)' is not an escape YAML knows in a double-quoted string"
            notes.append(DiagnosticNote("YAML reads backslashes inside \"...\" before the expression does, so '\\(' interpolation must be protected from it"))
            fixIt = Self.singleQuoted(lineText).map { "quote the expression with single quotes: \($0) (or write '\\\\(' inside double quotes)" }
                ?? "quote the expression with single quotes, as in 'text: '\"Font size: \\(size) pt\"'' (or write '\\\\(' inside double quotes)"
        } else if problem.contains("did not find expected ',' or '}'"), parser.context.map({ String(cString: $0) }) == "while parsing a flow mapping",
                  source.scalar(at: mark) == "[", let quoted = Self.quotedFlowValue(lineText, at: mark.column) {
            // `set: { messages: messages + [post] }`: YAML reads the `[` as the start of a list.
            message = "invalid YAML: '[' inside '{ ... }' starts a YAML list, so the expression stops before it"
            fixIt = "quote the expression: \(quoted)"
        } else if parser.context.map({ String(cString: $0) }) == "while scanning an anchor", let quoted = Self.quotedBangValue(lineText) {
            // `both: !a && b`: YAML reads `!a` as a tag, then `&&` as an anchor.
            message = "invalid YAML: YAML reads '!' at the start as a tag and '&' as an anchor, not as the operators"
            fixIt = "quote the expression: \(quoted)"
        } else if problem.contains("found unexpected end of stream") || problem.contains("did not find expected") && lineText.contains("\"") {
            notes.append(DiagnosticNote("a quote may be left open"))
        }
        let range = SpecRange(file: source.path, at: mark)
        return Diagnostic(.error, id: .yamlSyntax, message, at: range, notes: notes, fixIt: fixIt)
    }

    /// `text: String(format: "%d", m)` with the error at the label's ':' (1-based `column`) ->
    /// `text: 'String(format: "%d", m)'`: the value is quoted when the ':' is inside a call's open
    /// parenthesis; nil otherwise.
    static func quotedLabeledCall(_ line: String, at column: Int) -> String? {
        guard let colon = line.range(of: ": ") else { return nil }
        let key = line[..<colon.lowerBound].drop { $0 == " " || $0 == "-" }
        let value = line[colon.upperBound...]
        let keyLength = line.distance(from: line.startIndex, to: colon.upperBound)
        guard column - 1 > keyLength, !value.hasPrefix("'"), !value.hasPrefix("\""), !value.hasPrefix("{"), !value.hasPrefix("[") else { return nil }
        let beforeError = value.prefix(column - 1 - keyLength)
        guard beforeError.filter({ $0 == "(" }).count > beforeError.filter({ $0 == ")" }).count else { return nil }
        let expression = value.trimmingCharacters(in: " ")
        return "\(key): '\(expression.replacingOccurrences(of: "'", with: "''"))'"
    }

    /// The text on `line` from its indentation (and any '- ') up to `column` (1-based, in characters).
    static func keyBeforeColumn(_ line: String, _ column: Int) -> Substring {
        let upTo = line.prefix(max(column - 1, 0))
        return upTo.drop { $0 == " " || $0 == "-" }
    }

    /// `key: "Size: \(n) pt"` -> `key: '"Size: \(n) pt"'` (the expression was meant as a string
    /// literal), `key: "\"a\(n)\""` -> `key: '"a\(n)"'`; nil when the line does not look like that.
    static func singleQuoted(_ line: String) -> String? {
        guard let colon = line.range(of: ": \"") else { return nil }
        let key = line[..<colon.lowerBound].trimmingCharacters(in: " ").drop { $0 == "-" || $0 == " " }
        let inner = line[colon.upperBound...]
        // The closing quote is the last one, followed by nothing or a comment.
        guard let close = inner.lastIndex(of: "\"") else { return nil }
        let rest = inner[inner.index(after: close)...].drop { $0 == " " || $0 == "\t" }
        guard rest.isEmpty || rest.hasPrefix("#") else { return nil }
        var body = String(inner[..<close])
        if body.hasPrefix("\\\"") && body.hasSuffix("\\\"") {
            body = body.replacingOccurrences(of: "\\\"", with: "\"")
        } else {
            body = "\"" + body + "\""
        }
        return "\(key): '\(body.replacingOccurrences(of: "'", with: "''"))'"
    }

    /// `set: { xs: xs + [x], n: n + 1 }` with the error at the `[` (1-based `column`) ->
    /// `set: { xs: "xs + [x]", n: n + 1 }`: the value of the flow mapping's entry holding that
    /// column, quoted up to the ',' that ends it (not one inside brackets, parentheses or quotes)
    /// or the closing '}', the other entries as they were; nil when there is none.
    static func quotedFlowValue(_ line: String, at column: Int) -> String? {
        let chars = Array(line)
        guard column - 1 < chars.count, let open = chars[..<(column - 1)].lastIndex(of: "{"),
              let close = chars.lastIndex(of: "}"), close > column - 1, column - 2 > open + 1 else { return nil }
        // The entry's value starts after the last ": " before the column.
        guard let colon = (open + 1..<(column - 2)).last(where: { chars[$0] == ":" && chars[$0 + 1] == " " }) else { return nil }
        let valueStart = colon + 2
        var end = valueStart, depth = 0
        var quote: Character?
        while end < close {
            let c = chars[end]
            if let q = quote {
                if c == q { quote = nil }
            } else if c == "\"" || c == "'" {
                quote = c
            } else if "([{".contains(c) {
                depth += 1
            } else if ")]}".contains(c) {
                depth -= 1
            } else if c == ",", depth == 0 {
                break
            }
            end += 1
        }
        let value = String(chars[valueStart..<end]).trimmingCharacters(in: " ")
        guard !value.isEmpty else { return nil }
        let q = value.contains("\"") ? "'" : "\""
        let prefix = String(chars[..<valueStart]).drop { $0 == " " || $0 == "-" }
        let rest = String(chars[end...close])
        return "\(prefix)\(q)\(value)\(q)\(rest.hasPrefix(",") ? rest : " " + rest.drop { $0 == " " })"
    }

    /// `key: !a && b` -> `key: "!a && b"`, or nil when the value does not start with `!`.
    static func quotedBangValue(_ line: String) -> String? {
        guard let colon = line.range(of: ": ") else { return nil }
        let value = line[colon.upperBound...].trimmingCharacters(in: " ")
        guard value.hasPrefix("!"), !value.contains("\"") else { return nil }
        let key = line[..<colon.lowerBound].trimmingCharacters(in: " ").drop { $0 == "-" || $0 == " " }
        return "\(key): \"\(value)\""
    }

    /// `key: a ? b : c` -> `key: "a ? b : c"`, or nil when the line does not look like that.
    static func quotedTernary(_ line: String) -> String? {
        guard let colon = line.range(of: ": ") else { return nil }
        let key = line[..<colon.lowerBound]
        let value = line[colon.upperBound...].trimmingCharacters(in: " ")
        guard value.contains("?"), value.contains(":"), !value.hasPrefix("\""), !value.hasPrefix("'") else { return nil }
        let name = key.trimmingCharacters(in: " ")
        if !value.contains("'") { return "\(name): '\(value)'" }
        let escaped = value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        return "\(name): \"\(escaped)\""
    }
}

private extension String {
    func trimmingCharacters(in set: Character) -> String {
        var s = Substring(self)
        while s.first == set { s.removeFirst() }
        while s.last == set { s.removeLast() }
        return String(s)
    }

    func replacingOccurrences(of target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}

private extension Substring {
    func trimmingCharacters(in set: Character) -> String { String(self).trimmingCharacters(in: set) }
}

/// Builds nodes from events with an explicit stack, so depth costs no native stack. Frames are
/// mutated in place: appending to a copy of a popped frame would copy every item, each time.
///
/// Anchors and aliases (`base: &shirt { … }`, `params: { product: *shirt }`) and YAML's merge key
/// (`<<: *defaults`, the anchored mapping's keys under those written beside it) are read as the
/// value they name, written out. An alias costs what it expands to, so a few bytes cannot expand
/// into gigabytes ("a billion laughs"): all aliases of a file together expand to at most
/// ``maximumAliasNodes`` nodes, and none takes the document past ``YAMLParser/maximumDepth``.
private struct TreeBuilder {
    private struct Frame {
        var isMapping: Bool
        var start: SpecLocation
        var anchor: String?
        var items: [YAMLNode] = []
        var pairs: [(key: YAMLNode, value: YAMLNode)] = []
        var keys: [String: Int] = [:]
        var pendingKey: YAMLNode?
        /// The nodes in it, itself included, and how many levels it has.
        var size = 1
        var height = 1
    }

    /// A node an anchor names, with its size and height.
    private struct Anchored {
        var node: YAMLNode
        var size: Int
        var height: Int
    }

    /// How many nodes the aliases of one file may expand to in all.
    static let maximumAliasNodes = 10_000

    let file: String
    let source: SourceFile
    private var stack: [Frame] = []
    private var anchors: [String: Anchored] = [:]
    private var aliasNodes = 0
    private(set) var root: YAMLNode?
    private(set) var documentEnded = false

    init(file: String, source: SourceFile) {
        self.file = file
        self.source = source
    }

    mutating func consume(_ event: YAMLEvent) -> Diagnostic? {
        let range = SpecRange(file: file, start: event.start, end: event.end)
        switch event.kind {
        case .streamStart, .documentStart, .streamEnd:
            return nil
        case .documentEnd:
            documentEnded = true
            return nil
        case .alias(let name):
            if stack.contains(where: { $0.anchor == name }) {
                return Diagnostic(id: .yamlAlias, "'*\(name)' is inside the value '&\(name)' names: a value cannot hold itself", at: range)
            }
            guard let anchored = anchors[name] else {
                return Diagnostic(id: .yamlAlias, "'*\(name)' names no anchor: an alias names an anchor ('&\(name)') written before it", at: range)
            }
            aliasNodes += anchored.size
            guard aliasNodes <= Self.maximumAliasNodes else {
                return Diagnostic(id: .yamlAlias, "the aliases expand to more than \(Self.maximumAliasNodes) nodes; write the values out", at: range)
            }
            // A scalar is no level of its own, as written-out text counts only collections.
            guard stack.count + anchored.height - 1 <= YAMLParser.maximumDepth else {
                return Diagnostic(id: .yamlDepth, "the document nests deeper than \(YAMLParser.maximumDepth) levels", at: range)
            }
            return add(anchored.node, size: anchored.size, height: anchored.height)
        case .scalar(let scalar, let anchor):
            let node = YAMLNode(.scalar(scalar), range: range)
            if let anchor { anchors[anchor] = Anchored(node: node, size: 1, height: 1) }
            return add(node, size: 1, height: 1)
        case .sequenceStart(let anchor, let tag), .mappingStart(let anchor, let tag):
            if let tag { return Diagnostic(id: .yamlTag, "YAML tags such as '\(tag)' are not supported in specs", at: range) }
            guard stack.count < YAMLParser.maximumDepth else {
                return Diagnostic(id: .yamlDepth, "the document nests deeper than \(YAMLParser.maximumDepth) levels", at: range)
            }
            var isMapping = false
            if case .mappingStart = event.kind { isMapping = true }
            stack.append(Frame(isMapping: isMapping, start: event.start, anchor: anchor))
            return nil
        case .sequenceEnd, .mappingEnd:
            guard var frame = stack.popLast() else { return nil }
            if frame.isMapping, let problem = merge(&frame) { return problem }
            let kind: YAMLNode.Kind = frame.isMapping ? .mapping(frame.pairs) : .sequence(frame.items)
            let node = YAMLNode(kind, range: SpecRange(file: file, start: frame.start, end: event.end))
            if let anchor = frame.anchor { anchors[anchor] = Anchored(node: node, size: frame.size, height: frame.height) }
            return add(node, size: frame.size, height: frame.height)
        }
    }

    /// YAML's merge key: `<<: *base` (or `<<: [*a, *b]`, the first naming a key winning) adds the
    /// anchored mapping's pairs whose keys the mapping does not write itself.
    private func merge(_ frame: inout Frame) -> Diagnostic? {
        guard let k = frame.pairs.firstIndex(where: { $0.key.scalar?.value == "<<" && $0.key.scalar?.style == .plain }) else { return nil }
        let value = frame.pairs[k].value
        frame.pairs.remove(at: k)
        let sources: [YAMLNode]
        switch value.kind {
        case .mapping: sources = [value]
        case .sequence(let items) where items.allSatisfy({ $0.mapping != nil }): sources = items
        default:
            return Diagnostic(id: .yamlAlias, "a merge key '<<' takes a mapping, or a list of mappings, such as '<<: *defaults'", at: value.range)
        }
        var written = Set(frame.pairs.compactMap { $0.key.string })
        var merged: [(key: YAMLNode, value: YAMLNode)] = []
        for source in sources {
            for pair in source.mapping ?? [] {
                guard let name = pair.key.string, written.insert(name).inserted else { continue }
                merged.append(pair)
            }
        }
        frame.pairs.insert(contentsOf: merged, at: k)
        return nil
    }

    private mutating func add(_ node: YAMLNode, size: Int, height: Int) -> Diagnostic? {
        guard !stack.isEmpty else {
            root = node
            return nil
        }
        let top = stack.count - 1
        stack[top].size += size
        stack[top].height = max(stack[top].height, height + 1)
        guard stack[top].isMapping else {
            stack[top].items.append(node)
            return nil
        }
        guard let key = stack[top].pendingKey else {
            stack[top].pendingKey = node
            return nil
        }
        stack[top].pendingKey = nil
        if let text = key.string {
            if let first = stack[top].keys[text] {
                return Diagnostic(id: .duplicateKey, "duplicate key '\(text)'", at: key.range,
                                  notes: [DiagnosticNote("first written here", at: stack[top].pairs[first].key.range)])
            }
            stack[top].keys[text] = stack[top].pairs.count
        }
        stack[top].pairs.append((key, node))
        return nil
    }
}
